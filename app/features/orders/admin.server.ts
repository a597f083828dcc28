/**
 * The order log (/admin/pesanan) and the report (/admin/laporan): reading orders, and moving an
 * order through its statuses. Every status change is written to the audit log in the same
 * transaction. The caller has checked that the actor is an admin.
 */
import { and, asc, count, desc, eq, gte, inArray, like, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../database/client.server.ts";
import { orderItems, orders } from "../../../database/schema.ts";
import { parseAdminInput } from "../../lib/form-input.server.ts";
import { writeAudit, type Actor } from "../admin/audit-log.server.ts";
import { isDateString } from "../../lib/date-input.ts";
import { startOfZonedDay, zonedDateString } from "../store/opening-hours.ts";
import { normalizeOrderCode, ORDER_CODE_ALPHABET } from "./order-code.ts";
import { NEXT_STATUSES, ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from "./order-status.ts";

export { NEXT_STATUSES, STATUS_LABELS };

const ORDER_ADMIN_MESSAGES = {
  notFound: "Pesanan tidak ditemukan.",
  codeTooLong: "Kode pesanan paling banyak 20 karakter, misalnya NY-7K3Q.",
  processFirst: "Pesanan harus diproses dulu sebelum selesai.",
  status: "Pilih status: baru, diproses, selesai, atau batal.",
  final: (status: string) => `Pesanan yang sudah ${status} tidak bisa diubah lagi.`,
  transition: (from: string, to: string) => `Status ${from} tidak bisa diubah menjadi ${to}.`,
  date: "Tanggal harus berformat tanggal yang benar.",
} as const;

const ORDER_PAGE_SIZE = 20;

interface OrderQuery {
  status?: string | null;
  /** First and last day (`YYYY-MM-DD`, the store's calendar), inclusive. */
  from?: string | null;
  to?: string | null;
  /** A code or its start: `NY-7K`, `7k3q`. */
  q?: string | null;
  page?: number;
}

export interface OrderLine {
  nama: string;
  harga: number;
  jumlah: number;
  level: number | null;
  catatan: string;
  subtotal: number;
}

interface OrderRow {
  id: number;
  code: string;
  status: OrderStatus;
  customer_name: string | null;
  total: number;
  outside_hours: boolean;
  /** The code of the order that replaced this one (the customer changed the cart before sending). */
  replaced_by: string | null;
  created_at: Date;
  items: OrderLine[];
}

const isStatus = (value: unknown): value is OrderStatus =>
  typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);

/** The filters as the page understood them (bad values dropped), for the form to show. */
interface OrderFilters {
  status: OrderStatus | "";
  from: string;
  to: string;
  /** The search as typed (trimmed, at most 20 characters). */
  q: string;
  /**
   * The code prefix searched for (`NY-7K`); null when the search holds characters no code has,
   * which finds nothing. Only code characters reach the `like`, so it is never a pattern.
   */
  codePrefix: string | null;
}

const CODE_PREFIX_PATTERN = new RegExp(`^NY-[${ORDER_CODE_ALPHABET}]{0,8}$`);

function readOrderFilters(query: OrderQuery): OrderFilters {
  const q = String(query.q ?? "")
    .trim()
    .slice(0, 20);
  const code = normalizeOrderCode(q);
  return {
    status: isStatus(query.status) ? query.status : "",
    from: query.from && isDateString(query.from) ? query.from : "",
    to: query.to && isDateString(query.to) ? query.to : "",
    q,
    codePrefix: q === "" ? "" : CODE_PREFIX_PATTERN.test(code) ? code : null,
  };
}

/** Newest first, 20 a page, with their lines. */
export async function listOrders(db: Database, query: OrderQuery, timezone: string) {
  const filters = readOrderFilters(query);
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(query.page) || 1)));
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.from) conditions.push(gte(orders.created_at, startOfZonedDay(filters.from, timezone)));
  if (filters.to) conditions.push(lt(orders.created_at, startOfZonedDay(filters.to, timezone, 1)));
  if (filters.codePrefix === null) conditions.push(sql`false`);
  else if (filters.codePrefix) conditions.push(like(orders.code, `${filters.codePrefix}%`));
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        code: orders.code,
        status: orders.status,
        customer_name: orders.customer_name,
        total: orders.total,
        outside_hours: orders.outside_hours,
        replaced_by: orders.replaced_by,
        created_at: orders.created_at,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(ORDER_PAGE_SIZE)
      .offset((page - 1) * ORDER_PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.order_id,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, OrderLine[]>();
  for (const line of lines) {
    const list = byOrder.get(line.order_id) ?? [];
    list.push({
      nama: line.nama,
      harga: line.harga,
      jumlah: line.jumlah,
      level: line.level,
      catatan: line.catatan,
      subtotal: line.subtotal,
    });
    byOrder.set(line.order_id, list);
  }
  const result: OrderRow[] = rows.map((row) => ({ ...row, items: byOrder.get(row.id) ?? [] }));
  return { orders: result, total: total?.n ?? 0, page, pageSize: ORDER_PAGE_SIZE, filters };
}

const StatusChangeSchema = z.object({
  code: z
    .string({ error: ORDER_ADMIN_MESSAGES.notFound })
    .trim()
    .min(1, ORDER_ADMIN_MESSAGES.notFound)
    .max(20, ORDER_ADMIN_MESSAGES.codeTooLong),
  status: z.enum(ORDER_STATUSES, { error: ORDER_ADMIN_MESSAGES.status }),
});

type StatusChangeResult =
  | { ok: true; code: string; from: OrderStatus; to: OrderStatus }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Moves an order to `status` along NEXT_STATUSES. The update names the status it expects to
 * replace, so two admins changing one order at once cannot both succeed from a stale view.
 */
export async function changeOrderStatus(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<StatusChangeResult> {
  const parsed = parseAdminInput(StatusChangeSchema, input);
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      message: parsed.error.issues[0]?.message ?? ORDER_ADMIN_MESSAGES.status,
    };
  const code = normalizeOrderCode(parsed.data.code);
  const target = parsed.data.status;
  return db.transaction(async (tx): Promise<StatusChangeResult> => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.code, code));
    if (!order) return { ok: false, status: 404, message: ORDER_ADMIN_MESSAGES.notFound };
    const from = order.status;
    if (NEXT_STATUSES[from].length === 0) {
      return {
        ok: false,
        status: 409,
        message: ORDER_ADMIN_MESSAGES.final(STATUS_LABELS[from].toLowerCase()),
      };
    }
    if (!NEXT_STATUSES[from].includes(target)) {
      return {
        ok: false,
        status: 409,
        message:
          from === "baru" && target === "selesai"
            ? ORDER_ADMIN_MESSAGES.processFirst
            : ORDER_ADMIN_MESSAGES.transition(
                STATUS_LABELS[from].toLowerCase(),
                STATUS_LABELS[target].toLowerCase(),
              ),
      };
    }
    const updated = await tx
      .update(orders)
      .set({ status: target, updated_at: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (updated.length === 0) {
      return { ok: false, status: 409, message: "Pesanan baru saja diubah admin lain. Muat ulang halaman." };
    }
    await writeAudit(tx, actor, {
      action: "status",
      entity: "pesanan",
      entityId: code,
      summary: `Pesanan ${code}: ${STATUS_LABELS[from]} → ${STATUS_LABELS[target]}`,
      details: { from, to: target },
    });
    return { ok: true, code, from, to: target };
  });
}

/**
 * The statuses an order has once the restaurant confirmed it. An order is recorded at checkout,
 * before the customer sends the WhatsApp message; one never sent stays "baru" for good, so only
 * these count as sales.
 */
const CONFIRMED_STATUSES = ["diproses", "selesai"] as const satisfies readonly OrderStatus[];

export interface ReportDay {
  /** `YYYY-MM-DD` in the store's calendar. */
  date: string;
  /** Orders the restaurant confirmed (diproses or selesai). */
  orders: number;
  /** Sum of the totals of the confirmed orders. */
  revenue: number;
  /** Orders still "baru": recorded at checkout, not (yet) confirmed; maybe never sent. */
  unconfirmed: number;
  /** Orders cancelled by the restaurant ("batal"). One the customer replaced is not counted. */
  cancelled: number;
}

interface ReportItem {
  nama: string;
  jumlah: number;
  revenue: number;
}

interface OrderReport {
  days: ReportDay[];
  /** From confirmed orders only. */
  bestSellers: ReportItem[];
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
 * (orders.server.ts) is not counted at all: the one that replaced it is.
 */
export async function orderReport(
  db: Database,
  timezone: string,
  now: Date = new Date(),
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
      cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'batal' and ${orders.replaced_by} is null))::double precision`,
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
    totalOrders: sum("orders"),
    totalRevenue: sum("revenue"),
    totalUnconfirmed: sum("unconfirmed"),
    totalCancelled: sum("cancelled"),
  };
}
