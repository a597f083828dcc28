import { describe, expect, it } from "vitest";
import { seedPromos } from "../../../database/catalog-data.ts";
import { readRule, type PromoRule } from "./rule.ts";
import { matchesTarget, parseTarget } from "./targets.ts";

const [freeTea, monday, bundle] = seedPromos.map((promo) => promo.rule) as [PromoRule, PromoRule, PromoRule];

describe("a stored rule read back", () => {
  it("reads each seeded rule as it was stored", () => {
    for (const rule of [freeTea, monday, bundle])
      expect(readRule(JSON.parse(JSON.stringify(rule)))).toEqual(rule);
  });

  it.each([
    ["not an object", "gratis"],
    ["no rule", null],
    ["an unknown kind", { ...monday, kind: "cashback" }],
    ["no day", { ...monday, days: [] }],
    ["a day past Sunday", { ...monday, days: [7] }],
    ["a start without an end", { ...monday, time_from: "10:00" }],
    ["a percent without its number", { ...monday, percent: null }],
    ["buy 2 get 2 of the same lines", { ...freeTea, reward: null, buy: 2, free: 2 }],
    ["a target of another shape", { ...freeTea, targets: ["menu:mie"] }],
    ["a bundle of one portion", { ...bundle, bundle: [bundle.bundle[0]] }],
    ["a field missing", { ...monday, combinable: undefined }],
  ])("refuses %s, as the form does: the promo is a picture and prices nothing", (_case, stored) => {
    expect(readRule(stored)).toBeNull();
  });
});

describe("targets", () => {
  const item = { id: "es-teh-jumbo", category_id: "minuman", level_family: null };

  it("reads a target's kind and what it names, the name whole after the first colon", () => {
    expect(parseTarget("family:Mie Nyala: Spesial")).toEqual({ kind: "family", value: "Mie Nyala: Spesial" });
    expect(parseTarget("menu:es-teh-jumbo")).toBeNull();
    expect(parseTarget("item:")).toBeNull();
  });

  it("matches an item by its id, its category or its dish", () => {
    expect(matchesTarget("item:es-teh-jumbo", item)).toBe(true);
    expect(matchesTarget("category:minuman", item)).toBe(true);
    expect(matchesTarget("category:makanan", item)).toBe(false);
    expect(matchesTarget("family:Mie Nyala", { ...item, level_family: "Mie Nyala" })).toBe(true);
  });
});
