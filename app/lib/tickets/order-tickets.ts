/**
 * An order's two tickets (docs/decisions/0034-printed-tickets.md): the kitchen's (what to cook,
 * for whom, how and when; no prices) and the customer's receipt (prices, promos, total, the
 * shop). The caller words the order (its labels, times in the store's zone); this lays it out.
 */
import { formatRupiah } from "../format.ts";
import type { TicketBlock } from "./ticket-layout.ts";

export interface TicketOrderLine {
  name: string;
  /** The spice level as the order shows it (`Pedas`), null for a dish without levels. */
  level: string | null;
  quantity: number;
  note: string;
  /** What the line costs, quantity included, as the order recorded it (whole rupiah). */
  amount: number;
}

export interface TicketOrder {
  code: string;
  /** When it was ordered, worded in the store's time zone (`Jumat, 27 Nov 2026, 19.42`). */
  placedAt: string;
  /** `Ambil sendiri`, `Diantar` or `Makan di tempat`; null for an order recorded without it. */
  fulfilment: string | null;
  /** `Secepatnya` or the chosen time; null as `fulfilment`. */
  when: string | null;
  /** Where a delivery goes (with its landmark), null otherwise. */
  address: string | null;
  table: string | null;
  customerName: string | null;
  lines: TicketOrderLine[];
  discounts: { title: string; amount: number }[];
  subtotal: number;
  total: number;
  /** `QRIS` and `Lunas 19.50` or `Belum dibayar`; null on orders from before payment methods. */
  payment?: { method: string; state: string } | null;
  shop: { name: string; address: string };
}

export interface TicketOptions {
  /** Printed again: the ticket says so at the top, so the kitchen does not cook the order twice. */
  reprint?: boolean;
  /** The order's version once the staff changed it: the kitchen cooks the changed order. */
  changed?: number;
}

/** Indonesian as every visible text, with the word REPRINT that kitchens look for. */
export const REPRINT_BANNER = "CETAK ULANG (REPRINT)";

/** A changed order's kitchen ticket: this one replaces the one printed before. */
export const changedBanner = (version: number) => `PESANAN DIUBAH (VERSI ${version})`;

const header = (reprint: boolean | undefined, changed?: number): TicketBlock[] => [
  ...(reprint ? [{ kind: "banner", text: REPRINT_BANNER } as const, { kind: "blank" } as const] : []),
  ...(changed ? [{ kind: "banner", text: changedBanner(changed) } as const, { kind: "blank" } as const] : []),
];

function details(order: TicketOrder): TicketBlock[] {
  const fields: [string, string | null][] = [
    ["Cara", order.fulfilment],
    ["Alamat", order.address],
    ["Waktu", order.when],
    ["Meja", order.table],
    ["Nama", order.customerName],
  ];
  return fields
    .filter(([, value]) => value)
    .map(([label, value]) => ({ kind: "text", text: `${label}: ${value}`, hang: label.length + 2 }));
}

/** The level and the note under a line, indented under its name. */
function extras(line: TicketOrderLine, indent: number): TicketBlock[] {
  const blocks: TicketBlock[] = [];
  if (line.level) blocks.push({ kind: "text", text: line.level, indent });
  if (line.note.trim()) blocks.push({ kind: "text", text: `Catatan: ${line.note}`, indent, hang: 9 });
  return blocks;
}

const quantity = (line: TicketOrderLine) => `${line.quantity}x `;

export function kitchenTicket(order: TicketOrder, { reprint, changed }: TicketOptions = {}): TicketBlock[] {
  const portions = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return [
    ...header(reprint, changed),
    { kind: "text", text: "TIKET DAPUR", bold: true, align: "center" },
    { kind: "text", text: order.code, bold: true, size: "large", align: "center" },
    { kind: "text", text: order.placedAt, align: "center" },
    { kind: "rule" },
    ...details(order),
    { kind: "rule" },
    ...order.lines.flatMap((line): TicketBlock[] => [
      {
        kind: "text",
        text: `${quantity(line)}${line.name}`,
        bold: true,
        size: "tall",
        hang: quantity(line).length,
      },
      ...extras(line, quantity(line).length),
    ]),
    { kind: "rule" },
    { kind: "text", text: `Jumlah: ${portions} item`, bold: true },
    { kind: "cut" },
  ];
}

export function customerReceipt(order: TicketOrder, { reprint }: TicketOptions = {}): TicketBlock[] {
  return [
    ...header(reprint),
    { kind: "text", text: order.shop.name, bold: true, size: "large", align: "center" },
    { kind: "text", text: order.shop.address, align: "center" },
    { kind: "rule", char: "=" },
    { kind: "text", text: `Pesanan ${order.code}`, bold: true },
    { kind: "text", text: order.placedAt },
    ...details(order),
    { kind: "rule" },
    ...order.lines.flatMap((line): TicketBlock[] => [
      {
        kind: "row",
        left: `${quantity(line)}${line.name}`,
        right: formatRupiah(line.amount),
        hang: quantity(line).length,
      },
      ...extras(line, quantity(line).length),
    ]),
    { kind: "rule" },
    { kind: "row", left: "Subtotal", right: formatRupiah(order.subtotal) },
    ...order.discounts.map((discount): TicketBlock => ({
      kind: "row",
      left: discount.title,
      right: formatRupiah(-discount.amount),
      hang: 2,
    })),
    { kind: "row", left: "TOTAL", right: formatRupiah(order.total), bold: true, size: "tall" },
    ...(order.payment
      ? [{ kind: "row", left: order.payment.method, right: order.payment.state } as const]
      : []),
    { kind: "rule", char: "=" },
    { kind: "text", text: "Terima kasih!", align: "center" },
    { kind: "cut" },
  ];
}
