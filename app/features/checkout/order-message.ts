/**
 * The checkout's WhatsApp text, pure: every value placed in a line passes `singleLine` here
 * (through `field()`), so no field can add a line such as a fake "Total"
 * (docs/decisions/0017-input-limits-and-edges.md).
 */
import { formatRupiah } from "../../lib/format.ts";
import { singleLine } from "../../lib/single-line.ts";
import { orderLineLevel } from "../orders/order-line-level.ts";

export interface OrderLine {
  nama: string;
  harga: number;
  jumlah: number;
  /** Spice level 0–5, for dishes that take one. */
  level?: number | null;
  /** The customer's note for the kitchen (at most 100 characters). */
  catatan?: string;
}

interface OrderMessageOptions {
  /** The recorded order's code (`NY-7K3Q`); always kept, however long the cart. */
  code?: string;
  /** The customer's name. */
  customerName?: string | null;
  /**
   * The customer's details from checkout, one line each (`WhatsApp: …`, `Cara: …`, `Alamat: …`,
   * `Waktu: …`): always kept, like the code (order-details.ts writes them).
   */
  details?: readonly string[];
  /** Said when the order comes in while the store is closed (opening-hours.ts). */
  closedNote?: string;
  /** The order page's address (with its secret); always kept, on the last line. */
  link?: string;
  /** The promotions that priced the order (title as it was, whole rupiah off). */
  discounts?: readonly { title: string; amount: number }[];
  /** This browser's earlier order: `replaces` (cancelled by this one) or `follows` (it stays). */
  earlier?: { replaces: string | null; follows: string | null };
}

/** The line under the code that ties an order to this customer's earlier one, or null. */
export function earlierOrderLine(earlier: OrderMessageOptions["earlier"]): string | null {
  if (earlier?.replaces) return `Menggantikan pesanan ${field(earlier.replaces)}.`;
  if (earlier?.follows) return `Pesanan tambahan: pesanan ${field(earlier.follows)} tetap berjalan.`;
  return null;
}

/**
 * Longest checkout text, in UTF-16 code units (≥ the characters a person counts). Long links
 * fail in some phones' WhatsApp and in-app browsers; the full order is on the server anyway.
 */
export const MESSAGE_BUDGET = 1500;

const orderTotal = (lines: readonly OrderLine[]) =>
  lines.reduce((sum, line) => sum + line.harga * line.jumlah, 0);

/** A value from outside, as it may appear inside one line of the message. */
const field = (value: string | null | undefined) => singleLine(value ?? "");

function itemLines(line: OrderLine, withNote: boolean): string[] {
  const result = [`${line.jumlah}x ${field(line.nama)} — ${formatRupiah(line.harga * line.jumlah)}`];
  // The name says the level ("Mie Nyala Level 2"): the line under it says how hot.
  const level = orderLineLevel(line.nama, line.level ?? null);
  if (level) result.push(`   ${level}`);
  const note = withNote ? field(line.catatan) : "";
  if (note) result.push(`   Catatan: ${note}`);
  return result;
}

/**
 * The cart's checkout text: a greeting, the order code, one line per item (with its spice level
 * and note), then the total, the customer's name and details (number, how, where, when),
 * outside opening hours when it will be processed, and the order page's link. Kept within
 * MESSAGE_BUDGET: a long cart first loses its notes, then its last items become one summary
 * line; the greeting, the code, the total, the details and the link always stay.
 */
export function orderMessage(
  brand: string,
  lines: readonly OrderLine[],
  options: OrderMessageOptions = {},
): string {
  const code = field(options.code);
  const customerName = field(options.customerName);
  const closedNote = field(options.closedNote);
  const head = [`Halo ${field(brand)}, saya ingin memesan:`];
  if (code) head.push(`Kode pesanan: ${code}`);
  const earlier = earlierOrderLine(options.earlier);
  if (earlier) head.push(earlier);
  const discounts = options.discounts ?? [];
  const subtotal = orderTotal(lines);
  const off = discounts.reduce((sum, entry) => sum + entry.amount, 0);
  // With promotions: the lines' sum, each promo and what it takes off, then what is paid.
  const tail =
    discounts.length === 0
      ? [`Total: ${formatRupiah(subtotal)}`]
      : [
          `Subtotal: ${formatRupiah(subtotal)}`,
          ...discounts.map((entry) => `Promo ${field(entry.title)}: -${formatRupiah(entry.amount)}`),
          `Total: ${formatRupiah(Math.max(0, subtotal - off))}`,
        ];
  if (customerName) tail.push(`Atas nama: ${customerName}`);
  // Details and the link pass through the same one-line rule as every other field.
  for (const line of options.details ?? []) if (field(line)) tail.push(field(line));
  if (closedNote) tail.push(closedNote);
  const link = field(options.link);
  if (link) tail.push(`Lihat pesanan: ${link}`);
  const compose = (body: string[]) => [...head, ...body, ...tail].join("\n");
  const fits = (text: string) => text.length <= MESSAGE_BUDGET;
  const where = code ? `pesanan ${code}` : "keranjang";

  const full = compose(lines.flatMap((line) => itemLines(line, true)));
  if (fits(full)) return full;

  const withoutNotes = lines.flatMap((line) => itemLines(line, false));
  const hadNotes = lines.some((line) => field(line.catatan));
  const noteHint = hadNotes ? [`(Catatan tiap menu tersimpan di ${where}.)`] : [];
  const shorter = compose([...withoutNotes, ...noteHint]);
  if (fits(shorter)) return shorter;

  // Items in order while they fit, then one line for the rest.
  const body: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const rest = lines.slice(index);
    const summary = `…dan ${rest.length} menu lainnya — ${formatRupiah(orderTotal(rest))} (rincian lengkap di ${where})`;
    const next = itemLines(lines[index]!, false);
    const restAfter = lines.slice(index + 1);
    const summaryAfter = restAfter.length
      ? [
          `…dan ${restAfter.length} menu lainnya — ${formatRupiah(orderTotal(restAfter))} (rincian lengkap di ${where})`,
        ]
      : [];
    if (!fits(compose([...body, ...next, ...summaryAfter]))) {
      return clip(compose([...body, summary]), tail.length);
    }
    body.push(...next);
  }
  return clip(compose(body), tail.length);
}

/**
 * Last resort for absurd names: cut the body at the budget, keeping the head (greeting and code)
 * and, when it fits, the tail (total, details, link). Only a tail past the budget on its own is cut.
 */
function clip(text: string, tailLines = 0): string {
  if (text.length <= MESSAGE_BUDGET) return text;
  const all = text.split("\n");
  const tail = tailLines > 0 ? all.slice(-tailLines).join("\n") : "";
  const head = all.slice(0, all.length - tailLines).join("\n");
  const room = MESSAGE_BUDGET - tail.length - (tail ? 2 : 1);
  if (room < 40) return `${text.slice(0, MESSAGE_BUDGET - 1)}…`;
  return `${head.slice(0, room)}…${tail ? `\n${tail}` : ""}`;
}
