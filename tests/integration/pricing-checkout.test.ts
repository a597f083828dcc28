/**
 * The total the cart shows is the total the server records (#16), over random carts and rule
 * sets (fast-check; FC_SEED replays a failure), on PGlite and PostgreSQL: for each run the promos
 * are replaced by generated ones, a guest fills a cart, the cart page prices it, the checkout
 * records it, and the order, its discount lines and the page agree. Rules apply all day, so the
 * moments of the page and the checkout cannot fall on two sides of a window (the windows are
 * the pure pricing's property tests).
 */
import { eq, isNotNull, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../database/client.server.ts";
import type { PromoRule, PromoTarget } from "../../database/types.ts";
import { orderDiscounts, orders, promos, storeSettings } from "../../database/schema.ts";
import { DEFAULT_OPENING_HOURS } from "../../app/features/store/opening-hours.ts";
import { invalidateContentCache } from "../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../support/test-database.ts";
import { Shopper } from "./cart-support.ts";

let handle: DatabaseHandle;
const seed = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {};

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await handle.db
    .update(storeSettings)
    .set({
      opening_hours: DEFAULT_OPENING_HOURS.map(() => ({ buka: "00:00", tutup: "00:00", libur: false })),
    })
    .where(eq(storeSettings.id, 1));
  // The seeded promos make way for each run's own.
  await handle.db.update(promos).set({ aktif: false });
});
afterAll(async () => {
  await handle?.close();
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
