/**
 * The stored lines and discounts of a page of orders, read in the order written, and an order's
 * discounts written (docs/decisions/0020-live-orders.md).
 */
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

/** Stores the promotions that priced an order, their titles as they are now. */
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
