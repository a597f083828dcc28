/**
 * Promotions at checkout (#16), on PGlite and PostgreSQL: the cart page prices the server's cart
 * with the promos, the checkout prices it again from the database and records the discount lines
 * with the order, the message lists them, a changed total is answered instead of recorded, and
 * "Ambil Promo" fills the cart through the cart's action. The Monday promo is switched off, so
 * the results do not depend on the day the tests run (the clock is the pricing's own tests').
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../database/client.server.ts";
import { orderDiscounts, orders, promos, storeSettings } from "../../database/schema.ts";
import { DEFAULT_OPENING_HOURS } from "../../app/features/store/opening-hours.ts";
import { invalidateContentCache } from "../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../support/test-database.ts";
import { Shopper } from "./cart-support.ts";

let handle: DatabaseHandle;
const BUY_TWO = "Beli 2 Mie Gratis Es Teh Jumbo";

const promoId = async (title: string) =>
  (await handle.db.select({ id: promos.id }).from(promos).where(eq(promos.title, title)))[0]!.id;

async function setPromo(title: string, aktif: boolean) {
  await handle.db.update(promos).set({ aktif }).where(eq(promos.title, title));
  invalidateContentCache();
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await handle.db
    .update(storeSettings)
    .set({
      opening_hours: DEFAULT_OPENING_HOURS.map(() => ({ buka: "00:00", tutup: "00:00", libur: false })),
    })
    .where(eq(storeSettings.id, 1));
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
      (await import("../../app/routes/_site/keranjang.tsx")).action,
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
      const refused = await shopper.send(
        (await import("../../app/routes/_site/keranjang.tsx")).action,
        "/keranjang",
        { intent: "ambil-promo", promo },
      );
      expect([refused.status, refused.json?.message], promo).toEqual([
        404,
        "Promo ini sudah tidak berlaku. Muat ulang halaman untuk melihat promo yang ada.",
      ]);
    }
  });
});
