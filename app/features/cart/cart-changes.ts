// The cart's changes over the current menu, pure; cart.server.ts applies them under the cart's lock (0018).
import type { CartEdits } from "./cart-form.server.ts";
import { CART_MESSAGES } from "./cart-messages.ts";
import {
  addItem,
  lineKey,
  MAX_LINES,
  MAX_QUANTITY,
  removeItem,
  setNote,
  setQuantity,
  switchLevel,
  type CartLine,
  type CatalogEntry,
} from "./cart.ts";

export interface CartRefusal {
  ok: false;
  status: 400 | 404 | 409;
  message: string;
}

export const refuse = (status: CartRefusal["status"], message: string): CartRefusal => ({
  ok: false,
  status,
  message,
});

function memberAt(
  catalog: ReadonlyMap<string, CatalogEntry>,
  item: CatalogEntry,
  level: number | undefined,
): CatalogEntry | CartRefusal {
  if (level === undefined || level === item.level) return item;
  if (!item.level_family) return refuse(400, CART_MESSAGES.levelNotAllowed(item.nama));
  for (const entry of catalog.values()) {
    if (entry.level_family === item.level_family && entry.level === level) return entry;
  }
  return refuse(400, CART_MESSAGES.levelUnknown(item.level_family, level));
}

export function levelMember(
  catalog: ReadonlyMap<string, CatalogEntry>,
  menuItemId: string,
  level: number | undefined,
): CatalogEntry | null {
  const card = catalog.get(menuItemId);
  const member = card ? memberAt(catalog, card, level) : null;
  return member && !("ok" in member) ? member : null;
}

export function addToLines(
  lines: CartLine[],
  catalog: ReadonlyMap<string, CatalogEntry>,
  menuItemId: string,
  chosenLevel: number | undefined,
): CartLine[] | CartRefusal {
  const card = catalog.get(menuItemId);
  if (!card) return refuse(404, CART_MESSAGES.unknownItem);
  const item = memberAt(catalog, card, chosenLevel);
  if ("ok" in item) return item;
  if (!item.tersedia) return refuse(409, CART_MESSAGES.soldOut(item.nama));
  const level = item.level ?? undefined;
  const key = lineKey({ id: item.id, level });
  const existing = lines.find((line) => lineKey(line) === key);
  if (!existing && lines.length >= MAX_LINES) return refuse(400, CART_MESSAGES.full);
  if (existing && existing.jumlah >= MAX_QUANTITY) return refuse(400, CART_MESSAGES.atMost(item.nama));
  return addItem(lines, { id: item.id, nama: item.nama, harga: item.harga, level });
}

// In the order a customer means them: the button's own change on the lines as drawn, then the notes, then
// the levels; keys no longer in the cart (changed in another tab) are passed over.
export function applyEdits(
  lines: CartLine[],
  catalog: ReadonlyMap<string, CatalogEntry>,
  edits: CartEdits,
): CartLine[] | CartRefusal {
  let next = lines;
  if (edits.quantity) next = setQuantity(next, edits.quantity.key, edits.quantity.jumlah);
  if (edits.remove) next = removeItem(next, edits.remove);
  for (const [key, catatan] of edits.notes) next = setNote(next, key, catatan);
  for (const [key, level] of edits.levels) {
    const line = next.find((entry) => lineKey(entry) === key);
    if (!line || line.level === level) continue;
    const current = catalog.get(line.id);
    if (!current) continue; // gone from the menu: the cart page drops it with a notice
    const member = memberAt(catalog, current, level);
    if ("ok" in member) return member;
    if (!member.tersedia) return refuse(409, CART_MESSAGES.soldOut(member.nama));
    next = switchLevel(next, key, { id: member.id, nama: member.nama, harga: member.harga, level });
  }
  return next;
}
