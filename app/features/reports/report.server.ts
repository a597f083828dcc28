// The 30-day report from the hourly totals (0032) and today's dashboard summary, in the store's calendar.
import { paymentSplit, type PaymentSplitRow } from "./payment-split.server.ts";
import { and, asc, count, desc, eq, gte, inArray, lt, min, or, sql, type AnyColumn } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderDiscountTotals, orderHourTotals, orderItemTotals, orders } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { startOfZonedDay, zonedDateString } from "../store/opening-hours.ts";
import { ACTIVE_STATUSES, CONFIRMED_STATUSES } from "../orders/order-status.ts";

export interface ReportDay {
  date: string;
  orders: number;
  revenue: number;
  unconfirmed: number;
  /** Cancelled by the restaurant; a replaced order and one cleared as never sent are not counted. */
  cancelled: number;
}

interface ReportItem {
  nama: string;
  jumlah: number;
  revenue: number;
}

interface ReportDiscount {
  title: string;
  orders: number;
  amount: number;
}

interface OrderReport {
  days: ReportDay[];
  bestSellers: ReportItem[];
  discounts: ReportDiscount[];
  totalGross: number;
  totalDiscount: number;
  totalOrders: number;
  totalRevenue: number;
  totalUnconfirmed: number;
  totalCancelled: number;
  kasir: { orders: number; revenue: number };
  payments: PaymentSplitRow[];
}

const DAY_MS = 24 * 3600_000;

// Whole UTC days inside [start, end) and the hours of the days it cuts: store days begin at a UTC hour.
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

// Sales are the confirmed orders; a replaced order and one cleared as never sent are not counted at all.
export async function orderReport(
  db: Database,
  timezone: string,
  now: Date = storeDate(),
  dayCount = 30,
): Promise<OrderReport> {
  // Indonesia's zones have fixed whole-hour offsets, so a store day is 24 of the totals' hours; the database's
  // own time zone data is not used (PGlite and PostgreSQL servers differ).
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
  orders: number;
  revenue: number;
  discount: number;
  cancelled: number;
  waiting: number;
  oldestWaitingSince: string | null;
  payments: PaymentSplitRow[];
}

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
