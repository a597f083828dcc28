// Pricing properties over random carts, clocks and rule sets (fast-check; FC_SEED replays a failure).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PromoRule, PromoTarget } from "../promotions/rule.ts";
import type { CustomerFacts, PromoInput as PricingInput, PricingPromo } from "../promotions/adjustments.ts";
import { priceCart } from "./pricing.ts";
import { seedMenu } from "../promotions/pricing-fixtures.ts";

const seed = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {};
const ZONES = [
  ["Asia/Jakarta", 7],
  ["Asia/Makassar", 8],
  ["Asia/Jayapura", 9],
] as const;
const ids = [...seedMenu.keys()];
const TARGETS: PromoTarget[] = [
  ...ids.map((id) => `item:${id}` as const),
  "family:Mie Nyala",
  "category:makanan",
  "category:minuman",
  "category:cemilan",
];

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 59))
  .map(([hour, minute]) => `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`);

const rule: fc.Arbitrary<PromoRule> = fc
  .record({
    days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    window: fc.option(fc.tuple(time, time).filter(([from, until]) => from !== until)),
    audience: fc.constantFrom("semua", "masuk", "pertama"),
    per_customer: fc.option(fc.integer({ min: 1, max: 3 })),
    targets: fc.uniqueArray(fc.constantFrom(...TARGETS), { maxLength: 3 }),
    kind: fc.constantFrom("persen", "potongan", "gratis", "paket"),
    percent: fc.integer({ min: 1, max: 100 }),
    amount: fc.integer({ min: 1, max: 60_000 }),
    buy: fc.integer({ min: 1, max: 4 }),
    free: fc.integer({ min: 1, max: 3 }),
    reward: fc.option(fc.constantFrom(...TARGETS)),
    bundle: fc.uniqueArray(
      fc.record({ target: fc.constantFrom(...TARGETS), jumlah: fc.integer({ min: 1, max: 3 }) }),
      { minLength: 1, maxLength: 3, selector: (part) => part.target },
    ),
    bundle_price: fc.integer({ min: 0, max: 40_000 }),
    min_subtotal: fc.constantFrom(0, 0, 20_000, 50_000),
    combinable: fc.boolean(),
  })
  .map(({ window, ...fields }) => ({
    ...fields,
    time_from: window?.[0] ?? null,
    time_until: window?.[1] ?? null,
    // Buy n get m of the same lines needs m < n (the admin form refuses the rest).
    free: fields.reward === null ? Math.min(fields.free, fields.buy - 1) || 1 : fields.free,
    reward: fields.reward === null && fields.buy < 2 ? "item:es-teh-jumbo" : fields.reward,
  }));

const promos = fc
  .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 500 }), rule, fc.integer({ min: 0, max: 9 })), {
    maxLength: 8,
    selector: ([id]) => id,
  })
  .map((list) =>
    list.map(([id, promoRule, urutan]): PricingPromo => ({
      id,
      title: `Promo ${id}`,
      urutan,
      rule: promoRule,
      active_from: null,
      active_until: null,
    })),
  );

const lines = fc.uniqueArray(
  fc.record({ id: fc.constantFrom(...ids), jumlah: fc.integer({ min: 1, max: 99 }) }),
  { maxLength: 6, selector: (entry) => entry.id },
);

const customer: fc.Arbitrary<CustomerFacts> = fc.record({
  signedIn: fc.boolean(),
  previousOrders: fc.integer({ min: 0, max: 3 }),
  uses: fc.constant({}),
});

// A day of 2026–2027; the minutes are those the rules use and their neighbours, to stand on a window's edge.
const clock = fc.record({
  day: fc.integer({ min: 0, max: 729 }),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.constantFrom(0, 1, 14, 15, 16, 29, 30, 31, 58, 59),
});

const input = fc
  .record({ lines, promos, clock, zone: fc.constantFrom(...ZONES), customer })
  .map(({ lines: cart, zone, clock: at, ...rest }): PricingInput => ({
    ...rest,
    lines: cart.map((entry) => ({ ...entry, harga: seedMenu.get(entry.id)!.harga })),
    menu: seedMenu,
    timezone: zone[0],
    now: Date.UTC(2026, 0, 1 + at.day, at.hour - zone[1], at.minute),
  }));

/** The weekday (0 = Monday) and minute in a fixed-offset zone, computed without Intl. */
function localMoment(now: number, timezone: string) {
  const offset = ZONES.find(([zone]) => zone === timezone)![1];
  const local = new Date(now + offset * 3_600_000);
  return { day: (local.getUTCDay() + 6) % 7, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** The window check written out again, independently of schedule.ts. */
function opensAt(promoRule: PromoRule, now: number, timezone: string): boolean {
  const { day, minute } = localMoment(now, timezone);
  if (promoRule.time_from === null || promoRule.time_until === null) return promoRule.days.includes(day);
  const [from, until] = [promoRule.time_from, promoRule.time_until].map(
    (text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3)),
  ) as [number, number];
  if (from < until) return promoRule.days.includes(day) && minute >= from && minute < until;
  return (
    (promoRule.days.includes(day) && minute >= from) ||
    (promoRule.days.includes((day + 6) % 7) && minute < until)
  );
}

describe("pricing properties", () => {
  it("whole rupiah; the discounts add up, never exceed the subtotal, and the total is never negative", () => {
    fc.assert(
      fc.property(input, (given) => {
        const result = priceCart(given);
        const subtotal = given.lines.reduce((sum, entry) => sum + entry.harga * entry.jumlah, 0);
        expect(result.subtotal).toBe(subtotal);
        for (const entry of result.discounts) {
          expect(Number.isInteger(entry.amount)).toBe(true);
          expect(entry.amount).toBeGreaterThan(0);
        }
        expect(result.discount).toBe(result.discounts.reduce((sum, entry) => sum + entry.amount, 0));
        expect(result.discount).toBeLessThanOrEqual(subtotal);
        expect(result.total).toBe(subtotal - result.discount);
        expect(result.total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500, ...seed },
    );
  });

  it("no promo applies outside its days and hours (WIB, WITA, WIT)", () => {
    fc.assert(
      fc.property(input, (given) => {
        for (const entry of priceCart(given).discounts) {
          const applied = given.promos.find((candidate) => candidate.id === entry.promoId)!;
          expect(opensAt(applied.rule, given.now, given.timezone)).toBe(true);
        }
      }),
      { numRuns: 500, ...seed },
    );
  });

  it("a promo applies exactly when its window is open, on its edges too", () => {
    const windowed = fc
      .record({
        promoRule: rule,
        zone: fc.constantFrom(...ZONES),
        day: fc.integer({ min: 0, max: 729 }),
        edge: fc.constantFrom(-1, 0, 1),
        side: fc.constantFrom("time_from", "time_until"),
      })
      .map(({ promoRule, zone, day, edge, side }) => {
        const at = promoRule[side] ?? "00:00";
        const minute = Number(at.slice(0, 2)) * 60 + Number(at.slice(3)) + edge;
        const simple: PromoRule = {
          ...promoRule,
          kind: "persen",
          percent: 50,
          audience: "semua",
          per_customer: null,
        };
        return {
          promoRule: { ...simple, targets: [], min_subtotal: 0 },
          zone: zone[0],
          now: Date.UTC(2026, 0, 1 + day, -zone[1], minute),
        };
      });
    fc.assert(
      fc.property(windowed, ({ promoRule, zone, now }) => {
        const result = priceCart({
          lines: [{ id: "es-nyala", harga: 8_000, jumlah: 1 }],
          promos: [{ id: 1, title: "P", urutan: 0, rule: promoRule, active_from: null, active_until: null }],
          menu: seedMenu,
          now,
          timezone: zone,
          customer: { signedIn: false, previousOrders: 0, uses: {} },
        });
        expect(result.discount > 0).toBe(opensAt(promoRule, now, zone));
      }),
      { numRuns: 1000, ...seed },
    );
  });

  it("Monday 23.59 is Monday and Tuesday 00.00 is not, in each of Indonesia's zones", () => {
    const monday = { ...seedRule(), days: [0] };
    for (const [zone, offset] of ZONES) {
      const at = (iso: string) =>
        priceCart({
          lines: [{ id: "es-nyala", harga: 8_000, jumlah: 1 }],
          promos: [{ id: 1, title: "Senin", urutan: 0, rule: monday, active_from: null, active_until: null }],
          menu: seedMenu,
          now: Date.parse(`${iso}+0${offset}:00`),
          timezone: zone,
          customer: { signedIn: false, previousOrders: 0, uses: {} },
        }).discount;
      expect(at("2026-11-30T23:59:00"), zone).toBe(1_600);
      expect(at("2026-12-01T00:00:00"), zone).toBe(0);
      expect(at("2026-11-29T23:59:00"), zone).toBe(0);
      expect(at("2026-11-30T00:00:00"), zone).toBe(1_600);
    }
  });

  it("a promo that does not combine applies alone, and only when no other choice saves more", () => {
    fc.assert(
      fc.property(input, (given) => {
        const result = priceCart(given);
        const alone = (list: PricingPromo[]) => priceCart({ ...given, promos: list }).discount;
        const usedAlone = result.discounts.filter(
          (entry) => !given.promos.find((candidate) => candidate.id === entry.promoId)!.rule.combinable,
        );
        if (usedAlone.length > 0) expect(result.discounts).toHaveLength(1);
        // Every single promo that does not combine, and all combinable ones together, save no more.
        for (const candidate of given.promos.filter((entry) => !entry.rule.combinable)) {
          expect(alone([candidate])).toBeLessThanOrEqual(result.discount);
        }
        expect(alone(given.promos.filter((entry) => entry.rule.combinable))).toBeLessThanOrEqual(
          result.discount,
        );
      }),
      { numRuns: 300, ...seed },
    );
  });
});

function seedRule(): PromoRule {
  return {
    days: [0, 1, 2, 3, 4, 5, 6],
    time_from: null,
    time_until: null,
    audience: "semua",
    per_customer: null,
    targets: [],
    kind: "persen",
    percent: 20,
    amount: null,
    buy: null,
    free: null,
    reward: null,
    bundle: [],
    bundle_price: null,
    min_subtotal: 0,
    combinable: true,
  };
}
