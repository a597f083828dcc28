// An order worded for its tickets, in the orders' own words: the one place it becomes a `TicketOrder` (0037).
import { customerReceipt, kitchenTicket, type TicketOrder } from "~/lib/tickets/order-tickets.ts";
import type { TicketBlock } from "~/lib/tickets/ticket-layout.ts";
import type { TicketKind } from "./print-api.ts";
import { FULFILMENT_LABELS } from "../../orders/order-fields.ts";
import { addressText, whenText, type FulfilmentDetails } from "../../orders/order-details.ts";
import { orderLineLevel } from "../../orders/order-line-level.ts";
import { clockTime, formatSlot } from "../../store/order-time.ts";
import { PAYMENT_LABELS, type PaymentMethod } from "../../payments/payment-labels.ts";

export interface TicketSource extends FulfilmentDetails {
  code: string;
  customer_name: string | null;
  created_at: Date;
  subtotal: number;
  total: number;
  items: { nama: string; level: number | null; jumlah: number; catatan: string; subtotal: number }[];
  discounts: { title: string; amount: number }[];
  version?: number;
  payment_method?: PaymentMethod | null;
  paid_at?: Date | null;
}

export interface Shop {
  brand: string;
  address: string;
  timezone: string;
}

export function toTicketOrder(order: TicketSource, shop: Shop): TicketOrder {
  return {
    code: order.code,
    placedAt: formatSlot(order.created_at, shop.timezone),
    fulfilment: order.fulfilment ? FULFILMENT_LABELS[order.fulfilment] : null,
    // An order recorded before checkout asked how and when says neither.
    when: order.fulfilment ? whenText(order, shop.timezone) : null,
    address: addressText(order),
    table: order.fulfilment === "makan" ? order.table_number : null,
    customerName: order.customer_name,
    lines: order.items.map((line) => ({
      name: line.nama,
      level: orderLineLevel(line.nama, line.level),
      quantity: line.jumlah,
      note: line.catatan,
      amount: line.subtotal,
    })),
    discounts: order.discounts,
    subtotal: order.subtotal,
    total: order.total,
    payment: order.payment_method
      ? {
          method: PAYMENT_LABELS[order.payment_method],
          state: order.paid_at ? `Lunas ${clockTime(order.paid_at, shop.timezone)}` : "Belum dibayar",
        }
      : null,
    shop: { name: shop.brand, address: shop.address },
  };
}

const TICKETS = { dapur: kitchenTicket, struk: customerReceipt } as const;

export const ticketBlocks = (
  order: TicketSource,
  shop: Shop,
  kind: TicketKind,
  reprint: boolean,
): TicketBlock[] =>
  TICKETS[kind](toTicketOrder(order, shop), {
    reprint,
    ...(order.version && order.version > 1 ? { changed: order.version } : {}),
  });
