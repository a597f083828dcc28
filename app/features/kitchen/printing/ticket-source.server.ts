// An order as its tickets need it, read by its code (0037).
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../../database/client.server.ts";
import { orderDiscounts, orderItems, orders } from "../../../../database/schema.ts";
import { isOrderCode, normalizeOrderCode } from "../../orders/order-code.ts";
import type { TicketSource } from "./ticket-order.ts";

export async function findOrderId(db: Database, rawCode: string): Promise<number | null> {
  const code = normalizeOrderCode(rawCode);
  if (!isOrderCode(code)) return null;
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.code, code)).limit(1);
  return row?.id ?? null;
}

export async function loadTicketSource(db: Database, orderId: number): Promise<TicketSource | null> {
  const [[order], items, discounts] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, orderId)).limit(1),
    db.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(asc(orderItems.id)),
    db
      .select({ title: orderDiscounts.title, amount: orderDiscounts.amount })
      .from(orderDiscounts)
      .where(eq(orderDiscounts.order_id, orderId))
      .orderBy(asc(orderDiscounts.id)),
  ]);
  return order ? { ...order, items, discounts } : null;
}
