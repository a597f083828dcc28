/**
 * Promotions at checkout (#16), on PGlite and PostgreSQL: the cart page prices the server's cart
 * with the promos, the checkout prices it again and records the discount lines with the order,
 * the message lists them, a changed total is answered instead of recorded, "Ambil Promo" fills
 * the cart; and over random carts and rule sets (fast-check; FC_SEED replays a failure) the
 * order, its discount lines and the page agree. The store is open all day, so the moments of the
 * page and the checkout cannot fall on two sides of a window (those are the pricing's own tests).
 */
import { eq, isNotNull, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import type { PromoRule, PromoTarget } from "../../../database/types.ts";
import { orderDiscounts, orders, promos } from "../../../database/schema.ts";
import { action as cartAction } from "../../../app/routes/_site/keranjang.tsx";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { Shopper } from "../cart/cart-support.ts";
import { openAllDay } from "../../support/orders.ts";

let handle: DatabaseHandle;
const BUY_TWO = "Beli 2 Mie Gratis Es Teh Jumbo";
const seed = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {};

const promoId = async (title: string) =>
  (await handle.db.select({ id: promos.id }).from(promos).where(eq(promos.title, title)))[0]!.id;

async function setPromo(title: string, aktif: boolean) {
  await handle.db.update(promos).set({ aktif }).where(eq(promos.title, title));
  invalidateContentCache();
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await openAllDay(handle.db);
  // The Monday promo is off, so the totals do not depend on the day the tests run.
  await setPromo("Diskon 20% Hari Senin", false);
});
afterAll(async () => {
  await handle?.close();
});

describe(`checkout with promotions (${testDatabaseKind()})`, () => {
  it("the issue's cart: 2x Mie Nyala Level 1 and an Es Teh Jumbo cost Rp 20.000 in the cart, the message and the order", async () => {
    const shopper = await new Shopper().fill([
      { id: "mie-nyala-level-1", jumlah: 2 },
      { id: "es-teh-jumbo", jumlah: 1 },
    ]);
    const { pricing } = await shopper.cart();
    expect(pricing).toMatchObject({
      subtotal: 25_000,
      discounts: [{ title: BUY_TWO, amount: 5_000 }],
      total: 20_000,
    });

    const answer = await shopper.checkout();
    expect(answer.status, answer.body).toBe(201);
    expect(answer.json?.total).toBe(20_000);
    const message = answer.json?.message as string;
    expect(message).toContain(
      ["Subtotal: Rp 25.000", `Promo ${BUY_TWO}: -Rp 5.000`, "Total: Rp 20.000"].join("\n"),
    );
    const [row] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.code, answer.json?.code as string));
    expect(row).toMatchObject({ subtotal: 25_000, total: 20_000 });
    expect(
      await handle.db
        .select({
          promo_id: orderDiscounts.promo_id,
          title: orderDiscounts.title,
          amount: orderDiscounts.amount,
        })
        .from(orderDiscounts)
        .where(eq(orderDiscounts.order_id, row!.id)),
    ).toEqual([{ promo_id: await promoId(BUY_TWO), title: BUY_TWO, amount: 5_000 }]);
  });

  it("a promo that ends between the cart and the checkout: the new total is answered (409), nothing recorded; confirmed, it is recorded", async () => {
    const shopper = await new Shopper().fill([
      { id: "mie-nyala-level-2", jumlah: 2 },
      { id: "es-teh-jumbo", jumlah: 1 },
    ]);
    const seen = (await shopper.cart()).pricing.total;
    expect(seen).toBe(22_000);
    await setPromo(BUY_TWO, false);
    try {
      const before = (await handle.db.select({ id: orders.id }).from(orders)).length;
      const refused = await shopper.checkout({ total: String(seen) });
      expect([refused.status, refused.json?.message]).toEqual([
        409,
        "Total pesananmu kini Rp 27.000: promo atau harga berubah sejak keranjang dibuka. Periksa rinciannya, lalu tekan Pesan lagi.",
      ]);
      expect((await handle.db.select({ id: orders.id }).from(orders)).length).toBe(before);
      // The cart page, shown again, says the new total; the customer confirms it.
      expect((await shopper.cart()).pricing).toMatchObject({ discounts: [], total: 27_000 });
      const confirmed = await shopper.checkout();
      expect([confirmed.status, confirmed.json?.total]).toEqual([201, 27_000]);
    } finally {
      await setPromo(BUY_TWO, true);
    }
  });

  it("a hint when a promo is one noodle away", async () => {
    const shopper = await new Shopper().fill([{ id: "mie-nyala-level-3", jumlah: 1 }]);
    const { pricing } = await shopper.cart();
    expect(pricing.discounts).toEqual([]);
    expect(pricing.hints.map((hint) => hint.text)).toContain("Tambah 1 Mie Nyala lagi, Es Teh Jumbo gratis.");
  });

  it("'Ambil Promo' puts the promo's items in the cart through the cart's action, also without JavaScript", async () => {
    const shopper = new Shopper();
    const taken = await shopper.send(
      cartAction,
      "/keranjang",
      { intent: "ambil-promo", promo: String(await promoId(BUY_TWO)) },
      { plain: true },
    );
    expect([taken.status, taken.headers.get("location")]).toEqual([303, "/keranjang"]);
    const { cart, pricing } = await shopper.cart();
    expect(cart.lines.map((line) => [line.key, line.jumlah])).toEqual([
      ["mie-nyala-level-1#1", 2],
      ["es-teh-jumbo", 1],
    ]);
    expect(pricing.total).toBe(20_000);

    for (const promo of ["999999", "x", String(await promoId("Diskon 20% Hari Senin"))]) {
      const refused = await shopper.send(cartAction, "/keranjang", { intent: "ambil-promo", promo });
      expect([refused.status, refused.json?.message], promo).toEqual([
        404,
        "Promo ini sudah tidak berlaku. Muat ulang halaman untuk melihat promo yang ada.",
      ]);
    }
  });
});

/** The seed's menu: each level of Mie Nyala is its own item (ordered at its own level). */
const ITEMS = [
  { id: "mie-nyala-level-1", level: 1 },
  { id: "mie-nyala-level-2", level: 2 },
  { id: "mie-nyala-level-3", level: 3 },
  { id: "es-teh-jumbo" },
  { id: "es-nyala" },
  { id: "pangsit-goreng" },
];
const TARGETS: PromoTarget[] = [
  ...ITEMS.map((item) => `item:${item.id}` as const),
  "family:Mie Nyala",
  "category:makanan",
  "category:minuman",
];

const rule: fc.Arbitrary<PromoRule> = fc
  .record({
    targets: fc.uniqueArray(fc.constantFrom(...TARGETS), { maxLength: 2 }),
    kind: fc.constantFrom("persen", "potongan", "gratis", "paket"),
    percent: fc.integer({ min: 1, max: 100 }),
    amount: fc.integer({ min: 100, max: 60_000 }),
    buy: fc.integer({ min: 2, max: 3 }),
    reward: fc.option(fc.constantFrom(...TARGETS)),
    bundle: fc.uniqueArray(
      fc.record({ target: fc.constantFrom(...TARGETS), jumlah: fc.integer({ min: 1, max: 2 }) }),
      { minLength: 2, maxLength: 2, selector: (part) => part.target },
    ),
    bundle_price: fc.integer({ min: 0, max: 15_000 }),
    min_subtotal: fc.constantFrom(0, 0, 20_000),
    combinable: fc.boolean(),
  })
  .map((fields) => ({
    days: [0, 1, 2, 3, 4, 5, 6],
    time_from: null,
    time_until: null,
    audience: "semua" as const,
    per_customer: null,
    targets: fields.kind === "paket" ? [] : fields.targets,
    kind: fields.kind,
    percent: fields.kind === "persen" ? fields.percent : null,
    amount: fields.kind === "potongan" ? fields.amount : null,
    buy: fields.kind === "gratis" ? fields.buy : null,
    free: fields.kind === "gratis" ? 1 : null,
    reward: fields.kind === "gratis" ? fields.reward : null,
    bundle: fields.kind === "paket" ? fields.bundle : [],
    bundle_price: fields.kind === "paket" ? fields.bundle_price : null,
    min_subtotal: fields.min_subtotal,
    combinable: fields.combinable,
  }));

const cart = fc.uniqueArray(
  fc.record({ item: fc.constantFrom(...ITEMS), jumlah: fc.integer({ min: 1, max: 4 }) }),
  { minLength: 1, maxLength: 5, selector: (line) => line.item.id },
);

describe(`what the cart shows is what the order records (${testDatabaseKind()})`, () => {
  // The seeded promos make way for each run's own.
  beforeAll(async () => {
    await handle.db.update(promos).set({ aktif: false });
  });

  it("for random carts and rule sets: the same subtotal, discount lines and total; never below zero", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rule, { minLength: 1, maxLength: 4 }), cart, async (rules, lines) => {
        await handle.db.delete(promos).where(isNotNull(promos.rule));
        await handle.db.insert(promos).values(
          rules.map((entry, index) => ({
            title: `Uji ${index + 1}`,
            description: "",
            image: "/images/promo/promo-1.webp",
            urutan: index,
            rule: entry,
          })),
        );
        invalidateContentCache();

        const shopper = new Shopper();
        const stored = lines.map(({ item, jumlah }) => ({
          id: item.id,
          nama: "?",
          harga: 1,
          jumlah,
          level: item.level,
        }));
        expect((await shopper.importStored(JSON.stringify(stored))).status).toBe(200);
        const { pricing } = await shopper.cart();
        expect(pricing.total).toBeGreaterThanOrEqual(0);
        expect(pricing.discount).toBeLessThanOrEqual(pricing.subtotal);

        const answer = await shopper.checkout();
        expect(answer.status, answer.body).toBe(201);
        expect(answer.json?.total).toBe(pricing.total);
        const [row] = await handle.db
          .select()
          .from(orders)
          .where(eq(orders.code, answer.json?.code as string));
        expect([row?.subtotal, row?.total]).toEqual([pricing.subtotal, pricing.total]);
        const recorded = await handle.db
          .select({ title: orderDiscounts.title, amount: orderDiscounts.amount })
          .from(orderDiscounts)
          .where(eq(orderDiscounts.order_id, row!.id))
          .orderBy(orderDiscounts.id);
        expect(recorded).toEqual(pricing.discounts.map(({ title, amount }) => ({ title, amount })));
        const [sum] = await handle.db
          .select({ n: sql<number>`coalesce(sum(${orderDiscounts.amount}), 0)::double precision` })
          .from(orderDiscounts)
          .where(eq(orderDiscounts.order_id, row!.id));
        expect(Number(sum?.n)).toBe(pricing.subtotal - pricing.total);
      }),
      { numRuns: 25, ...seed },
    );
  });
});
