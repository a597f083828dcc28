// The staff board (0020): each change and its timeline and audit entries in one transaction, then announced.
import { readReason } from "../../../lib/reason-text.ts";
import { boardPaymentColumns } from "../../payments/board-payment.server.ts";
import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, sql, type SQL } from "drizzle-orm";
import { confirmedOrder } from "../../orders/confirmed-order.server.ts";
import { z } from "zod";
import type { Database } from "../../../../database/client.server.ts";
import { orderEvents, orders } from "../../../../database/schema.ts";
import { parseAdminInput } from "../../../lib/form-input.server.ts";
import { storeDate } from "../../../lib/clock.server.ts";
import { singleLine } from "../../../lib/single-line.ts";
import { writeAudit, type Actor } from "../../audit/audit-log.server.ts";
import { announcePortions, givePortions, type PortionChange } from "../../catalog/portions.server.ts";
import { isDateString } from "../../../lib/date-input.ts";
import { startOfZonedDay } from "../../store/opening-hours.ts";
import { announceOrderChange } from "../../orders/live.server.ts";
import { normalizeOrderCode, ORDER_CODE_ALPHABET } from "../../orders/order-code.ts";
import { forgetOrderedLines } from "../../checkout/ordered-lines.server.ts";
import { discountsOfOrders, linesOfOrders } from "../../orders/order-rows.server.ts";
import type { PricedLine } from "../../checkout/record-order.server.ts";
import {
  ACTIVE_STATUSES,
  isOrderStatus,
  NEXT_STATUSES,
  nextStep,
  ORDER_STATUSES,
  statusLabel,
  type Fulfilment,
  type OrderStatus,
} from "../../orders/order-status.ts";

const BOARD_MESSAGES = {
  notFound: "Pesanan tidak ditemukan.",
  codeTooLong: "Kode pesanan paling banyak 20 karakter, misalnya NY-7K3Q.",
  status: "Pilih status: diterima, dimasak, siap, selesai, atau batal.",
  final: (status: string) => `Pesanan yang sudah ${status} tidak bisa diubah lagi.`,
  transition: (from: string, to: string, next: string) =>
    `Status ${from} tidak bisa diubah menjadi ${to}. Langkah berikutnya: ${next}.`,
  reason: "Tulis alasan pembatalan untuk pelanggan, 3 sampai 200 karakter.",
  stale: "Pesanan baru saja diubah admin lain. Muat ulang halaman.",
} as const;

export const UNSENT_AFTER_MINUTES = 10;
export const UNSENT_REASON = "Pesan WhatsApp untuk pesanan ini tidak pernah dikirim.";

const ORDER_PAGE_SIZE = 30;

export type StatusFilter = "aktif" | "semua" | OrderStatus;
type SortOrder = "terlama" | "terbaru";

interface OrderQuery {
  status?: string | null;
  /** `YYYY-MM-DD` in the store's calendar, inclusive. */
  from?: string | null;
  to?: string | null;
  q?: string | null;
  sort?: string | null;
  page?: number;
}

export type BoardLine = Omit<PricedLine, "menu_item_id">;

interface OrderFilters {
  status: StatusFilter;
  from: string;
  to: string;
  q: string;
  sort: SortOrder;
  /** null when the search holds characters no code has; only code characters reach the `like`. */
  codePrefix: string | null;
}

const CODE_PREFIX_PATTERN = new RegExp(`^NY-[${ORDER_CODE_ALPHABET}]{0,8}$`);

function readOrderFilters(query: OrderQuery): OrderFilters {
  const q = String(query.q ?? "")
    .trim()
    .slice(0, 20);
  const code = normalizeOrderCode(q);
  const status: StatusFilter =
    query.status === "semua" || isOrderStatus(query.status) ? (query.status as StatusFilter) : "aktif";
  // The kitchen works oldest first; a history reads newest first.
  const sort: SortOrder =
    query.sort === "terlama" || query.sort === "terbaru"
      ? query.sort
      : status === "aktif"
        ? "terlama"
        : "terbaru";
  return {
    status,
    from: query.from && isDateString(query.from) ? query.from : "",
    to: query.to && isDateString(query.to) ? query.to : "",
    q,
    sort,
    codePrefix: q === "" ? "" : CODE_PREFIX_PATTERN.test(code) ? code : null,
  };
}

export async function listOrders(db: Database, query: OrderQuery, timezone: string) {
  const filters = readOrderFilters(query);
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(query.page) || 1)));
  const conditions: SQL[] = [];
  if (filters.status === "aktif") conditions.push(inArray(orders.status, [...ACTIVE_STATUSES]));
  else if (filters.status !== "semua") conditions.push(eq(orders.status, filters.status));
  if (filters.from) conditions.push(gte(orders.created_at, startOfZonedDay(filters.from, timezone)));
  if (filters.to) conditions.push(lt(orders.created_at, startOfZonedDay(filters.to, timezone, 1)));
  if (filters.codePrefix === null) conditions.push(sql`false`);
  else if (filters.codePrefix) conditions.push(like(orders.code, `${filters.codePrefix}%`));
  const where = conditions.length ? and(...conditions) : undefined;
  const order =
    filters.sort === "terlama"
      ? [asc(orders.created_at), asc(orders.id)]
      : [desc(orders.created_at), desc(orders.id)];

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        code: orders.code,
        status: orders.status,
        customer_name: orders.customer_name,
        customer_phone: orders.customer_phone,
        fulfilment: orders.fulfilment,
        address: orders.address,
        landmark: orders.landmark,
        table_number: orders.table_number,
        scheduled_for: orders.scheduled_for,
        subtotal: orders.subtotal,
        total: orders.total,
        outside_hours: orders.outside_hours,
        replaced_by: orders.replaced_by,
        replaces: orders.replaces,
        follows: orders.follows,
        confirmed: sql<boolean>`${confirmedOrder()}`,
        source: orders.source,
        version: orders.version,
        sent_at: orders.sent_at,
        cleared_unsent: orders.cleared_unsent,
        created_at: orders.created_at,
        ...boardPaymentColumns,
        // Written out: in a one-table select Drizzle leaves columns unqualified, and an
        // unqualified "id" inside the subquery would be the event's.
        cancel_reason: sql<
          string | null
        >`(select e.reason from order_events e where e.order_id = "orders"."id" and e.status = 'batal' order by e.id desc limit 1)`,
      })
      .from(orders)
      .where(where)
      .orderBy(...order)
      .limit(ORDER_PAGE_SIZE)
      .offset((page - 1) * ORDER_PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const lines = await linesOfOrders(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map<number, BoardLine[]>();
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
  const discounts = await discountsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map((row) => ({
      ...row,
      // Orders stored before names were cleaned show them clean (lib/single-line.ts).
      customer_name: row.customer_name === null ? null : singleLine(row.customer_name),
      items: byOrder.get(row.id) ?? [],
      discounts: discounts
        .filter((entry) => entry.order_id === row.id)
        .map((entry) => ({ title: entry.title, amount: entry.amount })),
    })),
    total: total?.n ?? 0,
    page,
    pageSize: ORDER_PAGE_SIZE,
    filters,
  };
}

type BoardList = Awaited<ReturnType<typeof listOrders>>;
type BoardRow = BoardList["orders"][number];
type PricedKeys =
  "subtotal" | "total" | "discounts" | "items" | "payment_method" | "paid_at" | "paid_amount" | "paid_by";

/** The kitchen's card: codes, lines, levels and notes; no price, no phone, no payment (0056). */
export type KitchenRow = Omit<BoardRow, PricedKeys> & {
  kitchen: true;
  items: Omit<BoardLine, "harga" | "subtotal">[];
};

export function forKitchen(list: BoardList): Omit<BoardList, "orders"> & { orders: KitchenRow[] } {
  return {
    ...list,
    orders: list.orders.map((row) => {
      const {
        subtotal: _subtotal,
        total: _total,
        discounts: _discounts,
        payment_method: _method,
        paid_at: _paidAt,
        paid_amount: _paidAmount,
        paid_by: _paidBy,
        items,
        ...kept
      } = row;
      return {
        ...kept,
        kitchen: true as const,
        customer_phone: null,
        items: items.map(({ nama, jumlah, level, catatan }) => ({ nama, jumlah, level, catatan })),
      };
    }),
  };
}

export async function countUnsent(db: Database, now: Date = storeDate()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(unsentCondition(now));
  return row?.n ?? 0;
}

const unsentCondition = (now: Date) =>
  and(
    eq(orders.status, "baru"),
    isNull(orders.sent_at),
    lt(orders.created_at, new Date(now.getTime() - UNSENT_AFTER_MINUTES * 60_000)),
  );

const StatusChangeSchema = z.object({
  code: z
    .string({ error: BOARD_MESSAGES.notFound })
    .trim()
    .min(1, BOARD_MESSAGES.notFound)
    .max(20, BOARD_MESSAGES.codeTooLong),
  status: z.enum(ORDER_STATUSES, { error: BOARD_MESSAGES.status }),
  alasan: z.string({ error: BOARD_MESSAGES.reason }).max(800, BOARD_MESSAGES.reason).optional(),
});

type StatusChangeResult =
  | { ok: true; code: string; from: OrderStatus; to: OrderStatus; fulfilment: Fulfilment | null }
  | { ok: false; status: 400 | 404 | 409; message: string };

/** A request that would be refused whatever the order: answered before a PIN is asked for (0059). */
export function statusInputProblem(
  input: Record<string, unknown>,
): { ok: false; status: 400; message: string } | null {
  const parsed = parseAdminInput(StatusChangeSchema, input);
  if (!parsed.success)
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? BOARD_MESSAGES.status };
  if (parsed.data.status === "batal" && readReason(parsed.data.alasan) === null)
    return { ok: false, status: 400, message: BOARD_MESSAGES.reason };
  return null;
}

// The update names the status it expects to replace: two admins acting on a stale view cannot both succeed.
export async function changeOrderStatus(
  db: Database,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<StatusChangeResult> {
  const parsed = parseAdminInput(StatusChangeSchema, input);
  if (!parsed.success)
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? BOARD_MESSAGES.status };
  const code = normalizeOrderCode(parsed.data.code);
  const target = parsed.data.status;
  const reason = readReason(parsed.data.alasan);
  let portions: PortionChange = { shownChanged: false };
  const result = await db.transaction(async (tx): Promise<StatusChangeResult> => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, fulfilment: orders.fulfilment })
      .from(orders)
      .where(eq(orders.code, code));
    if (!order) return { ok: false, status: 404, message: BOARD_MESSAGES.notFound };
    const from = order.status;
    const label = (status: OrderStatus) => statusLabel(status, order.fulfilment).toLowerCase();
    if (NEXT_STATUSES[from].length === 0) {
      return { ok: false, status: 409, message: BOARD_MESSAGES.final(label(from)) };
    }
    if (!NEXT_STATUSES[from].includes(target)) {
      const next = nextStep(from);
      return {
        ok: false,
        status: 409,
        message: BOARD_MESSAGES.transition(label(from), label(target), next ? label(next) : label("batal")),
      };
    }
    if (target === "batal" && reason === null)
      return { ok: false, status: 400, message: BOARD_MESSAGES.reason };
    const at = storeDate();
    const updated = await tx
      .update(orders)
      .set({ status: target, updated_at: at })
      .where(and(eq(orders.id, order.id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (updated.length === 0) return { ok: false, status: 409, message: BOARD_MESSAGES.stale };
    if (target === "batal") portions = await givePortions(tx, [order.id]);
    await tx.insert(orderEvents).values({
      order_id: order.id,
      status: target,
      reason: target === "batal" ? reason : null,
      created_at: at,
    });
    await writeAudit(tx, actor, {
      action: "status",
      entity: "pesanan",
      entityId: code,
      summary: `Pesanan ${code}: ${statusLabel(from, order.fulfilment)} → ${statusLabel(target, order.fulfilment)}${
        target === "batal" ? ` (${reason})` : ""
      }`,
      details: { from, to: target, ...(target === "batal" ? { reason } : {}) },
    });
    return { ok: true, code, from, to: target, fulfilment: order.fulfilment };
  });
  announcePortions(portions);
  if (!result.ok) return result;
  announceOrderChange({ code, kind: "status" });
  if (result.to === "diterima") await forgetOrderedLines(db, code);
  return result;
}

// Never-sent orders are counted neither as sales nor as cancellations; one audit entry names them all.
export async function clearUnsent(db: Database, actor: Actor, now: Date = storeDate()): Promise<string[]> {
  let portions: PortionChange = { shownChanged: false };
  const codes = await db.transaction(async (tx) => {
    const cleared = await tx
      .update(orders)
      .set({ status: "batal", cleared_unsent: true, updated_at: now })
      .where(unsentCondition(now))
      .returning({ id: orders.id, code: orders.code });
    if (cleared.length === 0) return [];
    portions = await givePortions(
      tx,
      cleared.map((order) => order.id),
    );
    await tx.insert(orderEvents).values(
      cleared.map((order) => ({
        order_id: order.id,
        status: "batal" as const,
        reason: UNSENT_REASON,
        created_at: now,
      })),
    );
    await writeAudit(tx, actor, {
      action: "status",
      entity: "pesanan",
      summary: `${cleared.length} pesanan yang tidak pernah dikirim dibersihkan: ${cleared
        .map((order) => order.code)
        .join(", ")}`,
      details: { cleared: cleared.map((order) => order.code) },
    });
    return cleared.map((order) => order.code);
  });
  for (const code of codes) announceOrderChange({ code, kind: "status" });
  announcePortions(portions);
  return codes;
}
