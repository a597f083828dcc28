/**
 * Daily portions (#25 item 4, docs/decisions/0044-daily-portions.md): taken in the order's own
 * transaction and never below zero under concurrent checkouts, refused past zero with the
 * message, given back on cancellation, counted against the business day the order is cooked on.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import {
  dailyPortions,
  menuItems,
  orderPortions,
  orders,
  promos,
  storeSettings,
  users,
} from "../../../database/schema.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import type { Actor } from "../../../app/features/audit/audit-log.server.ts";
import { getMenuSections } from "../../../app/features/catalog/catalog.server.ts";
import {
  retakePortions,
  setTodaysPortion,
  todaysPortions,
} from "../../../app/features/catalog/portions.server.ts";
import { PORTION_MESSAGES } from "../../../app/features/catalog/portions.ts";
import { changeOrderStatus, clearUnsent } from "../../../app/features/kitchen/board/board.server.ts";
import { readCheckoutContext } from "../../../app/features/checkout/checkout-context.server.ts";
import { recordOrder, type OrderRequestLine } from "../../../app/features/checkout/record-order.server.ts";
import { DEFAULT_OPENING_HOURS } from "../../../app/features/store/opening-hours.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { ORIGIN, PICK_UP } from "../../support/orders.ts";

let handle: DatabaseHandle;
let actor: Actor;
const STORE = { openingHours: DEFAULT_OPENING_HOURS, timezone: "Asia/Makassar" };
/**
 * Friday 9 January 2026, 12.00 WITA: the store (10.00–22.00) is open. Far from the real clock,
 * which the cached menu reads: these checkouts meet the count in their own transaction.
 */
const NOON = new Date("2026-01-09T04:00:00Z");

async function order(lines: OrderRequestLine[], at = NOON) {
  return recordOrder(handle.db, {
    lines,
    context: await readCheckoutContext(handle.db, at),
    account: null,
    details: PICK_UP,
    origin: ORIGIN,
  });
}

async function left(id: string, day = "2026-01-09") {
  const [row] = await handle.db
    .select({ sisa: dailyPortions.sisa })
    .from(dailyPortions)
    .where(and(eq(dailyPortions.menu_item_id, id), eq(dailyPortions.day, day)));
  return row?.sisa;
}

async function limit(id: string, porsi: number | null) {
  await handle.db.update(menuItems).set({ porsi_harian: porsi }).where(eq(menuItems.id, id));
  // Each test starts on a clean day: the orders of earlier tests hold nothing.
  await handle.db.delete(orderPortions);
  await handle.db.update(orders).set({ status: "batal" });
  await handle.db.delete(dailyPortions);
  invalidateContentCache();
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await handle.db.update(promos).set({ aktif: false });
  await handle.db
    .update(storeSettings)
    .set({ opening_hours: DEFAULT_OPENING_HOURS.map((day) => ({ ...day })), timezone: "Asia/Makassar" })
    .where(eq(storeSettings.id, 1));
  const id = newUserId();
  actor = { id, email: `porsi-${id.toLowerCase()}@contoh.test` };
  await handle.db
    .insert(users)
    .values({ id, nama: "Kasir", email: actor.email, provider: "password", role: "pemilik" });
});
beforeEach(() => limit("es-nyala", 10));
afterAll(async () => {
  await handle?.close();
});

describe(`daily portions (${testDatabaseKind()})`, () => {
  it("records exactly the portions there are when checkouts arrive at once, the rest refused", async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        order([
          { id: "es-nyala", jumlah: 1 },
          { id: "es-teh-jumbo", jumlah: 1 },
        ]),
      ),
    );
    const recorded = answers.filter((answer) => answer.ok);
    const refused = answers.filter((answer) => !answer.ok);
    expect(recorded).toHaveLength(10);
    expect(refused.map((answer) => [answer.status, !answer.ok && answer.message])).toEqual(
      Array.from({ length: 15 }, () => [409, PORTION_MESSAGES.runOut("Es Nyala")]),
    );
    expect(await left("es-nyala")).toBe(0);
    const [held] = await handle.db
      .select({ n: sql<number>`sum(${orderPortions.jumlah})::int` })
      .from(orderPortions);
    expect(held?.n).toBe(10);
    // A refused checkout wrote nothing: no order beyond the ten holds a line.
    const [recordedRows] = await handle.db.select({ n: count() }).from(orders);
    expect(recordedRows?.n).toBe(10);
  });

  it("refuses more than is left with how many are, and takes nothing of the other lines", async () => {
    expect((await order([{ id: "es-nyala", jumlah: 7 }])).ok).toBe(true);
    const answer = await order([{ id: "es-nyala", jumlah: 4 }]);
    expect(answer).toEqual({ ok: false, status: 409, message: PORTION_MESSAGES.tooFew("Es Nyala", 3) });
    expect(await left("es-nyala")).toBe(3);
  });

  it("gives the portions back when the order is cancelled or cleared as never sent, once", async () => {
    const first = await order([{ id: "es-nyala", jumlah: 4 }]);
    const second = await order([{ id: "es-nyala", jumlah: 2 }], new Date(NOON.getTime() - 3_600_000));
    if (!first.ok || !second.ok) throw new Error("not recorded");
    expect(await left("es-nyala")).toBe(4);
    const cancel = { code: first.order.code, status: "batal", alasan: "Pelanggan batal" };
    expect((await changeOrderStatus(handle.db, actor, cancel)).ok).toBe(true);
    expect(await left("es-nyala")).toBe(8);
    expect((await changeOrderStatus(handle.db, actor, cancel)).ok).toBe(false);
    expect(await left("es-nyala")).toBe(8);
    expect(await clearUnsent(handle.db, actor, new Date(NOON.getTime() + 3_600_000))).toEqual([
      second.order.code,
    ]);
    expect(await left("es-nyala")).toBe(10);
  });

  it("gives back what an edit lowers and refuses an edit past what is left, keeping the old lines", async () => {
    const placed = await order([{ id: "es-nyala", jumlah: 4 }]);
    if (!placed.ok) throw new Error("not recorded");
    const edit = (jumlah: number) =>
      handle.db.transaction((tx) =>
        retakePortions(tx, {
          orderId: placed.order.id,
          lines: [{ menu_item_id: "es-nyala", jumlah }],
          store: STORE,
          at: NOON,
        }),
      );
    await edit(1);
    expect(await left("es-nyala")).toBe(9);
    await expect(edit(11)).rejects.toThrow(PORTION_MESSAGES.tooFew("Es Nyala", 10));
    expect(await left("es-nyala")).toBe(9);
  });

  it("counts an order against the day it is cooked: before opening the new day's, past midnight the evening's", async () => {
    expect((await order([{ id: "es-nyala", jumlah: 10 }])).ok).toBe(true);
    // Saturday 10 January, 09.00 WITA, closed: the order is cooked at the 10.00 opening, from Saturday's count.
    const early = new Date("2026-01-10T01:00:00Z");
    expect((await order([{ id: "es-nyala", jumlah: 1 }], early)).ok).toBe(true);
    expect([await left("es-nyala"), await left("es-nyala", "2026-01-10")]).toEqual([0, 9]);
    const setStore = async (values: Partial<typeof storeSettings.$inferInsert>) => {
      await handle.db.update(storeSettings).set(values).where(eq(storeSettings.id, 1));
      invalidateContentCache();
    };
    try {
      // Open on Friday until 02.00: Saturday 01.00 is still Friday's evening, and Friday's count is out.
      const lateFriday = DEFAULT_OPENING_HOURS.map((day, index) =>
        index === 4 ? { ...day, tutup: "02:00" } : day,
      );
      await setStore({ opening_hours: lateFriday });
      expect(await order([{ id: "es-nyala", jumlah: 1 }], new Date("2026-01-09T17:00:00Z"))).toMatchObject({
        ok: false,
        message: PORTION_MESSAGES.runOut("Es Nyala"),
      });
      // In Jayapura (WIT, an hour ahead) 09.30 WITA is already 10.30, open: Saturday's count.
      await setStore({ timezone: "Asia/Jayapura" });
      expect((await order([{ id: "es-nyala", jumlah: 1 }], new Date("2026-01-10T01:30:00Z"))).ok).toBe(true);
      expect(await left("es-nyala", "2026-01-10")).toBe(8);
    } finally {
      await setStore({
        opening_hours: DEFAULT_OPENING_HOURS.map((day) => ({ ...day })),
        timezone: "Asia/Makassar",
      });
    }
  });

  it("shows the storefront Sisa N when few are left and Habis at zero, nothing when plenty", async () => {
    const shown = async () => {
      invalidateContentCache();
      const items = (await getMenuSections(handle.db)).flatMap((section) => section.items);
      const item = items.find((entry) => entry.id === "es-nyala")!;
      return [item.sisa, item.tersedia];
    };
    expect(await shown()).toEqual([null, true]);
    await setTodaysPortion(handle.db, actor, { id: "es-nyala", sisa: "3" }, STORE, new Date());
    expect(await shown()).toEqual([3, true]);
    await setTodaysPortion(handle.db, actor, { id: "es-nyala", sisa: "0" }, STORE, new Date());
    expect(await shown()).toEqual([0, false]);
  });

  it("lets the board set today's count, refusing bad numbers and items without a daily count", async () => {
    const set = (id: string, sisa: string) => setTodaysPortion(handle.db, actor, { id, sisa }, STORE, NOON);
    expect(await set("es-nyala", "6")).toEqual({ ok: true });
    expect(await todaysPortions(handle.db, STORE, NOON)).toEqual([
      { id: "es-nyala", nama: "Es Nyala", porsiHarian: 10, sisa: 6 },
    ]);
    for (const bad of ["-1", "2,5", "abc", "10001", ""])
      expect(await set("es-nyala", bad)).toEqual({ ok: false, status: 400, message: PORTION_MESSAGES.count });
    expect(await set("es-teh-jumbo", "5")).toMatchObject({ ok: false, status: 400 });
    expect(await set("tidak-ada", "5")).toMatchObject({ ok: false, status: 404 });
    expect(await left("es-nyala")).toBe(6);
  });
});
