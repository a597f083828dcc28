// What the promos' "who" knows of a signed-in customer, read after their row is locked (0028).
import { and, count, eq, isNotNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderDiscounts, orders, users } from "../../../database/schema.ts";
import { GUEST, type CustomerFacts } from "./adjustments.ts";

type Reader = Pick<Database, "select">;

// Leaves out `replacing` (the order this checkout cancels); `before`: only earlier orders (an edit).
export async function getCustomerFacts(
  db: Reader,
  userId: string | null,
  { replacing = null, before = null }: { replacing?: number | null; before?: Date | null } = {},
): Promise<CustomerFacts> {
  if (!userId) return GUEST;
  const counted = and(
    eq(orders.user_id, userId),
    ne(orders.status, "batal"),
    replacing === null ? undefined : ne(orders.id, replacing),
    before === null ? undefined : lt(orders.created_at, before),
  );
  const [[previous], uses] = await Promise.all([
    db.select({ n: count() }).from(orders).where(counted),
    db
      .select({ promoId: orderDiscounts.promo_id, n: sql<number>`count(distinct ${orders.id})::integer` })
      .from(orderDiscounts)
      .innerJoin(orders, eq(orders.id, orderDiscounts.order_id))
      .where(and(counted, isNotNull(orderDiscounts.promo_id)))
      .groupBy(orderDiscounts.promo_id),
  ]);
  return {
    signedIn: true,
    previousOrders: previous?.n ?? 0,
    uses: Object.fromEntries(uses.map((row) => [row.promoId!, Number(row.n)])),
  };
}

// Two checkouts of one account are priced one after the other: their facts are read after this lock.
export async function lockCustomer(tx: Reader, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}
