import { describe, expect, it } from "vitest";
import type { PromoRule } from "../promotions/rule.ts";
import {
  GUEST,
  type CustomerFacts,
  type PromoInput as PricingInput,
  type PricingPromo,
} from "../promotions/adjustments.ts";
import { priceCart } from "./pricing.ts";
import { line, seedCategoryNames, seedMenu, seedPricingPromos } from "../promotions/pricing-fixtures.ts";

// Wednesday 25 November 2026, 12.00 WITA, and the Monday before and after it.
const WEDNESDAY = Date.parse("2026-11-25T12:00:00+08:00");
const MONDAY = Date.parse("2026-11-30T12:00:00+08:00");

const price = (lines: PricingInput["lines"], overrides: Partial<PricingInput> = {}) =>
  priceCart({
    lines,
    promos: seedPricingPromos,
    menu: seedMenu,
    categoryNames: seedCategoryNames,
    now: WEDNESDAY,
    timezone: "Asia/Makassar",
    customer: GUEST,
    ...overrides,
  });

const rule = (overrides: Partial<PromoRule>): PromoRule => ({
  ...seedPricingPromos[1]!.rule,
  days: [0, 1, 2, 3, 4, 5, 6],
  combinable: true,
  ...overrides,
});

const promo = (
  id: number,
  overrides: Partial<PromoRule>,
  extra: Partial<PricingPromo> = {},
): PricingPromo => ({
  id,
  title: `Promo ${id}`,
  urutan: id,
  rule: rule(overrides),
  active_from: null,
  active_until: null,
  ...extra,
});

describe("the seeded promos", () => {
  it("the issue's cart: two noodles make the Es Teh Jumbo free (Rp 25.000 → Rp 20.000)", () => {
    const result = price([line("mie-nyala-level-1", 2), line("es-teh-jumbo")]);
    expect(result).toMatchObject({
      subtotal: 25_000,
      discounts: [{ promoId: 1, title: "Beli 2 Mie Gratis Es Teh Jumbo", amount: 5_000 }],
      discount: 5_000,
      total: 20_000,
    });
    // The student bundle (Rp 3.000, not combinable) would replace a bigger saving: no hint for it.
    expect(result.hints).toEqual([]);
  });

  it("counts noodles of any level, and one free tea per two noodles", () => {
    const result = price([line("mie-nyala-level-1"), line("mie-nyala-level-3", 3), line("es-teh-jumbo", 3)]);
    expect(result.discounts).toEqual([
      { promoId: 1, title: "Beli 2 Mie Gratis Es Teh Jumbo", amount: 10_000 },
    ]);
  });

  it("hints at the missing noodle and at the free tea not yet in the cart", () => {
    expect(price([line("mie-nyala-level-2"), line("es-teh-jumbo")]).hints).toContainEqual({
      promoId: 1,
      text: "Tambah 1 Mie Nyala lagi, Es Teh Jumbo gratis.",
    });
    expect(price([line("mie-nyala-level-2", 2)]).hints).toContainEqual({
      promoId: 1,
      text: "Es Teh Jumbo gratis untukmu: tambahkan 1 ke keranjang.",
    });
  });

  it("takes 20% off everything on Monday, and not on Wednesday", () => {
    const lines = [line("es-nyala", 2), line("pangsit-goreng")];
    expect(price(lines).discount).toBe(0);
    expect(price(lines, { now: MONDAY })).toMatchObject({
      subtotal: 25_000,
      discounts: [{ promoId: 2, amount: 5_000 }],
      total: 20_000,
    });
  });

  it("on Monday the 20% (not combinable) and the free tea compete: the bigger saving wins", () => {
    // Free tea saves 5.000; 20% of 45.000 saves 9.000.
    const big = price([line("mie-nyala-level-3", 2), line("es-teh-jumbo"), line("es-nyala", 2)], {
      now: MONDAY,
    });
    expect(big.discounts.map((entry) => [entry.promoId, entry.amount])).toEqual([[2, 9_000]]);
    // 20% of 25.000 and the free tea both save 5.000: the first promo on the page wins.
    const tie = price([line("mie-nyala-level-1", 2), line("es-teh-jumbo")], { now: MONDAY });
    expect(tie.discounts.map((entry) => [entry.promoId, entry.amount])).toEqual([[1, 5_000]]);
  });

  it("the student bundle: a noodle of any level and an Es Nyala from Rp 15.000, higher levels pay their difference", () => {
    expect(price([line("mie-nyala-level-1"), line("es-nyala")])).toMatchObject({
      subtotal: 18_000,
      total: 15_000,
    });
    expect(price([line("mie-nyala-level-3"), line("es-nyala")])).toMatchObject({
      subtotal: 20_000,
      total: 17_000,
    });
    expect(price([line("mie-nyala-level-2", 2), line("es-nyala", 3)]).discount).toBe(6_000);
    expect(price([line("es-nyala")]).hints).toContainEqual({
      promoId: 3,
      text: "Tambah Mie Nyala untuk Paket Hemat Pelajar.",
    });
  });
});

describe("rules", () => {
  const all = (...promos: PricingPromo[]) => ({ promos });

  it("rounds a percent down to whole rupiah on the lines it covers", () => {
    // 15% of 9.000 = 1.350; of 3 × 9.000 + 5.000 on drinks only = 750.
    const lines = [line("pangsit-goreng"), line("es-teh-jumbo")];
    expect(price(lines, all(promo(9, { percent: 15 }))).discount).toBe(2_100);
    expect(price(lines, all(promo(9, { percent: 15, targets: ["category:minuman"] }))).discount).toBe(750);
    expect(
      price([{ id: "es-nyala", harga: 8_333, jumlah: 1 }], all(promo(9, { percent: 10 }))).discount,
    ).toBe(833);
  });

  it("never takes more than the lines are worth", () => {
    const lines = [line("es-teh-jumbo")];
    expect(price(lines, all(promo(9, { kind: "potongan", amount: 50_000 }))).total).toBe(0);
    const stacked = price(
      lines,
      all(promo(8, { percent: 100 }), promo(9, { kind: "potongan", amount: 1_000 })),
    );
    expect(stacked).toMatchObject({ subtotal: 5_000, discount: 5_000, total: 0 });
  });

  it("buy 3 get 1 of the same lines frees the cheapest unit of each full group", () => {
    const rule3 = promo(9, { kind: "gratis", buy: 3, free: 1, reward: null, targets: ["family:Mie Nyala"] });
    const lines = [line("mie-nyala-level-3", 2), line("mie-nyala-level-1", 2)];
    // Dearest first: 12, 12, 10 | 10 → one full group, its cheapest (10.000) free.
    expect(price(lines, all(rule3)).discount).toBe(10_000);
    expect(price([line("mie-nyala-level-2", 6)], all(rule3)).discount).toBe(22_000);
  });

  it("applies only inside its days and hours in the store's zone, past midnight included", () => {
    const late = promo(9, { percent: 10, days: [4], time_from: "22:00", time_until: "02:00" });
    const lines = [line("es-nyala")];
    const at = (iso: string) => price(lines, { promos: [late], now: Date.parse(iso) }).discount;
    expect(at("2026-11-27T21:59:00+08:00")).toBe(0); // Friday 21.59
    expect(at("2026-11-27T22:00:00+08:00")).toBe(800); // Friday 22.00
    expect(at("2026-11-28T01:59:00+08:00")).toBe(800); // Saturday 01.59, Friday's night
    expect(at("2026-11-28T02:00:00+08:00")).toBe(0);
    expect(at("2026-11-28T22:30:00+08:00")).toBe(0); // Saturday night is not Friday's
  });

  it("keeps to its date range", () => {
    const ranged = promo(9, { percent: 10 }, { active_from: WEDNESDAY, active_until: WEDNESDAY + 3_600_000 });
    const lines = [line("es-nyala")];
    expect(price(lines, { promos: [ranged], now: WEDNESDAY - 1 }).discount).toBe(0);
    expect(price(lines, { promos: [ranged], now: WEDNESDAY }).discount).toBe(800);
    expect(price(lines, { promos: [ranged], now: WEDNESDAY + 3_600_000 }).discount).toBe(0);
  });

  it("for signed-in customers, first orders, and a limit per customer", () => {
    const lines = [line("es-nyala")];
    const signedIn: CustomerFacts = { signedIn: true, previousOrders: 2, uses: { 9: 1 } };
    const members = promo(9, { percent: 10, audience: "masuk" });
    expect(price(lines, all(members)).discount).toBe(0);
    expect(price(lines, all(members)).hints).toEqual([
      { promoId: 9, text: "Masuk dulu untuk memakai promo Promo 9." },
    ]);
    expect(price(lines, { ...all(members), customer: signedIn }).discount).toBe(800);
    const first = promo(9, { percent: 10, audience: "pertama" });
    expect(price(lines, { ...all(first), customer: signedIn }).discount).toBe(0);
    expect(price(lines, { ...all(first), customer: { ...signedIn, previousOrders: 0 } }).discount).toBe(800);
    const once = promo(9, { percent: 10, per_customer: 1 });
    expect(price(lines, { ...all(once), customer: signedIn }).discount).toBe(0);
    expect(price(lines, { ...all(once), customer: { ...signedIn, uses: {} } }).discount).toBe(800);
  });

  it("waits for its minimum subtotal, and says how much is missing", () => {
    const minimum = promo(9, { kind: "potongan", amount: 5_000, min_subtotal: 30_000 });
    expect(price([line("es-nyala", 3)], all(minimum))).toMatchObject({
      discount: 0,
      hints: [{ promoId: 9, text: "Belanja Rp 6.000 lagi untuk promo Promo 9." }],
    });
    expect(price([line("es-nyala", 4)], all(minimum)).discount).toBe(5_000);
  });

  it("combines combinable promos, item promos before percent ones", () => {
    const tea = promo(1, {
      kind: "gratis",
      buy: 2,
      free: 1,
      reward: "item:es-teh-jumbo",
      targets: ["family:Mie Nyala"],
    });
    const tenth = promo(2, { percent: 10 });
    const result = price([line("mie-nyala-level-1", 2), line("es-teh-jumbo")], all(tenth, tea));
    // The tea is free (5.000), then 10% of the 20.000 left.
    expect(result.discounts.map((entry) => [entry.promoId, entry.amount])).toEqual([
      [1, 5_000],
      [2, 2_000],
    ]);
    expect(result.total).toBe(18_000);
  });
});
