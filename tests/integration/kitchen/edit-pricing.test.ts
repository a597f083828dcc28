/**
 * What a staff edit charges (docs/decisions/0057-portion-shares-replays-and-edits.md), on PGlite
 * and PostgreSQL: a dish the order holds keeps the price it was recorded at, what the edit adds
 * takes today's; promos apply as when the order was recorded, a happy hour long over included;
 * a total the order's payment method cannot take (QRIS above its ceiling) is refused, nothing
 * written.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import {
  menuItems,
  orderDiscounts,
  orderItems,
  orders,
  promos,
  storeSettings,
  users,
} from "../../../database/schema.ts";
import type { Actor } from "../../../app/features/audit/audit-log.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { readCheckoutContext } from "../../../app/features/checkout/checkout-context.server.ts";
import { recordOrder, type OrderRequestLine } from "../../../app/features/checkout/record-order.server.ts";
import { EDIT_MESSAGES, editOrder } from "../../../app/features/kitchen/counter/order-edit.server.ts";
import type { PromoRule } from "../../../app/features/promotions/rule.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { ORIGIN, PICK_UP, openAllDay } from "../../support/orders.ts";

let handle: DatabaseHandle;
let admin: Actor;
/** Friday 9 January 2026, 15.00 WITA. */
const AFTERNOON = new Date("2026-01-09T07:00:00Z");
const HOUR = 3_600_000;

async function place(lines: OrderRequestLine[], options: { at?: Date; payment?: "qris" | "tunai" } = {}) {
  const result = await recordOrder(handle.db, {
    lines,
    context: await readCheckoutContext(handle.db, options.at ?? AFTERNOON),
    account: null,
    details: PICK_UP,
    origin: ORIGIN,
    payment: options.payment,
  });
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

async function edit(
  code: string,
  rows: [string, number, string?][],
  fields: Record<string, string>,
  at: Date,
) {
  const form = new FormData();
  for (const [menu, jumlah, catatan = ""] of rows) {
    form.append("menu", menu);
    form.append("jumlah", String(jumlah));
    form.append("catatan", catatan);
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return editOrder(handle.db, admin, code, form, await readCheckoutContext(handle.db, at));
}

const stored = async (code: string) => {
  const [order] = await handle.db.select().from(orders).where(eq(orders.code, code));
  const lines = await handle.db
    .select({ id: orderItems.menu_item_id, harga: orderItems.harga, jumlah: orderItems.jumlah })
    .from(orderItems)
    .where(eq(orderItems.order_id, order!.id))
    .orderBy(asc(orderItems.id));
  const discounts = await handle.db
    .select({ title: orderDiscounts.title, amount: orderDiscounts.amount })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.order_id, order!.id));
  return { version: order!.version, subtotal: order!.subtotal, total: order!.total, lines, discounts };
};

const setPrice = async (id: string, harga: number) => {
  await handle.db.update(menuItems).set({ harga }).where(eq(menuItems.id, id));
  invalidateContentCache();
};

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await openAllDay(handle.db);
  await handle.db.update(storeSettings).set({ timezone: "Asia/Makassar" }).where(eq(storeSettings.id, 1));
  await handle.db.update(promos).set({ aktif: false });
  invalidateContentCache();
  const id = newUserId();
  const email = `kasir-${id.toLowerCase()}@contoh.test`;
  await handle.db.insert(users).values({ id, nama: "Kasir", email, provider: "password", role: "pemilik" });
  admin = { id, email };
});
afterAll(async () => {
  await handle?.close();
});

describe(`what an edit charges (${testDatabaseKind()})`, () => {
  it("keeps the recorded price of each dish the order holds; only what it adds takes today's", async () => {
    const placed = await place([
      { id: "es-nyala", jumlah: 1 },
      { id: "mie-nyala-level-1", jumlah: 1 },
    ]);
    expect(placed.total).toBe(18_000);
    await setPrice("es-nyala", 9_000);
    await setPrice("mie-nyala-level-1", 12_000);
    try {
      // A note changes nothing of the price, though the menu's went up.
      const noted = await edit(
        placed.code,
        [
          ["es-nyala", 1, "tanpa es"],
          ["mie-nyala-level-1", 1],
        ],
        { versi: "1" },
        AFTERNOON,
      );
      expect(noted).toMatchObject({ ok: true, total: 18_000 });
      // Two Es Nyala at 8.000 as recorded, and a Level 2 (a dish at another level) at today's 11.000.
      const answer = await edit(
        placed.code,
        [
          ["es-nyala", 2],
          ["mie-nyala-level-2", 1],
        ],
        { versi: "2", total: "27000" },
        AFTERNOON,
      );
      expect(answer).toMatchObject({ ok: true, total: 27_000 });
      expect((await stored(placed.code)).lines).toEqual([
        { id: "es-nyala", harga: 8_000, jumlah: 2 },
        { id: "mie-nyala-level-2", harga: 11_000, jumlah: 1 },
      ]);
    } finally {
      await setPrice("es-nyala", 8_000);
      await setPrice("mie-nyala-level-1", 10_000);
    }
  });

  it("prices with a happy hour the order was recorded in, long after it ended", async () => {
    const rule: PromoRule = {
      days: [0, 1, 2, 3, 4, 5, 6],
      time_from: "14:00",
      time_until: "16:00",
      audience: "semua",
      per_customer: null,
      targets: ["item:es-nyala"],
      kind: "persen",
      percent: 50,
      amount: null,
      buy: null,
      free: null,
      reward: null,
      bundle: [],
      bundle_price: null,
      min_subtotal: 0,
      combinable: true,
    };
    const [promo] = await handle.db
      .insert(promos)
      .values({
        title: "Happy Hour Es Nyala",
        description: "",
        image: "/images/promo/promo-1.webp",
        urutan: 0,
        rule,
        active_until: new Date(AFTERNOON.getTime() + HOUR),
      })
      .returning({ id: promos.id });
    invalidateContentCache();
    try {
      const placed = await place([{ id: "es-nyala", jumlah: 2 }]);
      expect(placed.total).toBe(8_000);
      // 18.00 WITA, past the happy hour and the promo's last day: the order keeps its price.
      const evening = new Date(AFTERNOON.getTime() + 3 * HOUR);
      const noted = await edit(placed.code, [["es-nyala", 2, "sedikit es"]], { versi: "1" }, evening);
      expect(noted).toMatchObject({ ok: true, total: 8_000 });
      const more = await edit(placed.code, [["es-nyala", 3]], { versi: "2", total: "12000" }, evening);
      expect(more).toMatchObject({ ok: true, total: 12_000 });
      expect((await stored(placed.code)).discounts).toEqual([
        { title: "Happy Hour Es Nyala", amount: 12_000 },
      ]);
    } finally {
      await handle.db.delete(promos).where(eq(promos.id, promo!.id));
      invalidateContentCache();
    }
  });

  it("refuses a total the order's QRIS cannot take, writing nothing; the same edit goes through in cash", async () => {
    await setPrice("es-nyala", 2_000_000);
    try {
      const qris = await place([{ id: "es-nyala", jumlah: 4 }], { payment: "qris" });
      const before = await stored(qris.code);
      const refused = await edit(qris.code, [["es-nyala", 6]], { versi: "1", total: "12000000" }, AFTERNOON);
      expect(refused).toEqual({
        ok: false,
        status: 400,
        message: EDIT_MESSAGES.unpayable(12_000_000, "QRIS"),
      });
      expect(await stored(qris.code)).toEqual(before);

      const cash = await place([{ id: "es-nyala", jumlah: 4 }], { payment: "tunai" });
      const agreed = await edit(cash.code, [["es-nyala", 6]], { versi: "1", total: "12000000" }, AFTERNOON);
      expect(agreed).toMatchObject({ ok: true, total: 12_000_000 });
    } finally {
      await setPrice("es-nyala", 8_000);
    }
  });
});
