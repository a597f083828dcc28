import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderDiscounts, orderItems } from "../../../database/schema.ts";
import type { Pricing } from "../pricing/pricing.ts";

export async function linesOfOrders(db: Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.order_id, orderIds))
    .orderBy(asc(orderItems.id));
}

export async function discountsOfOrders(db: Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderDiscounts)
    .where(inArray(orderDiscounts.order_id, orderIds))
    .orderBy(asc(orderDiscounts.id));
}

// The titles as they are now: a later rename does not rewrite an order.
export async function writeDiscounts(
  db: Pick<Database, "insert">,
  orderId: number,
  discounts: Pricing["discounts"],
) {
  if (discounts.length === 0) return;
  await db.insert(orderDiscounts).values(
    discounts.map((entry) => ({
      order_id: orderId,
      promo_id: entry.promoId,
      title: entry.title,
      amount: entry.amount,
    })),
  );
}
