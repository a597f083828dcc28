// Reading the cart's forms (cart-form.ts names their fields), with an Indonesian message for the rest.
import { z } from "zod";
import { LINE_KEY_PATTERN, MAX_LINES, MAX_NOTE_LENGTH, MAX_QUANTITY, normalizeNote } from "./cart.ts";
import { CART_MESSAGES } from "./cart-messages.ts";

const itemId = z
  .string({ error: CART_MESSAGES.unknownItem })
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, CART_MESSAGES.unknownItem);
const level = z
  .string({ error: CART_MESSAGES.level })
  .regex(/^[0-5]$/, CART_MESSAGES.level)
  .transform(Number);

export const AddToCartSchema = z.object({
  menu: itemId,
  level: z.preprocess((value) => (value === "" ? undefined : value), level.optional()),
  kembali: z.string().max(500).optional(),
});

export interface CartEdits {
  quantity: { key: string; jumlah: number } | null;
  remove: string | null;
  notes: [key: string, catatan: string][];
  levels: [key: string, level: number][];
}

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const readKey = (key: string) => (LINE_KEY_PATTERN.test(key) ? key : null);

// Also read by the checkout, which applies the edits first.
export function readCartEdits(form: FormData): Read<CartEdits> {
  const edits: CartEdits = { quantity: null, remove: null, notes: [], levels: [] };
  const intent = form.get("intent");
  if (typeof intent === "string" && intent.startsWith("jumlah:")) {
    const [, rawKey = "", rawJumlah = ""] = intent.split(":");
    const key = readKey(rawKey);
    if (!key) return { ok: false, message: CART_MESSAGES.unreadable };
    if (!/^\d{1,3}$/.test(rawJumlah) || Number(rawJumlah) < 1 || Number(rawJumlah) > MAX_QUANTITY) {
      return { ok: false, message: CART_MESSAGES.quantity };
    }
    edits.quantity = { key, jumlah: Number(rawJumlah) };
  } else if (typeof intent === "string" && intent.startsWith("hapus:")) {
    const key = readKey(intent.slice("hapus:".length));
    if (!key) return { ok: false, message: CART_MESSAGES.unreadable };
    edits.remove = key;
  }
  for (const [name, value] of form) {
    const [field, rawKey = ""] = name.split(/:(.*)/s);
    if (field !== "catatan" && field !== "level") continue;
    const key = readKey(rawKey);
    if (!key || typeof value !== "string") return { ok: false, message: CART_MESSAGES.unreadable };
    if (field === "catatan") {
      const note = value.length > MAX_NOTE_LENGTH * 4 ? null : normalizeNote(value);
      if (note === null || Array.from(note).length > MAX_NOTE_LENGTH) {
        return { ok: false, message: CART_MESSAGES.note };
      }
      edits.notes.push([key, note]);
    } else {
      const parsed = level.safeParse(value);
      if (!parsed.success) return { ok: false, message: CART_MESSAGES.level };
      edits.levels.push([key, parsed.data]);
    }
  }
  if (edits.notes.length > MAX_LINES || edits.levels.length > MAX_LINES) {
    return { ok: false, message: CART_MESSAGES.unreadable };
  }
  return { ok: true, value: edits };
}
