/**
 * The report's hourly totals (docs/decisions/0032-report-totals.md) against the orders they sum:
 * after every way an order changes — checkout, the board, a replacement, clearing the unsent,
 * discounts and lines written later, an order moved in time or deleted, a promo or a dish deleted
 * — the report read from the totals is the one read from every order.
 */
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../../database/client.server.ts";
import { ORDER_STATUSES } from "../../../database/types.ts";
import { menuItems, orderDiscounts, orderItems, orders, promos, users } from "../../../database/schema.ts";
import { changeOrderStatus, clearUnsent } from "../../../app/features/kitchen/board/board.server.ts";
import { readCheckoutContext } from "../../../app/features/checkout/checkout-context.server.ts";
import { editOrder } from "../../../app/features/kitchen/counter/order-edit.server.ts";
import { CONFIRMED_STATUSES } from "../../../app/features/orders/order-status.ts";
import { orderReport } from "../../../app/features/reports/report.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { startOfZonedDay, zonedDateString } from "../../../app/features/store/opening-hours.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { databaseMigratedTo } from "../../support/migrations.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { placeOrder } from "../../support/orders.ts";

const WITA = "Asia/Makassar";
const NOW = new Date("2026-11-20T12:00:00+08:00");
const DAY_MS = 24 * 3600_000;

let handle: DatabaseHandle;
let actor: { id: string; email: string };
beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  const id = newUserId();
  actor = { id, email: `kasir-${id.toLowerCase()}@contoh.test` };
  await handle.db
    .insert(users)
    .values({ id, nama: "Kasir", email: actor.email, provider: "password", role: "pemilik" });
});
afterAll(async () => {
  await handle?.close();
});

/** The 30-day report as it was read before the totals: every order of the window, summed. */
async function reportFromOrders(db: Database, now: Date) {
  const today = zonedDateString(now, WITA);
  const start = startOfZonedDay(today, WITA, -29);
  const end = startOfZonedDay(today, WITA, 1);
  const rows = await db
    .select()
    .from(orders)
    .where(and(gte(orders.created_at, start), lt(orders.created_at, end)));
  const confirmed = rows.filter((row) => (CONFIRMED_STATUSES as readonly string[]).includes(row.status));
  const ids = confirmed.map((row) => row.id);
  const lines = ids.length ? await db.select().from(orderItems).where(inArray(orderItems.order_id, ids)) : [];
  const discounts = ids.length
    ? await db.select().from(orderDiscounts).where(inArray(orderDiscounts.order_id, ids))
    : [];
  const days = new Map<string, { orders: number; revenue: number; unconfirmed: number; cancelled: number }>();
  for (let index = 0; index < 30; index++)
    days.set(zonedDateString(startOfZonedDay(today, WITA, index - 29), WITA), {
      orders: 0,
      revenue: 0,
      unconfirmed: 0,
      cancelled: 0,
    });
  for (const row of rows) {
    const day = days.get(zonedDateString(row.created_at, WITA))!;
    if (confirmed.includes(row)) {
      day.orders++;
      day.revenue += row.total;
    } else if (row.status === "baru") day.unconfirmed++;
    else if (row.status === "batal" && !row.replaced_by && !row.cleared_unsent) day.cancelled++;
  }
  const sold = new Map<string, { nama: string; jumlah: number; revenue: number }>();
  for (const line of lines) {
    const item = sold.get(line.nama) ?? { nama: line.nama, jumlah: 0, revenue: 0 };
    item.jumlah += line.jumlah;
    item.revenue += line.subtotal;
    sold.set(line.nama, item);
  }
  const promoTotals = new Map<string, { title: string; id: number; orders: Set<number>; amount: number }>();
  for (const line of discounts) {
    const key = line.promo_id === null ? `judul:${line.title}` : String(line.promo_id);
    const entry = promoTotals.get(key) ?? { title: line.title, id: line.id, orders: new Set(), amount: 0 };
    if (line.id >= entry.id) Object.assign(entry, { title: line.title, id: line.id });
    entry.orders.add(line.order_id);
    entry.amount += line.amount;
    promoTotals.set(key, entry);
  }
  const list = [...days.entries()].map(([date, day]) => ({ date, ...day }));
  // By payment method, then paid or not (decision 0040), as the report orders them.
  const split = new Map<string, { method: string | null; paid: boolean; orders: number; revenue: number }>();
  for (const row of confirmed) {
    const key = `${row.payment_method ?? ""}|${row.paid_at !== null}`;
    const entry = split.get(key) ?? {
      method: row.payment_method,
      paid: row.paid_at !== null,
      orders: 0,
      revenue: 0,
    };
    entry.orders++;
    entry.revenue += row.total;
    split.set(key, entry);
  }
  return {
    payments: [...split.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, entry]) => entry),
    days: list,
    bestSellers: [...sold.values()]
      .sort((a, b) => b.jumlah - a.jumlah || (a.nama < b.nama ? -1 : 1))
      .slice(0, 10),
    discounts: [...promoTotals.values()]
      .map((entry) => ({ title: entry.title, orders: entry.orders.size, amount: entry.amount }))
      .sort((a, b) => b.amount - a.amount),
    totalGross: confirmed.reduce((total, row) => total + row.subtotal, 0),
    totalOrders: confirmed.length,
    totalRevenue: confirmed.reduce((total, row) => total + row.total, 0),
    totalUnconfirmed: list.reduce((total, day) => total + day.unconfirmed, 0),
    totalCancelled: list.reduce((total, day) => total + day.cancelled, 0),
  };
}

async function expectSameReport(now = NOW, db = handle.db) {
  const fromTotals = await orderReport(db, WITA, now);
  const expected = await reportFromOrders(db, now);
  // Hand orders are counted from the orders themselves (counter.test.ts checks them).
  const { totalDiscount, kasir: _kasir, ...rest } = fromTotals;
  expect(rest).toEqual(expected);
  expect(totalDiscount).toBe(expected.discounts.reduce((total, entry) => total + entry.amount, 0));
}

/** A checkout `daysAgo` days (and some hours) before NOW. */
async function placed(
  menu: string,
  jumlah: number,
  daysAgo: number,
  options: Parameters<typeof placeOrder>[2] = {},
) {
  const order = await placeOrder(handle.db, [{ id: menu, jumlah }], options);
  const at = new Date(NOW.getTime() - daysAgo * DAY_MS - (order.id % 7) * 3600_000);
  await handle.db.update(orders).set({ created_at: at }).where(eq(orders.id, order.id));
  return order;
}

const setStatus = (code: string, status: string) =>
  changeOrderStatus(handle.db, actor, {
    code,
    status,
    alasan: status === "batal" ? "Bahan habis" : undefined,
  });

describe(`the report's totals (${testDatabaseKind()})`, () => {
  it("count an order the way the report does for every status: sales, cancellations, the rest not", async () => {
    for (const status of ORDER_STATUSES)
      for (const [replaced, cleared] of [
        [null, false],
        ["NY-AAAA", false],
        [null, true],
      ] as const) {
        const result = await handle.db.execute(
          sql`select order_outcome(${status}, ${replaced}, ${cleared}) as outcome`,
        );
        const [row] = (result as unknown as { rows: { outcome: string | null }[] }).rows;
        const expected = (CONFIRMED_STATUSES as readonly string[]).includes(status)
          ? "confirmed"
          : status === "batal" && !replaced && !cleared
            ? "cancelled"
            : null;
        expect(row?.outcome, `${status} ${replaced} ${cleared}`).toBe(expected);
      }
  });

  it("give the report of every order after each way orders change", async () => {
    const [promo] = await handle.db.select({ id: promos.id }).from(promos).limit(1);
    const codes: string[] = [];
    for (let index = 0; index < 24; index++) {
      const menu = ["es-nyala", "pangsit-goreng", "mie-nyala-level-1", "es-teh-jumbo"][index % 4]!;
      codes.push((await placed(menu, 1 + (index % 3), index * 1.7)).code);
    }
    await expectSameReport();

    // The board: taken up, cooked, finished; some cancelled after being taken up.
    for (const [index, code] of codes.entries()) {
      if (index % 5 === 4) continue;
      await setStatus(code, "diterima");
      if (index % 3 === 0) await setStatus(code, "dimasak");
      if (index % 7 === 1) await setStatus(code, "batal");
    }
    await expectSameReport();

    // A taken-up order changed by the staff: its lines replaced, priced again.
    const edit = new FormData();
    for (const [name, value] of [
      ["versi", "1"],
      ["menu", "es-nyala"],
      ["jumlah", "1"],
    ] as const)
      edit.append(name, value);
    const edited = await editOrder(handle.db, actor, codes[2]!, edit, await readCheckoutContext(handle.db));
    expect(edited.ok).toBe(true);
    await expectSameReport();

    // Discounts written on a taken-up order and on a new one; a promo renamed at a later checkout.
    const idOf = async (code: string) =>
      (await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.code, code)))[0]!;
    // codes[0] was taken up and cooked, codes[2] taken up; codes[4] is still new.
    const [first, second] = [await idOf(codes[0]!), await idOf(codes[4]!)];
    await handle.db.insert(orderDiscounts).values([
      { order_id: first!.id, promo_id: promo!.id, title: "Promo Lama", amount: 2_000 },
      { order_id: second!.id, promo_id: promo!.id, title: "Promo Lama", amount: 1_000 },
      { order_id: first!.id, promo_id: null, title: "Potongan Manual", amount: 500 },
    ]);
    await handle.db.insert(orderDiscounts).values({
      order_id: (await idOf(codes[2]!)).id,
      promo_id: promo!.id,
      title: "Promo Baru",
      amount: 1_500,
    });
    await expectSameReport();

    // A line added to a taken-up order, one removed, one corrected; an order moved to another day.
    await handle.db.insert(orderItems).values({
      order_id: first!.id,
      menu_item_id: "es-nyala",
      nama: "Es Nyala",
      harga: 8_000,
      jumlah: 4,
      subtotal: 32_000,
    });
    const [oneLine] = await handle.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.order_id))
      .where(eq(orders.code, codes[3]!))
      .limit(1);
    await handle.db.delete(orderItems).where(eq(orderItems.id, oneLine!.id));
    await handle.db
      .update(orderItems)
      .set({ jumlah: 5, subtotal: sql`${orderItems.harga} * 5` })
      .where(eq(orderItems.order_id, first!.id));
    await handle.db
      .update(orders)
      .set({ created_at: new Date(NOW.getTime() - 2 * DAY_MS) })
      .where(eq(orders.code, codes[6]!));
    await expectSameReport();

    // Paid by QRIS, another paid in cash, one of them unpaid again (decision 0040).
    for (const [index, code] of codes.slice(0, 6).entries()) {
      const paid = { payment_method: index % 2 ? ("qris" as const) : ("tunai" as const), paid_at: NOW };
      await handle.db.update(orders).set(paid).where(eq(orders.code, code));
    }
    await handle.db.update(orders).set({ paid_at: null }).where(eq(orders.code, codes[1]!));
    await expectSameReport();

    // A replaced checkout, the unsent cleared, a deleted order, a deleted promo and a deleted dish.
    const pending = await placed("es-nyala", 2, 0.1);
    await placeOrder(handle.db, [{ id: "pangsit-goreng", jumlah: 1 }], {
      replaces: { code: pending.code, token: pending.token },
    });
    await handle.db.update(orders).set({ sent_at: null }).where(eq(orders.code, codes[9]!));
    await clearUnsent(handle.db, actor, new Date(NOW.getTime() + 3600_000));
    await handle.db.delete(orders).where(eq(orders.code, codes[12]!));
    await handle.db.delete(promos).where(eq(promos.id, promo!.id));
    await handle.db.insert(menuItems).values({
      id: "mie-sementara",
      nama: "Mie Sementara",
      category_id: "makanan",
      harga: 9_000,
      gambar: "/x.webp",
    });
    invalidateContentCache();
    const temporary = await placed("mie-sementara", 2, 1);
    await setStatus(temporary.code, "diterima");
    await handle.db.delete(menuItems).where(eq(menuItems.id, "mie-sementara"));
    await expectSameReport();
    // Other windows: a week earlier, and one that starts among these orders.
    await expectSameReport(new Date(NOW.getTime() - 7 * DAY_MS));
    await expectSameReport(new Date(NOW.getTime() + 20 * DAY_MS));
  }, 120_000);

  it("are filled by their migration from the orders already there", async () => {
    const before = await databaseMigratedTo("0016_web_push");
    try {
      // Rows as they were then, written by hand: the app's seed writes today's columns.
      const { db } = before.handle;
      await db.execute(sql`
        insert into orders (code, status, subtotal, total, cleared_unsent, replaced_by, created_at)
        select 'NY-' || g, (array['baru','diterima','selesai','batal','batal','siap'])[1 + g % 6],
               20000, 18000, g % 12 = 4, case when g % 12 = 10 then 'NY-X' end,
               ${NOW}::timestamptz - make_interval(hours => g * 5)
        from generate_series(1, 60) g`);
      await db.execute(sql`
        insert into order_items (order_id, menu_item_id, nama, harga, jumlah, subtotal)
        select id, null, 'Es Nyala', 8000, 1 + id % 2, 8000 * (1 + id % 2) from orders`);
      await db.execute(sql`
        insert into order_discounts (order_id, promo_id, title, amount)
        select id, null, 'Potongan ' || id % 2, 2000 from orders where id % 3 = 0`);
      await before.migrate();
      await expectSameReport(NOW, db);
    } finally {
      await before.close();
    }
  }, 120_000);
});
