/**
 * An order's portions leave the cart it was checked out from, once: when the restaurant accepts it
 * or the customer confirms sending it; only those still there since the checkout (0043, 0053).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderCarts, orderItems, orders } from "../../../database/schema.ts";
import { cartCount, lineKey, withoutOrdered } from "../cart/cart.ts";
import { changeCart } from "../cart/cart.server.ts";

/** Remembers cart `cartId` as the one order `orderId` was checked out from, with the portions it took. */
export async function linkOrderToCart(
  db: Pick<Database, "insert">,
  orderId: number,
  cartId: string,
  lines: readonly { menu_item_id: string; level: number | null; jumlah: number }[],
): Promise<void> {
  const owed: Record<string, number> = {};
  for (const line of lines) {
    const key = lineKey({ id: line.menu_item_id, level: line.level });
    owed[key] = (owed[key] ?? 0) + line.jumlah;
  }
  await db.insert(orderCarts).values({ order_id: orderId, cart_id: cartId, owed }).onConflictDoNothing();
}

/**
 * Takes order `code`'s portions still owed out of its cart, the first time only (the link is
 * claimed by deleting it). Returns the cart's new count, or null when there was nothing left to do.
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
  const ordered = link.owed
    ? Object.entries(link.owed).map(([key, jumlah]) => ({ key, jumlah }))
    : await orderedPortions(db, link.order_id);
  const changed = await changeCart(db, link.cart_id, (lines) => withoutOrdered(lines, ordered));
  return changed.ok ? { count: cartCount(changed.lines), version: changed.version } : null;
}

/** The order's lines as portions per line key (links from before `owed` was kept). */
async function orderedPortions(db: Database, orderId: number) {
  const items = await db
    .select({ id: orderItems.menu_item_id, level: orderItems.level, jumlah: orderItems.jumlah })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId));
  return items.flatMap((item) =>
    item.id ? [{ key: lineKey({ id: item.id, level: item.level }), jumlah: item.jumlah }] : [],
  );
}
