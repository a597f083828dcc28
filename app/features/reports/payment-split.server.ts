// Sales by payment method and paid state, from the triggers' hour totals; confirmed orders only (0032, 0040).
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderHourTotals } from "../../../database/schema.ts";
import type { PaymentMethod } from "../payments/payment-labels.ts";

export interface PaymentSplitRow {
  /** null: orders from before payment methods. */
  method: PaymentMethod | null;
  paid: boolean;
  orders: number;
  revenue: number;
}

export async function paymentSplit(db: Database, start: Date, end: Date): Promise<PaymentSplitRow[]> {
  const rows = await db
    .select({
      method: orderHourTotals.method,
      paid: orderHourTotals.paid,
      orders: sql<number>`sum(${orderHourTotals.orders})::double precision`,
      revenue: sql<number>`sum(${orderHourTotals.revenue})::double precision`,
    })
    .from(orderHourTotals)
    .where(
      and(
        eq(orderHourTotals.outcome, "confirmed"),
        gte(orderHourTotals.hour, start),
        lt(orderHourTotals.hour, end),
      ),
    )
    .groupBy(orderHourTotals.method, orderHourTotals.paid)
    .having(sql`sum(${orderHourTotals.orders}) > 0`)
    .orderBy(orderHourTotals.method, orderHourTotals.paid);
  return rows.map((row) => ({
    method: (row.method || null) as PaymentMethod | null,
    paid: row.paid,
    orders: Number(row.orders),
    revenue: Number(row.revenue),
  }));
}
