/**
 * Pricing recorded = pricing shown for the promos that depend on the customer (#26 items 3–4), on
 * PGlite and PostgreSQL: a first-order 50 % and a once-per-customer Rp 3.000. The pending-order
 * cookie counts only once its secret and status are checked; checkouts of one account sent at
 * once are priced one after the other (docs/decisions/0028-checkout-pipeline.md).
 */
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import type { PromoRule } from "../../../database/types.ts";
import { orderDiscounts, orders, promos, users } from "../../../database/schema.ts";
import { startSession } from "../../../app/features/accounts/auth.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { changeOrderStatus } from "../../../app/features/kitchen/board/board.server.ts";
import { action as orderAction } from "../../../app/routes/_site/pesanan.tsx";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { PICK_UP_FORM, openAllDay } from "../../support/orders.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { uniqueEmail } from "../accounts/auth-support.ts";
import { Shopper } from "../cart/cart-support.ts";

let handle: DatabaseHandle;
const PENDING_COOKIE = "nyala_pesanan";
/** Two Es Nyala at Rp 8.000. */
const FULL = 16_000;

const rule = (fields: Partial<PromoRule>): PromoRule => ({
  days: [0, 1, 2, 3, 4, 5, 6],
  time_from: null,
  time_until: null,
  audience: "semua",
  per_customer: null,
  targets: [],
  kind: "persen",
  percent: null,
  amount: null,
  buy: null,
  free: null,
  reward: null,
  bundle: [],
  bundle_price: null,
  min_subtotal: 0,
  combinable: true,
  ...fields,
});

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await openAllDay(handle.db);
  await handle.db.update(promos).set({ aktif: false });
  await handle.db.insert(promos).values([
    {
      title: "Pesanan Pertama 50%",
      description: "",
      image: "/images/promo/promo-1.webp",
      urutan: 0,
      rule: rule({ audience: "pertama", kind: "persen", percent: 50 }),
    },
    {
      title: "Sekali per Pelanggan",
      description: "",
      image: "/images/promo/promo-2.webp",
      urutan: 1,
      rule: rule({ audience: "masuk", per_customer: 1, kind: "potongan", amount: 3_000 }),
    },
  ]);
  invalidateContentCache();
});
afterAll(async () => {
  await handle?.close();
});

/** A new account's browser, with two Es Nyala in the account's cart. */
async function customer() {
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: "Budi", email: uniqueEmail("budi"), provider: "password" });
  const token = /nyala_session=([^;]+)/.exec(await startSession(handle.db, id))![1]!;
  const shopper = new Shopper({ session: token });
  await shopper.fill([{ id: "es-nyala", jumlah: 2 }]);
  return { shopper, token };
}

/** The checkout form as posted without the total the page showed (a script, an old page). */
const withoutTotal = async (shopper: Shopper) =>
  shopper.send(orderAction, "/pesanan", {
    ...PICK_UP_FORM,
    keranjang: (await shopper.cart()).cart.fingerprint,
  });

const orderRow = async (code: string) =>
  (await handle.db.select().from(orders).where(eq(orders.code, code)))[0]!;

const discountsOf = async (code: string) =>
  (
    await handle.db
      .select({ title: orderDiscounts.title, amount: orderDiscounts.amount })
      .from(orderDiscounts)
      .innerJoin(orders, eq(orders.id, orderDiscounts.order_id))
      .where(eq(orders.code, code))
  ).map((row) => row.title);

/** The first order of a new account: both promos, its pending cookie kept by the browser. */
async function firstOrder() {
  const { shopper, token } = await customer();
  const { pricing } = await shopper.cart();
  expect(pricing.discounts.map((entry) => entry.title)).toEqual([
    "Pesanan Pertama 50%",
    "Sekali per Pelanggan",
  ]);
  const answer = await shopper.checkout();
  expect([answer.status, answer.json?.total]).toEqual([201, pricing.total]);
  return { shopper, token, code: answer.json?.code as string, discounted: pricing.total };
}

describe(`the pending-order cookie (${testDatabaseKind()})`, () => {
  it("a forged one naming the customer's own earlier order changes nothing: priced as the page shows, with or without the total", async () => {
    const first = await firstOrder();
    for (const post of [withoutTotal, (shopper: Shopper) => shopper.checkout()]) {
      // Another browser of the account (its cart still holds the two Es Nyala), a forged secret.
      const shopper = new Shopper({ session: first.token });
      shopper.cookies.set(PENDING_COOKIE, `${first.code}.${"A".repeat(32)}`);
      expect((await shopper.cart()).pricing).toMatchObject({ discounts: [], total: FULL });
      const answer = await post(shopper);
      expect([answer.status, answer.json?.total, answer.json?.replaced]).toEqual([201, FULL, null]);
      expect(await discountsOf(answer.json?.code as string)).toEqual([]);
      expect((await orderRow(answer.json?.code as string)).total).toBe(FULL);
    }
    expect((await orderRow(first.code)).status).toBe("baru");
  });

  it("a genuine one naming an order the kitchen already accepted changes nothing either", async () => {
    const first = await firstOrder();
    const admin = { id: newUserId(), email: uniqueEmail("admin") };
    await handle.db.insert(users).values({ ...admin, nama: "Admin", provider: "password", role: "pemilik" });
    const accepted = await changeOrderStatus(handle.db, admin, { code: first.code, status: "diterima" });
    expect(accepted.ok).toBe(true);

    // Accepted, its lines left the cart (0043); the same browser, still holding its genuine
    // cookie, orders the same again.
    expect((await first.shopper.cart()).cart.lines).toEqual([]);
    await first.shopper.fill([{ id: "es-nyala", jumlah: 2 }]);
    expect((await first.shopper.cart()).pricing.total).toBe(FULL);
    const answer = await withoutTotal(first.shopper);
    expect([answer.status, answer.json?.total, answer.json?.replaced]).toEqual([201, FULL, null]);
    expect(await discountsOf(answer.json?.code as string)).toEqual([]);
    expect((await orderRow(first.code)).status).toBe("diterima");
  });

  it("replacing the unsent first order: the page and the checkout both price the new one as the first", async () => {
    const first = await firstOrder();
    // "Belum, ubah pesanan": one more Es Nyala, in the same browser.
    await first.shopper.fill([{ id: "es-nyala" }]);
    const { pricing } = await first.shopper.cart();
    expect(pricing.discounts.map((entry) => entry.title)).toEqual([
      "Pesanan Pertama 50%",
      "Sekali per Pelanggan",
    ]);
    const answer = await first.shopper.checkout();
    expect([answer.status, answer.json?.total, answer.json?.replaced]).toEqual([
      201,
      pricing.total,
      first.code,
    ]);
    expect((await orderRow(first.code)).status).toBe("batal");
    expect(await discountsOf(answer.json?.code as string)).toHaveLength(2);
  });
});

describe(`checkouts of one account sent at once (${testDatabaseKind()})`, () => {
  const ordersOf = async (codes: string[]) => ({
    recorded: codes.length,
    discounted: (
      await handle.db
        .select({ n: count() })
        .from(orderDiscounts)
        .innerJoin(orders, eq(orders.id, orderDiscounts.order_id))
        .where(inArray(orders.code, codes))
    )[0]!.n,
  });

  it("20 with the total the page showed: one is recorded with both promos, the others are told the new total", async () => {
    const { shopper } = await customer();
    const page = await shopper.cart();
    expect(page.pricing.discounts).toHaveLength(2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        shopper.send(orderAction, "/pesanan", {
          ...PICK_UP_FORM,
          keranjang: page.cart.fingerprint,
          total: String(page.pricing.total),
        }),
      ),
    );
    const recorded = answers.filter((answer) => answer.status === 201);
    expect(recorded).toHaveLength(1);
    for (const answer of answers.filter((entry) => entry.status !== 201)) {
      expect([answer.status, answer.json?.message]).toEqual([
        409,
        "Total pesananmu kini Rp 16.000: promo atau harga berubah sejak keranjang dibuka. Periksa rinciannya, lalu tekan Pesan lagi.",
      ]);
    }
    const code = recorded[0]!.json?.code as string;
    expect((await orderRow(code)).total).toBe(page.pricing.total);
    expect(await ordersOf([code])).toEqual({ recorded: 1, discounted: 2 });
  });

  it("20 without the total: each is priced as the page would show it then, and the promos price one order only", async () => {
    const { shopper } = await customer();
    const fingerprint = (await shopper.cart()).cart.fingerprint;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        shopper.send(orderAction, "/pesanan", { ...PICK_UP_FORM, keranjang: fingerprint }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const codes = answers.map((answer) => answer.json?.code as string);
    expect(await ordersOf(codes)).toEqual({ recorded: 20, discounted: 2 });
    const totals = answers.map((answer) => answer.json?.total).sort((a, b) => Number(a) - Number(b));
    expect(totals.slice(1)).toEqual(Array(19).fill(FULL));
    expect(totals[0]).toBeLessThan(FULL);
  });
});
