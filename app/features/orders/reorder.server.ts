/**
 * "Pesan lagi": a past order's lines back into the account's cart through the cart's own change;
 * the cart page then says what changed since (docs/decisions/0021-order-page-links.md).
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderItems, orders } from "../../../database/schema.ts";
import { cartCount, mergeCarts, normalizeNote, type CartLine } from "../cart/cart.ts";
import { changeCart } from "../cart/cart.server.ts";
import { ensureCart, readCartOwner } from "../cart/cart-owner.server.ts";
import { isOrderCode } from "./order-code.ts";

export const REORDER_MESSAGES = {
  notFound: "Pesanan tidak ditemukan.",
  gone: (names: string[]) => `${names.join(", ")} sudah tidak ada di menu dan tidak masuk keranjang.`,
  nothing: "Menu pesanan ini sudah tidak ada di menu.",
} as const;

type Reordered =
  | { ok: true; count: number; version: number; gone: string[] }
  | { ok: false; status: 400 | 404 | 409 | 429; message: string };

/** Adds order `code` of account `userId` to that account's cart. */
export async function reorderIntoCart(
  db: Database,
  request: Request,
  userId: string,
  code: string,
): Promise<Reordered> {
  const notFound = { ok: false as const, status: 404 as const, message: REORDER_MESSAGES.notFound };
  if (!isOrderCode(code)) return notFound;
  // Only the account's own orders: another's code reads as unknown.
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.user_id, userId)))
    .limit(1);
  if (!order) return notFound;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, order.id))
    .orderBy(asc(orderItems.id));
  const again: CartLine[] = items.flatMap((item) => {
    if (!item.menu_item_id) return [];
    const catatan = normalizeNote(item.catatan);
    return [
      {
        id: item.menu_item_id,
        nama: item.nama,
        harga: item.harga,
        jumlah: item.jumlah,
        ...(item.level === null ? {} : { level: item.level }),
        ...(catatan ? { catatan } : {}),
      },
    ];
  });
  const gone = items.filter((item) => !item.menu_item_id).map((item) => item.nama);
  if (again.length === 0) return { ok: false, status: 409, message: REORDER_MESSAGES.nothing };

  const cart = await ensureCart(db, readCartOwner(request, { id: userId }), request);
  if (!cart.ok) return { ok: false, status: 429, message: cart.message };
  const changed = await changeCart(db, cart.cartId, (lines) => mergeCarts(lines, again));
  if (!changed.ok) return { ok: false, status: changed.status, message: changed.message };
  return { ok: true, count: cartCount(changed.lines), version: changed.version, gone };
}
