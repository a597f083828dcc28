/**
 * Figures from the orders: the 30-day report (/admin/laporan) and today's summary on the
 * dashboard, both in the store's calendar. Sales are the orders the restaurant took up
 * (CONFIRMED_STATUSES); an order still "baru" may never have been sent.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, min, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderDiscounts, orderItems, orders } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { startOfZonedDay, zonedDateString } from "../store/opening-hours.ts";
import { ACTIVE_STATUSES, CONFIRMED_STATUSES } from "./order-status.ts";

export interface ReportDay {
  /** `YYYY-MM-DD` in the store's calendar. */
  date: string;
  /** Orders the restaurant took up (CONFIRMED_STATUSES: diterima, dimasak, siap, selesai). */
  orders: number;
  /** Sum of the totals of the confirmed orders: what customers paid, net of promotions. */
  revenue: number;
  /** Orders still "baru": recorded at checkout, not (yet) confirmed; maybe never sent. */
  unconfirmed: number;
  /**
   * Orders cancelled by the restaurant ("batal"). One the customer replaced, and one cleared as
   * never sent, is not counted.
   */
  cancelled: number;
}

interface ReportItem {
  nama: string;
  jumlah: number;
  revenue: number;
}

/** What one promotion took off the confirmed orders of the window. */
interface ReportDiscount {
  /** The promo's title as it was at the latest checkout it priced. */
  title: string;
  orders: number;
  amount: number;
}

interface OrderReport {
  days: ReportDay[];
  /** From confirmed orders only. */
  bestSellers: ReportItem[];
  /** Per promotion, from confirmed orders only; the largest first. */
  discounts: ReportDiscount[];
  /** Sum of the confirmed orders' subtotals (before promotions). */
  totalGross: number;
  totalDiscount: number;
  totalOrders: number;
  totalRevenue: number;
  totalUnconfirmed: number;
  totalCancelled: number;
}

/**
 * Orders and revenue per day for the last `dayCount` days (today included, the store's
 * calendar), and the ten best-selling items by quantity. Sales are the confirmed orders
 * (CONFIRMED_STATUSES); orders still "baru" and cancelled ones are counted apart, bring no
 * revenue and sell nothing. An order the customer replaced by a changed one before sending it
 * (record-order.server.ts) is not counted at all: the one that replaced it is; nor is one the
 * restaurant cleared as never sent (board.server.ts).
 */
export async function orderReport(
  db: Database,
  timezone: string,
  now: Date = storeDate(),
  dayCount = 30,
): Promise<OrderReport> {
  const today = zonedDateString(now, timezone);
  const start = startOfZonedDay(today, timezone, -(dayCount - 1));
  const end = startOfZonedDay(today, timezone, 1);
  const inWindow = and(gte(orders.created_at, start), lt(orders.created_at, end));
  const confirmed = inArray(orders.status, [...CONFIRMED_STATUSES]);

  // Days are counted in the store's calendar. Indonesia's zones have fixed offsets, so the
  // offset at `now` applies to the whole window; the database's own time zone data is not used
  // (PGlite and PostgreSQL servers may differ in what they ship).
  const offsetSeconds =
    (Date.parse(`${today}T00:00:00Z`) - startOfZonedDay(today, timezone).getTime()) / 1000;
  const day = sql<string>`to_char((${orders.created_at} at time zone 'UTC') + make_interval(secs => ${offsetSeconds}::double precision), 'YYYY-MM-DD')`;
  const perDay = await db
    .select({
      date: day,
      orders: sql<number>`(count(*) filter (where ${confirmed}))::double precision`,
      revenue: sql<number>`coalesce(sum(${orders.total}) filter (where ${confirmed}), 0)::double precision`,
      unconfirmed: sql<number>`(count(*) filter (where ${orders.status} = 'baru'))::double precision`,
      cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'batal' and ${orders.replaced_by} is null and not ${orders.cleared_unsent}))::double precision`,
    })
    .from(orders)
    .where(inWindow)
    .groupBy(sql`1`);
  const days = new Map<string, ReportDay>();
  for (let index = 0; index < dayCount; index++) {
    const date = zonedDateString(startOfZonedDay(today, timezone, index - (dayCount - 1)), timezone);
    days.set(date, { date, orders: 0, revenue: 0, unconfirmed: 0, cancelled: 0 });
  }
  for (const row of perDay) {
    const entry = days.get(row.date);
    if (entry)
      Object.assign(entry, {
        orders: Number(row.orders),
        revenue: Number(row.revenue),
        unconfirmed: Number(row.unconfirmed),
        cancelled: Number(row.cancelled),
      });
  }

  const bestSellers = await db
    .select({
      nama: orderItems.nama,
      jumlah: sql<number>`sum(${orderItems.jumlah})::double precision`,
      revenue: sql<number>`sum(${orderItems.subtotal})::double precision`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(inWindow, confirmed))
    .groupBy(orderItems.nama)
    .orderBy(desc(sql`sum(${orderItems.jumlah})`), asc(orderItems.nama))
    .limit(10);

  // A promo is one row even if its title was edited; a deleted promo's lines stay by their title.
  const promoKey = sql`coalesce(${orderDiscounts.promo_id}::text, 'judul:' || ${orderDiscounts.title})`;
  const discountRows = await db
    .select({
      title: sql<string>`(array_agg(${orderDiscounts.title} order by ${orderDiscounts.id} desc))[1]`,
      orders: sql<number>`count(distinct ${orderDiscounts.order_id})::double precision`,
      amount: sql<number>`sum(${orderDiscounts.amount})::double precision`,
    })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.order_id))
    .where(and(inWindow, confirmed))
    .groupBy(promoKey)
    .orderBy(desc(sql`sum(${orderDiscounts.amount})`));
  const [gross] = await db
    .select({ sum: sql<number>`coalesce(sum(${orders.subtotal}), 0)::double precision` })
    .from(orders)
    .where(and(inWindow, confirmed));

  const list = [...days.values()];
  const sum = (field: "orders" | "revenue" | "unconfirmed" | "cancelled") =>
    list.reduce((total, entry) => total + entry[field], 0);
  return {
    days: list,
    bestSellers: bestSellers.map((item) => ({
      ...item,
      jumlah: Number(item.jumlah),
      revenue: Number(item.revenue),
    })),
    discounts: discountRows.map((row) => ({
      ...row,
      orders: Number(row.orders),
      amount: Number(row.amount),
    })),
    totalGross: Number(gross?.sum ?? 0),
    totalDiscount: discountRows.reduce((total, row) => total + Number(row.amount), 0),
    totalOrders: sum("orders"),
    totalRevenue: sum("revenue"),
    totalUnconfirmed: sum("unconfirmed"),
    totalCancelled: sum("cancelled"),
  };
}

export interface TodaySummary {
  /** Orders recorded today (store calendar), cancelled ones left out. */
  orders: number;
  /** Revenue of today's confirmed orders. */
  revenue: number;
  /** Orders the kitchen still has to finish (baru, diterima, dimasak, siap), whenever recorded. */
  waiting: number;
  /** When the longest-waiting of them was recorded (ISO), or null. */
  oldestWaitingSince: string | null;
}

/** The dashboard's order figures at `now`. */
export async function todaySummary(
  db: Database,
  timezone: string,
  now: Date = storeDate(),
): Promise<TodaySummary> {
  const today = zonedDateString(now, timezone);
  const confirmed = inArray(orders.status, [...CONFIRMED_STATUSES]);
  const [[day], [active]] = await Promise.all([
    db
      .select({
        orders: sql<number>`(count(*) filter (where ${orders.status} <> 'batal'))::double precision`,
        revenue: sql<number>`coalesce(sum(${orders.total}) filter (where ${confirmed}), 0)::double precision`,
      })
      .from(orders)
      .where(
        and(
          gte(orders.created_at, startOfZonedDay(today, timezone)),
          lt(orders.created_at, startOfZonedDay(today, timezone, 1)),
        ),
      ),
    db
      .select({ waiting: count(), oldest: min(orders.created_at) })
      .from(orders)
      .where(inArray(orders.status, [...ACTIVE_STATUSES])),
  ]);
  return {
    orders: Number(day?.orders ?? 0),
    revenue: Number(day?.revenue ?? 0),
    waiting: active?.waiting ?? 0,
    oldestWaitingSince: active?.oldest ? new Date(active.oldest).toISOString() : null,
  };
}
