// The checkout's WhatsApp text, pure: every value in a line passes `singleLine` (through `field()`), so
// no field can add a line such as a fake "Total" (0017).
import { formatRupiah } from "../../lib/format.ts";
import { singleLine } from "../../lib/single-line.ts";
import { orderLineLevel } from "../orders/order-line-level.ts";

export interface OrderLine {
  nama: string;
  harga: number;
  jumlah: number;
  level?: number | null;
  catatan?: string;
}

interface OrderMessageOptions {
  // The code, the details and the link are always kept, however long the cart.
  code?: string;
  customerName?: string | null;
  details?: readonly string[];
  closedNote?: string;
  link?: string;
  discounts?: readonly { title: string; amount: number }[];
  earlier?: { replaces: string | null; follows: string | null };
}

export function earlierOrderLine(earlier: OrderMessageOptions["earlier"]): string | null {
  if (earlier?.replaces) return `Menggantikan pesanan ${field(earlier.replaces)}.`;
  if (earlier?.follows) return `Pesanan tambahan: pesanan ${field(earlier.follows)} tetap berjalan.`;
  return null;
}

// In UTF-16 code units: long links fail in some phones' WhatsApp and in-app browsers.
export const MESSAGE_BUDGET = 1500;

const orderTotal = (lines: readonly OrderLine[]) =>
  lines.reduce((sum, line) => sum + line.harga * line.jumlah, 0);

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

// A long cart first loses its notes, then its last items become one summary line.
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
  const tail =
    discounts.length === 0
      ? [`Total: ${formatRupiah(subtotal)}`]
      : [
          `Subtotal: ${formatRupiah(subtotal)}`,
          ...discounts.map((entry) => `Promo ${field(entry.title)}: -${formatRupiah(entry.amount)}`),
          `Total: ${formatRupiah(Math.max(0, subtotal - off))}`,
        ];
  if (customerName) tail.push(`Atas nama: ${customerName}`);
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

function clip(text: string, tailLines = 0): string {
  if (text.length <= MESSAGE_BUDGET) return text;
  const all = text.split("\n");
  const tail = tailLines > 0 ? all.slice(-tailLines).join("\n") : "";
  const head = all.slice(0, all.length - tailLines).join("\n");
  const room = MESSAGE_BUDGET - tail.length - (tail ? 2 : 1);
  if (room < 40) return `${text.slice(0, MESSAGE_BUDGET - 1)}…`;
  return `${head.slice(0, room)}…${tail ? `\n${tail}` : ""}`;
}
