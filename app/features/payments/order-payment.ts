// An order's payment in words, for the message, the pages, the board and the receipt (0040); pure.
import { formatRupiah } from "../../lib/format.ts";
import type { Fulfilment } from "../../../database/types.ts";
import { PAYMENT_LABELS, type PaymentMethod } from "./payment-labels.ts";

export const PAID_INTENTS = { paid: "lunas", unpaid: "belum-lunas" } as const;

export interface OrderPaymentState {
  payment_method: PaymentMethod | null;
  paid_at: Date | string | null;
  paid_amount: number | null;
  total: number;
}

export function paymentLine(method: PaymentMethod | null): string[] {
  if (!method) return [];
  return [`Bayar: ${PAYMENT_LABELS[method]}${method === "qris" ? " (kode QR ada di halaman pesanan)" : ""}`];
}

export const paidLabel = (order: Pick<OrderPaymentState, "paid_at">) =>
  order.paid_at ? "Lunas" : "Belum dibayar";

/** Positive: the customer owes more; negative: the shop owes money back; 0 when unpaid or unchanged. */
export const paidDifference = (order: Pick<OrderPaymentState, "paid_at" | "paid_amount" | "total">) =>
  order.paid_at && order.paid_amount !== null ? order.total - order.paid_amount : 0;

export function differenceText(order: Pick<OrderPaymentState, "paid_at" | "paid_amount" | "total">) {
  const difference = paidDifference(order);
  if (difference === 0) return null;
  return difference > 0
    ? `Total berubah setelah lunas: kurang bayar ${formatRupiah(difference)}`
    : `Total berubah setelah lunas: lebih bayar ${formatRupiah(-difference)}`;
}

/** When and where cash is paid, by how the order is served. */
export function cashPaymentWhen(fulfilment: Fulfilment | null): string {
  if (fulfilment === "makan") return "di kasir, saat makan di tempat";
  if (fulfilment === "antar") return "ke kurir saat pesanan diterima";
  if (fulfilment === "ambil") return "saat mengambil pesanan";
  return "saat mengambil atau menerima pesanan";
}
