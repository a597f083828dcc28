/**
 * An order's lines leave the cart it was checked out from, once: when the restaurant accepts it or
 * the customer confirms sending it (docs/decisions/0043-cart-forgets-ordered-lines.md).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderCarts, orderItems, orders } from "../../../database/schema.ts";
import { cartCount, lineKey, withoutOrdered } from "../cart/cart.ts";
import { changeCart } from "../cart/cart.server.ts";

/** Remembers cart `cartId` as the one order `orderId` was checked out from (in its recording). */
export async function linkOrderToCart(
  db: Pick<Database, "insert">,
  orderId: number,
  cartId: string,
): Promise<void> {
  await db.insert(orderCarts).values({ order_id: orderId, cart_id: cartId }).onConflictDoNothing();
}

/**
 * Takes order `code`'s portions out of its cart, the first time only (the link is claimed by
 * deleting it). Returns the cart's new count, or null when there was nothing left to do.
 */
export async function forgetOrderedLines(
  db: Database,
  code: string,
): Promise<{ count: number; version: number } | null> {
  const [link] = await db
    .delete(orderCarts)
    .where(eq(orderCarts.order_id, db.select({ id: orders.id }).from(orders).where(eq(orders.code, code))))
    .returning();
  if (!link) return null;
  const items = await db
    .select({ id: orderItems.menu_item_id, level: orderItems.level, jumlah: orderItems.jumlah })
    .from(orderItems)
    .where(eq(orderItems.order_id, link.order_id));
  const ordered = items.flatMap((item) =>
    item.id ? [{ key: lineKey({ id: item.id, level: item.level }), jumlah: item.jumlah }] : [],
  );
  const changed = await changeCart(db, link.cart_id, (lines) => withoutOrdered(lines, ordered));
  return changed.ok ? { count: cartCount(changed.lines), version: changed.version } : null;
}
