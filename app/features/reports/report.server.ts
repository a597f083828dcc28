/**
 * Figures from the orders: the 30-day report (/admin/laporan) from the hourly totals the database
 * keeps (docs/decisions/0032-report-totals.md), and today's dashboard summary, in the store's
 * calendar. Sales are CONFIRMED_STATUSES only.
 */
import { paymentSplit, type PaymentSplitRow } from "./payment-split.server.ts";
import { and, asc, count, desc, eq, gte, inArray, lt, min, or, sql, type AnyColumn } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderDiscountTotals, orderHourTotals, orderItemTotals, orders } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { startOfZonedDay, zonedDateString } from "../store/opening-hours.ts";
import { ACTIVE_STATUSES, CONFIRMED_STATUSES } from "../orders/order-status.ts";

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
  /** The confirmed orders taken by hand (_Pesanan kasir_); the rest of the sales came online. */
  kasir: { orders: number; revenue: number };
  /** Confirmed orders by payment method and paid or not (decision 0040). */
  payments: PaymentSplitRow[];
}

const DAY_MS = 24 * 3600_000;

/**
 * The item or discount totals of [start, end): the whole UTC days inside it, and the hours of
 * the UTC days it cuts at either end (the store's days begin at a UTC hour, not at midnight).
 */
function spansOf(start: Date, end: Date) {
  const firstDay = new Date(Math.ceil(start.getTime() / DAY_MS) * DAY_MS);
  const lastDay = new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS);
  return (table: typeof orderItemTotals | typeof orderDiscountTotals) =>
    or(
      and(eq(table.span, "day"), gte(table.start, firstDay), lt(table.start, lastDay)),
      and(eq(table.span, "hour"), gte(table.start, start), lt(table.start, firstDay)),
      and(eq(table.span, "hour"), gte(table.start, lastDay), lt(table.start, end)),
    );
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
  // Days are counted in the store's calendar. Indonesia's zones have fixed offsets of whole
  // hours, so the offset at `now` applies to the whole window and a day is 24 of the totals'
  // hours; the database's own time zone data is not used (PGlite and PostgreSQL servers differ).
  const today = zonedDateString(now, timezone);
  const offsetMs = Date.parse(`${today}T00:00:00Z`) - startOfZonedDay(today, timezone).getTime();
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - offsetMs - (dayCount - 1) * DAY_MS);
  const end = new Date(start.getTime() + dayCount * DAY_MS);
  const offsetSeconds = offsetMs / 1000;
  const dayOf = (at: AnyColumn) =>
    sql<string>`to_char((${at} at time zone 'UTC') + make_interval(secs => ${offsetSeconds}::double precision), 'YYYY-MM-DD')`;
  const hours = and(gte(orderHourTotals.hour, start), lt(orderHourTotals.hour, end));
  const confirmed = eq(orderHourTotals.outcome, "confirmed");
  const inWindow = spansOf(start, end);

  const [perDay, waiting, bestSellers, discountRows, [kasir], payments] = await Promise.all([
    db
      .select({
        date: dayOf(orderHourTotals.hour),
        orders: sql<number>`coalesce(sum(${orderHourTotals.orders}) filter (where ${confirmed}), 0)::double precision`,
        revenue: sql<number>`coalesce(sum(${orderHourTotals.revenue}) filter (where ${confirmed}), 0)::double precision`,
        gross: sql<number>`coalesce(sum(${orderHourTotals.gross}) filter (where ${confirmed}), 0)::double precision`,
        cancelled: sql<number>`coalesce(sum(${orderHourTotals.orders}) filter (where not ${confirmed}), 0)::double precision`,
      })
      .from(orderHourTotals)
      .where(hours)
      .groupBy(sql`1`),
    // Orders still new are few and recent: counted from the orders (index on status, created_at).
    db
      .select({ date: dayOf(orders.created_at), unconfirmed: sql<number>`count(*)::double precision` })
      .from(orders)
      .where(and(eq(orders.status, "baru"), gte(orders.created_at, start), lt(orders.created_at, end)))
      .groupBy(sql`1`),
    db
      .select({
        nama: orderItemTotals.nama,
        jumlah: sql<number>`sum(${orderItemTotals.jumlah})::double precision`,
        revenue: sql<number>`sum(${orderItemTotals.revenue})::double precision`,
      })
      .from(orderItemTotals)
      .where(inWindow(orderItemTotals))
      .groupBy(orderItemTotals.nama)
      .having(sql`sum(${orderItemTotals.jumlah}) > 0`)
      .orderBy(desc(sql`sum(${orderItemTotals.jumlah})`), asc(orderItemTotals.nama))
      .limit(10),
    // A promo is one row even if its title was edited; a deleted promo's lines stay by their title.
    db
      .select({
        title: sql<string>`(array_agg(${orderDiscountTotals.title} order by ${orderDiscountTotals.title_id} desc))[1]`,
        orders: sql<number>`sum(${orderDiscountTotals.orders})::double precision`,
        amount: sql<number>`sum(${orderDiscountTotals.amount})::double precision`,
      })
      .from(orderDiscountTotals)
      .where(inWindow(orderDiscountTotals))
      .groupBy(orderDiscountTotals.promo_key)
      .having(sql`sum(${orderDiscountTotals.orders}) > 0`)
      .orderBy(desc(sql`sum(${orderDiscountTotals.amount})`)),
    // Hand orders are few: counted from the orders (partial index orders_kasir_created_at_idx).
    db
      .select({
        orders: sql<number>`count(*)::double precision`,
        revenue: sql<number>`coalesce(sum(${orders.total}), 0)::double precision`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.source, "kasir"),
          inArray(orders.status, [...CONFIRMED_STATUSES]),
          gte(orders.created_at, start),
          lt(orders.created_at, end),
        ),
      ),
    paymentSplit(db, start, end),
  ]);

  const days = new Map<string, ReportDay & { gross: number }>();
  for (let index = 0; index < dayCount; index++) {
    const date = new Date(start.getTime() + index * DAY_MS + offsetMs).toISOString().slice(0, 10);
    days.set(date, { date, orders: 0, revenue: 0, unconfirmed: 0, cancelled: 0, gross: 0 });
  }
  for (const row of perDay) {
    const entry = days.get(row.date);
    if (entry)
      Object.assign(entry, {
        orders: Number(row.orders),
        revenue: Number(row.revenue),
        gross: Number(row.gross),
        cancelled: Number(row.cancelled),
      });
  }
  for (const row of waiting) {
    const entry = days.get(row.date);
    if (entry) entry.unconfirmed = Number(row.unconfirmed);
  }

  const list = [...days.values()];
  const sum = (field: "orders" | "revenue" | "unconfirmed" | "cancelled" | "gross") =>
    list.reduce((total, entry) => total + entry[field], 0);
  return {
    days: list.map(({ gross: _gross, ...day }) => day),
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
    totalGross: sum("gross"),
    totalDiscount: discountRows.reduce((total, row) => total + Number(row.amount), 0),
    totalOrders: sum("orders"),
    totalRevenue: sum("revenue"),
    totalUnconfirmed: sum("unconfirmed"),
    totalCancelled: sum("cancelled"),
    kasir: { orders: Number(kasir?.orders ?? 0), revenue: Number(kasir?.revenue ?? 0) },
    payments,
  };
}

export interface TodaySummary {
  /** Orders recorded today (store calendar), cancelled ones left out. */
  orders: number;
  /** Revenue of today's confirmed orders. */
  revenue: number;
  /** What promotions took off today's confirmed orders. */
  discount: number;
  /** Today's orders the restaurant cancelled (not the replaced, not the never sent: as the report). */
  cancelled: number;
  /** Orders the kitchen still has to finish (baru, diterima, dimasak, siap), whenever recorded. */
  waiting: number;
  /** When the longest-waiting of them was recorded (ISO), or null. */
  oldestWaitingSince: string | null;
  /** Today's confirmed orders by payment method and paid or not. */
  payments: PaymentSplitRow[];
}

/** The dashboard's order figures at `now`. */
export async function todaySummary(
  db: Database,
  timezone: string,
  now: Date = storeDate(),
): Promise<TodaySummary> {
  const today = zonedDateString(now, timezone);
  const confirmed = inArray(orders.status, [...CONFIRMED_STATUSES]);
  const [[day], [active], payments] = await Promise.all([
    db
      .select({
        orders: sql<number>`(count(*) filter (where ${orders.status} <> 'batal'))::double precision`,
        revenue: sql<number>`coalesce(sum(${orders.total}) filter (where ${confirmed}), 0)::double precision`,
        discount: sql<number>`coalesce(sum(${orders.subtotal} - ${orders.total}) filter (where ${confirmed}), 0)::double precision`,
        cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'batal' and ${orders.replaced_by} is null and not ${orders.cleared_unsent}))::double precision`,
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
    paymentSplit(db, startOfZonedDay(today, timezone), startOfZonedDay(today, timezone, 1)),
  ]);
  return {
    orders: Number(day?.orders ?? 0),
    revenue: Number(day?.revenue ?? 0),
    discount: Number(day?.discount ?? 0),
    cancelled: Number(day?.cancelled ?? 0),
    waiting: active?.waiting ?? 0,
    oldestWaitingSince: active?.oldest ? new Date(active.oldest).toISOString() : null,
    payments,
  };
}
