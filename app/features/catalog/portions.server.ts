// Daily portions in the database: taken and given back in the order's own transaction (0044); an online
// order's share per order and per client address checked there too (0057).
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { dailyPortions, menuItems, orderPortions, orders } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { invalidateContentCache } from "../../lib/content-cache.server.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import type { OpeningDay } from "../store/opening-hours.ts";
import { getStoreSettings } from "../store/settings.server.ts";
import type { PortionShare } from "../store/portion-share-schema.ts";
import { MAX_PORTIONS, PORTION_MESSAGES, orderPortionDay, shownPortions } from "./portions.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Writer = Pick<Database, "select" | "insert" | "update" | "delete">;

export interface PortionStore {
  openingHours: readonly OpeningDay[];
  timezone: string;
}

/** Thrown inside the transaction so nothing of the order is written; say `message`, 409. */
export class PortionsRefused extends Error {
  readonly status = 409 as const;
}

/** Call `announcePortions` with it after the commit. */
export interface PortionChange {
  shownChanged: boolean;
}

export interface PortionLine {
  menu_item_id: string | null;
  jumlah: number;
}

/** What an online order may take; `clientKey` null: no count per address. */
export interface OrderShare extends PortionShare {
  clientKey: string | null;
}

export interface TakeRequest {
  orderId: number;
  lines: readonly PortionLine[];
  store: PortionStore;
  at: Date;
  scheduledFor?: Date | null;
  share?: OrderShare | null;
}

const currentDay = (store: PortionStore, at: Date) => orderPortionDay(store.openingHours, store.timezone, at);

// Taken under the day's row lock (the UPDATE before it), so two orders from one address cannot both pass.
async function heldByAddress(tx: Writer, clientKey: string, id: string, day: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${orderPortions.jumlah}), 0)::int` })
    .from(orderPortions)
    .innerJoin(orders, eq(orders.id, orderPortions.order_id))
    .where(
      and(eq(orderPortions.menu_item_id, id), eq(orderPortions.day, day), eq(orders.client_key, clientKey)),
    );
  return Number(row?.n ?? 0);
}

/** Today's rows of the limited items among `ids`, made full from `porsi_harian` if missing. */
async function ensureDay(tx: Writer, ids: readonly string[], day: string) {
  await tx
    .insert(dailyPortions)
    .select(
      tx
        .select({
          menu_item_id: menuItems.id,
          day: sql<string>`${day}::date`.as("day"),
          sisa: sql<number>`${menuItems.porsi_harian}`.as("sisa"),
          created_at: sql<Date>`now()`.as("created_at"),
          updated_at: sql<Date>`now()`.as("updated_at"),
        })
        .from(menuItems)
        .where(and(inArray(menuItems.id, [...ids]), isNotNull(menuItems.porsi_harian))),
    )
    .onConflictDoNothing();
}

// One conditional UPDATE (`sisa >= n`) per count, items in id order: concurrent orders on any server wait for
// each other's row and never take a count below zero. A refusal throws; the caller's transaction rolls back.
export async function takePortions(
  tx: Writer,
  { orderId, lines, store, at, scheduledFor = null, share = null }: TakeRequest,
): Promise<PortionChange> {
  const wanted = new Map<string, number>();
  for (const line of lines)
    if (line.menu_item_id) wanted.set(line.menu_item_id, (wanted.get(line.menu_item_id) ?? 0) + line.jumlah);
  if (wanted.size === 0) return { shownChanged: false };
  const limited = await tx
    .select({ id: menuItems.id, nama: menuItems.nama })
    .from(menuItems)
    .where(and(inArray(menuItems.id, [...wanted.keys()]), isNotNull(menuItems.porsi_harian)))
    .orderBy(asc(menuItems.id));
  if (limited.length === 0) return { shownChanged: false };
  for (const item of limited)
    if (share && wanted.get(item.id)! > share.perOrder)
      throw new PortionsRefused(PORTION_MESSAGES.perOrder(item.nama, share.perOrder));
  const day = orderPortionDay(store.openingHours, store.timezone, at, scheduledFor);
  await ensureDay(
    tx,
    limited.map((item) => item.id),
    day,
  );
  let shownChanged = false;
  for (const item of limited) {
    const jumlah = wanted.get(item.id)!;
    const [row] = await tx
      .update(dailyPortions)
      .set({ sisa: sql`${dailyPortions.sisa} - ${jumlah}`, updated_at: sql`now()` })
      .where(
        and(
          eq(dailyPortions.menu_item_id, item.id),
          eq(dailyPortions.day, day),
          sql`${dailyPortions.sisa} >= ${jumlah}`,
        ),
      )
      .returning({ sisa: dailyPortions.sisa });
    if (!row) {
      const [left] = await tx
        .select({ sisa: dailyPortions.sisa })
        .from(dailyPortions)
        .where(and(eq(dailyPortions.menu_item_id, item.id), eq(dailyPortions.day, day)));
      const sisa = left?.sisa ?? 0;
      throw new PortionsRefused(
        sisa === 0 ? PORTION_MESSAGES.runOut(item.nama) : PORTION_MESSAGES.tooFew(item.nama, sisa),
      );
    }
    if (share?.clientKey) {
      const held = await heldByAddress(tx, share.clientKey, item.id, day);
      if (held + jumlah > share.perAddress)
        throw new PortionsRefused(PORTION_MESSAGES.perAddress(item.nama, share.perAddress, held));
    }
    shownChanged ||= shownPortions(row.sisa) !== shownPortions(row.sisa + jumlah);
    await tx
      .insert(orderPortions)
      .values({ order_id: orderId, menu_item_id: item.id, day, jumlah })
      .onConflictDoUpdate({
        target: [orderPortions.order_id, orderPortions.menu_item_id],
        set: { jumlah: sql`${orderPortions.jumlah} + ${jumlah}` },
      });
  }
  return { shownChanged };
}

// Each hold goes back once, to the day it was taken from (the holding rows are deleted).
export async function givePortions(tx: Writer, orderIds: readonly number[]): Promise<PortionChange> {
  if (orderIds.length === 0) return { shownChanged: false };
  const given = await tx
    .delete(orderPortions)
    .where(inArray(orderPortions.order_id, [...orderIds]))
    .returning({
      menu_item_id: orderPortions.menu_item_id,
      day: orderPortions.day,
      jumlah: orderPortions.jumlah,
    });
  let shownChanged = false;
  const sorted = given.sort(
    (a, b) => a.menu_item_id.localeCompare(b.menu_item_id) || a.day.localeCompare(b.day),
  );
  for (const entry of sorted) {
    const [row] = await tx
      .update(dailyPortions)
      .set({ sisa: sql`${dailyPortions.sisa} + ${entry.jumlah}`, updated_at: sql`now()` })
      .where(and(eq(dailyPortions.menu_item_id, entry.menu_item_id), eq(dailyPortions.day, entry.day)))
      .returning({ sisa: dailyPortions.sisa });
    if (row) shownChanged ||= shownPortions(row.sisa) !== shownPortions(row.sisa - entry.jumlah);
  }
  return { shownChanged };
}

export async function retakePortions(tx: Writer, request: TakeRequest): Promise<PortionChange> {
  const given = await givePortions(tx, [request.orderId]);
  const taken = await takePortions(tx, request);
  return { shownChanged: given.shownChanged || taken.shownChanged };
}

export function announcePortions(...changes: PortionChange[]) {
  if (changes.some((change) => change.shownChanged)) invalidateContentCache();
}

export async function shownPortionsToday(
  db: Database,
  store: PortionStore,
  at: Date,
): Promise<Map<string, number>> {
  const day = currentDay(store, at);
  const rows = await db
    .select({
      id: menuItems.id,
      sisa: sql<number>`coalesce(${dailyPortions.sisa}, ${menuItems.porsi_harian})`,
    })
    .from(menuItems)
    .leftJoin(dailyPortions, and(eq(dailyPortions.menu_item_id, menuItems.id), eq(dailyPortions.day, day)))
    .where(isNotNull(menuItems.porsi_harian));
  return new Map(
    rows.flatMap((row) => {
      const shown = shownPortions(row.sisa);
      return shown === null ? [] : [[row.id, shown] as const];
    }),
  );
}

export const shownPortionsNow = async (db: Database) =>
  shownPortionsToday(db, await getStoreSettings(db), storeDate());

export interface TodaysPortion {
  id: string;
  nama: string;
  porsiHarian: number;
  sisa: number;
}

export async function todaysPortions(db: Database, store: PortionStore, at: Date): Promise<TodaysPortion[]> {
  const day = currentDay(store, at);
  return db
    .select({
      id: menuItems.id,
      nama: menuItems.nama,
      porsiHarian: sql<number>`${menuItems.porsi_harian}`,
      sisa: sql<number>`coalesce(${dailyPortions.sisa}, ${menuItems.porsi_harian})`,
    })
    .from(menuItems)
    .leftJoin(dailyPortions, and(eq(dailyPortions.menu_item_id, menuItems.id), eq(dailyPortions.day, day)))
    .where(isNotNull(menuItems.porsi_harian))
    .orderBy(asc(menuItems.nama));
}

export async function setTodaysPortion(
  db: Database,
  actor: Actor,
  input: { id: unknown; sisa: unknown },
  store: PortionStore,
  at: Date,
): Promise<{ ok: true } | { ok: false; status: 400 | 404; message: string }> {
  const sisa =
    typeof input.sisa === "string" && /^\d{1,5}$/.test(input.sisa.trim()) ? Number(input.sisa) : NaN;
  if (!Number.isInteger(sisa) || sisa > MAX_PORTIONS)
    return { ok: false, status: 400, message: PORTION_MESSAGES.count };
  const id = typeof input.id === "string" ? input.id : "";
  const day = currentDay(store, at);
  const result = await db.transaction(async (tx) => {
    const [item] = await tx
      .select({ nama: menuItems.nama, porsi: menuItems.porsi_harian })
      .from(menuItems)
      .where(eq(menuItems.id, id));
    if (!item) return { ok: false as const, status: 404 as const, message: PORTION_MESSAGES.notLimited };
    if (item.porsi === null)
      return { ok: false as const, status: 400 as const, message: PORTION_MESSAGES.notLimited };
    await tx
      .insert(dailyPortions)
      .values({ menu_item_id: id, day, sisa })
      .onConflictDoUpdate({
        target: [dailyPortions.menu_item_id, dailyPortions.day],
        set: { sisa, updated_at: sql`now()` },
      });
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "menu",
      entityId: id,
      summary: `Porsi ${item.nama} hari ini: ${sisa}`,
      details: { day, sisa },
    });
    return { ok: true as const };
  });
  if (result.ok) invalidateContentCache();
  return result;
}
