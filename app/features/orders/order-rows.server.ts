/** The stored lines and discounts of a page of orders, in the order they were written (docs/decisions/0020-live-orders.md). */
import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderDiscounts, orderItems } from "../../../database/schema.ts";

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
