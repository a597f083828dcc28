// The staff's order lines as a form sends them (0039); a row without a menu, or with jumlah empty or "0", is
// no line; any other jumlah must read as 1 to 99 ("00" is refused, not a line of nothing).
import { CART_MESSAGES } from "../../cart/cart-messages.ts";
import { cleanNote, MAX_LINES, MAX_NOTE_LENGTH, MAX_QUANTITY } from "../../cart/cart.ts";
import type { OrderRequestLine } from "../../checkout/record-order.server.ts";

export const LINE_FIELDS = { menu: "menu", jumlah: "jumlah", catatan: "catatan" } as const;

export const LINE_MESSAGES = {
  empty: "Pilih paling sedikit satu menu dengan jumlahnya.",
  twice: "Satu menu dipilih dua kali: gabungkan jumlahnya dalam satu baris.",
  quantity: `Jumlah tiap baris harus 1 sampai ${MAX_QUANTITY}, atau 0 untuk menghapus baris.`,
} as const;

type LinesResult = { ok: true; lines: OrderRequestLine[] } | { ok: false; message: string };

const text = (value: FormDataEntryValue | undefined) => (typeof value === "string" ? value.trim() : "");

export function readOrderLines(form: FormData): LinesResult {
  const menus = form.getAll(LINE_FIELDS.menu).slice(0, MAX_LINES + 1);
  const amounts = form.getAll(LINE_FIELDS.jumlah);
  const notes = form.getAll(LINE_FIELDS.catatan);
  const lines: OrderRequestLine[] = [];
  for (const [index, raw] of menus.entries()) {
    const id = text(raw);
    const amount = text(amounts[index]) || "0";
    if (!id || amount === "0") continue;
    const jumlah = /^\d{1,2}$/.test(amount) ? Number(amount) : 0;
    if (jumlah < 1 || jumlah > MAX_QUANTITY) return { ok: false, message: LINE_MESSAGES.quantity };
    const note = text(notes[index]);
    if (Array.from(note).length > MAX_NOTE_LENGTH) return { ok: false, message: CART_MESSAGES.note };
    if (lines.some((line) => line.id === id)) return { ok: false, message: LINE_MESSAGES.twice };
    lines.push({ id: id.slice(0, 100), jumlah, catatan: cleanNote(note) });
  }
  if (lines.length > MAX_LINES) return { ok: false, message: CART_MESSAGES.full };
  return lines.length ? { ok: true, lines } : { ok: false, message: LINE_MESSAGES.empty };
}
