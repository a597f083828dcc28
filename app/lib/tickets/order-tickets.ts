// An order's two tickets (0034): the kitchen's (no prices) and the receipt; the caller words the order.
import { formatRupiah } from "../format.ts";
import type { TicketBlock } from "./ticket-layout.ts";

export interface TicketOrderLine {
  name: string;
  level: string | null;
  quantity: number;
  note: string;
  /** Quantity included, whole rupiah. */
  amount: number;
}

export interface TicketOrder {
  code: string;
  placedAt: string;
  fulfilment: string | null;
  when: string | null;
  address: string | null;
  table: string | null;
  customerName: string | null;
  lines: TicketOrderLine[];
  discounts: { title: string; amount: number }[];
  subtotal: number;
  total: number;
  payment?: { method: string; state: string } | null;
  shop: { name: string; address: string };
}

export interface TicketOptions {
  reprint?: boolean;
  changed?: number;
}

// With the word REPRINT that kitchens look for.
export const REPRINT_BANNER = "CETAK ULANG (REPRINT)";

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
