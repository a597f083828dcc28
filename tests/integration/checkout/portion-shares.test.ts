/**
 * The share of a dish's daily portions (docs/decisions/0057-portion-shares-replays-and-edits.md),
 * on PGlite and PostgreSQL: an online order takes at most the owner's share per order, one
 * client address at most its share of a business day, also when its checkouts arrive at once;
 * a hand order is not limited; a pre-order is counted against the day it is for.
 */
import { and, count, eq } from "drizzle-orm";
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
import { PORTION_MESSAGES } from "../../../app/features/catalog/portions.ts";
import { changeOrderStatus } from "../../../app/features/kitchen/board/board.server.ts";
import { readCheckoutContext } from "../../../app/features/checkout/checkout-context.server.ts";
import { recordHandOrder } from "../../../app/features/kitchen/counter/hand-order.server.ts";
import { editOrder } from "../../../app/features/kitchen/counter/order-edit.server.ts";
import { recordOrder, type OrderRequestLine } from "../../../app/features/checkout/record-order.server.ts";
import { updatePortionShare } from "../../../app/features/store/ordering-settings.server.ts";
import { DEFAULT_PORTION_SHARE } from "../../../app/features/store/portion-share-schema.ts";
import { DEFAULT_OPENING_HOURS } from "../../../app/features/store/opening-hours.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { ORIGIN, PICK_UP, PICK_UP_FORM } from "../../support/orders.ts";
import { action as quickAction } from "../../../app/routes/_site/keranjang-pesan.tsx";
import { Shopper } from "../cart/cart-support.ts";

let handle: DatabaseHandle;
let actor: Actor;
/** Friday 9 January 2026, 12.00 WITA; the store opens 10.00–22.00. */
const NOON = new Date("2026-01-09T04:00:00Z");
const FRIDAY = "2026-01-09";
const SATURDAY = "2026-01-10";
const HOME = "203.0.113.7";

async function order(lines: OrderRequestLine[], options: { at?: Date; client?: string; for?: Date } = {}) {
  return recordOrder(handle.db, {
    lines,
    context: await readCheckoutContext(handle.db, options.at ?? NOON),
    account: null,
    details: { ...PICK_UP, scheduledFor: options.for ?? null },
    origin: ORIGIN,
    client: options.client ?? null,
  });
}

const esNyala = (jumlah: number) => [{ id: "es-nyala", jumlah }];

async function left(day = FRIDAY) {
  const [row] = await handle.db
    .select({ sisa: dailyPortions.sisa })
    .from(dailyPortions)
    .where(and(eq(dailyPortions.menu_item_id, "es-nyala"), eq(dailyPortions.day, day)));
  return row?.sisa;
}

const share = (perOrder: number, perAddress: number) =>
  updatePortionShare(handle.db, actor, { portions_per_order: perOrder, portions_per_address: perAddress });

const orderCount = async () => (await handle.db.select({ n: count() }).from(orders))[0]!.n;

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
    .values({ id, nama: "Pemilik", email: actor.email, provider: "password", role: "pemilik" });
});
beforeEach(async () => {
  await handle.db.update(menuItems).set({ porsi_harian: 30 }).where(eq(menuItems.id, "es-nyala"));
  await handle.db.delete(orderPortions);
  await handle.db.update(orders).set({ status: "batal" });
  await handle.db.delete(dailyPortions);
  await share(DEFAULT_PORTION_SHARE.perOrder, DEFAULT_PORTION_SHARE.perAddress);
});
afterAll(async () => {
  await handle?.close();
});

describe(`the share of a day's portions (${testDatabaseKind()})`, () => {
  it("lets one online order take at most the owner's share, a hand order more, and writes nothing refused", async () => {
    const before = await orderCount();
    expect(await order(esNyala(11))).toEqual({
      ok: false,
      status: 409,
      message: PORTION_MESSAGES.perOrder("Es Nyala", 10),
    });
    await share(3, 6);
    expect(await order(esNyala(4), { client: HOME })).toMatchObject({
      ok: false,
      message: PORTION_MESSAGES.perOrder("Es Nyala", 3),
    });
    expect(await orderCount()).toBe(before);
    expect((await order(esNyala(3))).ok).toBe(true);
    expect(await left()).toBe(27);

    const form = new FormData();
    for (const [name, value] of Object.entries({ menu: "es-nyala", jumlah: "12", catatan: "" }))
      form.append(name, value);
    for (const [name, value] of Object.entries({ nama: "Bu Sari", cara: "ambil", waktu: "secepatnya" }))
      form.append(name, value);
    const hand = await recordHandOrder(
      handle.db,
      actor,
      form,
      await readCheckoutContext(handle.db, NOON),
      ORIGIN,
    );
    expect(hand.ok).toBe(true);
    expect(await left()).toBe(30 - 3 - 12);
  });

  it("lets one client address take at most its share of a business day, across orders, until one is cancelled", async () => {
    await share(3, 5);
    const first = await order(esNyala(3), { client: HOME });
    expect((await order(esNyala(2), { client: HOME })).ok).toBe(true);
    expect(await order(esNyala(1), { client: HOME })).toEqual({
      ok: false,
      status: 409,
      message: PORTION_MESSAGES.perAddress("Es Nyala", 5, 5),
    });
    // Another address, and the next business day, have their own share.
    expect((await order(esNyala(3), { client: "198.51.100.9" })).ok).toBe(true);
    expect((await order(esNyala(3), { client: HOME, at: new Date("2026-01-10T04:00:00Z") })).ok).toBe(true);
    expect([await left(), await left(SATURDAY)]).toEqual([30 - 8, 27]);

    if (!first.ok) throw new Error(first.message);
    const cancel = { code: first.order.code, status: "batal", alasan: "Pelanggan batal" };
    expect((await changeOrderStatus(handle.db, actor, cancel)).ok).toBe(true);
    expect((await order(esNyala(3), { client: HOME })).ok).toBe(true);
    expect(await order(esNyala(1), { client: HOME })).toMatchObject({
      ok: false,
      message: PORTION_MESSAGES.perAddress("Es Nyala", 5, 5),
    });
  });

  it("counts a network address's quick checkouts and cart checkouts together", async () => {
    await share(3, 5);
    const address = "203.0.113.50";
    const quick = (shopper: Shopper, jumlah: string) =>
      shopper.send(
        (args) => quickAction({ ...args, params: { menu: "es-nyala" } } as Parameters<typeof quickAction>[0]),
        "/keranjang/pesan/es-nyala",
        { ...PICK_UP_FORM, menu: "es-nyala", "harga-es-nyala": "8000", jumlah },
      );
    expect((await quick(new Shopper({ address }), "3")).status).toBe(201);
    const cart = await new Shopper({ address }).fill([{ id: "es-nyala", jumlah: 2 }]);
    expect((await cart.checkout()).status).toBe(201);
    const refused = await quick(new Shopper({ address }), "1");
    expect([refused.status, refused.json?.message]).toEqual([
      409,
      PORTION_MESSAGES.perAddress("Es Nyala", 5, 5),
    ]);
    expect((await quick(new Shopper(), "1")).status).toBe(201);
  });

  it("holds for one address's checkouts that arrive at once", async () => {
    await share(2, 5);
    const answers = await Promise.all(Array.from({ length: 12 }, () => order(esNyala(2), { client: HOME })));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(2);
    expect(answers.filter((answer) => !answer.ok).map((answer) => !answer.ok && answer.message)).toEqual(
      Array.from({ length: 10 }, () => PORTION_MESSAGES.perAddress("Es Nyala", 5, 4)),
    );
    expect(await left()).toBe(26);
  });

  it("counts a pre-order against the day it is for, so a day's count is promised once", async () => {
    await handle.db.update(menuItems).set({ porsi_harian: 10 }).where(eq(menuItems.id, "es-nyala"));
    // Friday evening, for Saturday 13.00: Saturday's count, Friday's untouched.
    const saturdayLunch = new Date("2026-01-10T05:00:00Z");
    const evening = new Date("2026-01-09T13:00:00Z");
    const preOrder = await order(esNyala(6), { at: evening, for: saturdayLunch });
    expect((await order(esNyala(4), { at: evening, for: saturdayLunch })).ok).toBe(true);
    expect([await left(), await left(SATURDAY)]).toEqual([undefined, 0]);
    expect(await order(esNyala(1), { at: new Date("2026-01-10T04:00:00Z") })).toMatchObject({
      ok: false,
      message: PORTION_MESSAGES.runOut("Es Nyala"),
    });
    expect((await order(esNyala(1), { at: evening })).ok).toBe(true);
    expect(await left()).toBe(9);

    // Edited on Saturday morning, the pre-order gives back to and takes from Saturday's count.
    if (!preOrder.ok) throw new Error(preOrder.message);
    const form = new FormData();
    for (const [name, value] of Object.entries({ menu: "es-nyala", jumlah: "2", catatan: "", versi: "1" }))
      form.append(name, value);
    const context = await readCheckoutContext(handle.db, new Date("2026-01-10T01:00:00Z"));
    expect(await editOrder(handle.db, actor, preOrder.order.code, form, context)).toMatchObject({ ok: true });
    expect([await left(), await left(SATURDAY)]).toEqual([9, 4]);
  });
});
