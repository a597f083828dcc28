// An order's portions leave its cart once, when the restaurant accepts it or the customer confirms
// sending it; only those still there since the checkout (0043, 0053).
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderCarts, orderItems, orders } from "../../../database/schema.ts";
import { lineKey, withoutOrdered } from "../cart/cart.ts";
import { changeCart } from "../cart/cart.server.ts";

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

// The first time only: the link is claimed by deleting it.
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
  return changed.ok ? { count: changed.count, version: changed.version } : null;
}

async function orderedPortions(db: Database, orderId: number) {
  const items = await db
    .select({ id: orderItems.menu_item_id, level: orderItems.level, jumlah: orderItems.jumlah })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId));
  return items.flatMap((item) =>
    item.id ? [{ key: lineKey({ id: item.id, level: item.level }), jumlah: item.jumlah }] : [],
  );
}
