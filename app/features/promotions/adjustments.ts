// What the promotions take off a cart's lines; pure, everything passed in (0025).
// Invariants: whole rupiah, no line below zero, a promo only in its window, the best non-combinable one wins.
import type { PromoRule } from "../../../database/types.ts";
import { zonedMoment } from "../store/opening-hours.ts";
import { promoHints } from "./promo-hints.ts";
import { appliesAt } from "./schedule.ts";
import { cheapestOf, inTargets, matchesTarget, type TargetItem } from "./targets.ts";

export interface PricingItem extends TargetItem {
  nama: string;
  harga: number;
}

export interface PromoLine {
  id: string;
  harga: number;
  jumlah: number;
}

export interface PricingPromo {
  id: number;
  title: string;
  /** The first of two equally good promos wins. */
  urutan: number;
  rule: PromoRule;
  /** Instants (ms); null = open-ended. */
  active_from: number | null;
  active_until: number | null;
}

/** From this account's orders that were not cancelled; all zero for a guest. */
export interface CustomerFacts {
  signedIn: boolean;
  previousOrders: number;
  /** Promo id → its uses. */
  uses: Readonly<Record<number, number>>;
}

export const GUEST: CustomerFacts = { signedIn: false, previousOrders: 0, uses: {} };

export interface PromoInput {
  lines: readonly PromoLine[];
  promos: readonly PricingPromo[];
  menu: ReadonlyMap<string, PricingItem>;
  categoryNames?: ReadonlyMap<string, string>;
  now: number;
  timezone: string;
  customer: CustomerFacts;
}

export interface AppliedDiscount {
  promoId: number;
  title: string;
  amount: number;
}

export interface PromoHint {
  promoId: number;
  text: string;
}

export interface Slot {
  item: PricingItem;
  harga: number;
  jumlah: number;
}

/** Percent and amount-off promos come after the item promos (free items, bundles) in a combination. */
const ORDER_LEVEL = new Set(["persen", "potongan"]);

// Whole rupiah by largest remainder, never more on a line than its room; the sum is `amount` if room allows.
function allocate(amount: number, weights: readonly number[], room: readonly number[]): number[] {
  const shares = weights.map(() => 0);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount <= 0 || total <= 0) return shares;
  const exact = weights.map((weight) => (amount * weight) / total);
  let given = 0;
  for (let index = 0; index < weights.length; index++) {
    shares[index] = Math.min(Math.floor(exact[index]!), room[index]!);
    given += shares[index]!;
  }
  const order = weights
    .map((_, index) => index)
    .sort((a, b) => exact[b]! - Math.floor(exact[b]!) - (exact[a]! - Math.floor(exact[a]!)) || a - b);
  // Rounding remainders first, then whatever a full line could not take, to the lines with room.
  for (let pass = 0; pass < 2 && given < amount; pass++) {
    for (const index of order) {
      if (given >= amount) break;
      const extra = Math.min(room[index]! - shares[index]!, pass === 0 ? 1 : amount - given);
      if (extra > 0) {
        shares[index] = shares[index]! + extra;
        given += extra;
      }
    }
  }
  return shares;
}

function unitsOf(slots: readonly Slot[], mask: readonly boolean[]): [number, number][] {
  const found: [number, number][] = [];
  for (let index = 0; index < slots.length; index++) {
    if (mask[index]) found.push([index, slots[index]!.jumlah]);
  }
  return found.sort((a, b) => slots[a[0]]!.harga - slots[b[0]]!.harga || a[0] - b[0]);
}

/** Positions p < x in a price-descending walk with p mod n ≥ n − m: the free units of buy n get m. */
const freePositions = (x: number, n: number, m: number) =>
  Math.floor(x / n) * m + Math.max(0, (x % n) - (n - m));

interface Compiled {
  promo: PricingPromo;
  covered: boolean[];
  reward: boolean[] | null;
  parts: { jumlah: number; cheapest: number; units: [number, number][]; held: number }[];
}

function compile(
  promo: PricingPromo,
  slots: readonly Slot[],
  menu: ReadonlyMap<string, PricingItem>,
): Compiled {
  const { rule } = promo;
  const covered = slots.map((slot) => inTargets(rule.targets, slot.item));
  const reward = rule.reward === null ? null : slots.map((slot) => matchesTarget(rule.reward!, slot.item));
  const parts = rule.bundle.map((part) => {
    const units = unitsOf(
      slots,
      slots.map((slot) => matchesTarget(part.target, slot.item)),
    );
    const held = units.reduce((sum, [, count]) => sum + count, 0);
    return { jumlah: part.jumlah, cheapest: cheapestOf(part.target, menu), units, held };
  });
  return { promo, covered, reward, parts };
}

function promoShares(compiled: Compiled, slots: readonly Slot[], room: readonly number[]): number[] {
  const { promo, covered, reward } = compiled;
  const { rule } = promo;
  const none = slots.map(() => 0);
  if (rule.kind === "persen" || rule.kind === "potongan") {
    const weights = room.map((value, index) => (covered[index] ? value : 0));
    const base = weights.reduce((sum, value) => sum + value, 0);
    const amount =
      rule.kind === "persen"
        ? Math.floor((base * (rule.percent ?? 0)) / 100)
        : Math.min(rule.amount ?? 0, base);
    return allocate(amount, weights, room);
  }
  if (rule.kind === "gratis") {
    const buy = rule.buy ?? 0;
    const free = rule.free ?? 0;
    if (buy < 1 || free < 1) return none;
    const units: number[] = slots.map(() => 0);
    if (reward === null) {
      // Buy n get m: walk the units dearest first; in every full group of n the last m (the cheapest) are free.
      const walk = unitsOf(slots, covered).reverse();
      const total = walk.reduce((sum, [, count]) => sum + count, 0);
      const limit = Math.floor(total / buy) * buy;
      let position = 0;
      for (const [index, count] of walk) {
        const end = Math.min(position + count, limit);
        if (end > position) units[index] = freePositions(end, buy, free) - freePositions(position, buy, free);
        position += count;
      }
    } else {
      let counted = 0;
      for (let index = 0; index < slots.length; index++) {
        if (covered[index] && !reward[index]) counted += slots[index]!.jumlah;
      }
      let left = Math.floor(counted / buy) * free;
      for (const [index, count] of unitsOf(slots, reward)) {
        const take = Math.min(left, count);
        units[index] = take;
        left -= take;
      }
    }
    return units.map((count, index) => Math.min(count * slots[index]!.harga, room[index]!));
  }
  // A bundle saves its parts' cheapest prices less its price, per whole bundle, over the units it uses.
  const { parts } = compiled;
  if (parts.length === 0 || parts.some((part) => !Number.isFinite(part.cheapest))) return none;
  let bundles = Infinity;
  for (const part of parts) bundles = Math.min(bundles, Math.floor(part.held / part.jumlah));
  const saving = parts.reduce((sum, part) => sum + part.cheapest * part.jumlah, 0) - (rule.bundle_price ?? 0);
  if (bundles < 1 || saving <= 0) return none;
  const weights = slots.map(() => 0);
  for (const part of parts) {
    let needed = bundles * part.jumlah;
    for (const [index, count] of part.units) {
      const take = Math.min(needed, count);
      weights[index] = weights[index]! + take * slots[index]!.harga;
      needed -= take;
    }
  }
  return allocate(bundles * saving, weights, room);
}

function applyAll(promos: readonly Compiled[], slots: readonly Slot[]): AppliedDiscount[] {
  const room = slots.map((slot) => slot.harga * slot.jumlah);
  const applied: AppliedDiscount[] = [];
  for (const compiled of promos) {
    const shares = promoShares(compiled, slots, room);
    let amount = 0;
    for (let index = 0; index < shares.length; index++) {
      room[index] = room[index]! - shares[index]!;
      amount += shares[index]!;
    }
    if (amount > 0) applied.push({ promoId: compiled.promo.id, title: compiled.promo.title, amount });
  }
  return applied;
}

const byPlace = (a: PricingPromo, b: PricingPromo) => a.urutan - b.urutan || a.id - b.id;

function audienceAllows(promo: PricingPromo, customer: CustomerFacts): boolean {
  const { audience, per_customer } = promo.rule;
  if (audience === "semua" && per_customer === null) return true;
  if (!customer.signedIn) return false;
  if (audience === "pertama" && customer.previousOrders > 0) return false;
  return per_customer === null || (customer.uses[promo.id] ?? 0) < per_customer;
}

export function promoAdjustments(
  input: PromoInput,
  subtotal: number,
): { discounts: AppliedDiscount[]; discount: number; hints: PromoHint[] } {
  const { menu, customer } = input;
  const slots: Slot[] = [];
  for (const line of input.lines) {
    const item = menu.get(line.id);
    if (item) slots.push({ item, harga: line.harga, jumlah: line.jumlah });
  }
  const moment = zonedMoment(new Date(input.now), input.timezone);
  const open = input.promos.filter((promo) => appliesAt(promo, input.now, moment)).sort(byPlace);
  const allowed = open.filter((promo) => audienceAllows(promo, customer));
  const usable = allowed.filter((promo) => subtotal >= promo.rule.min_subtotal);

  // Candidates: every combinable promo together (item promos first, then order-wide ones), and
  // each promo that does not combine on its own. The biggest saving wins; on a tie, the first.
  const compiled = usable.map((promo) => compile(promo, slots, menu));
  const together = compiled
    .filter(({ promo }) => promo.rule.combinable)
    .sort(
      (a, b) =>
        Number(ORDER_LEVEL.has(a.promo.rule.kind)) - Number(ORDER_LEVEL.has(b.promo.rule.kind)) ||
        byPlace(a.promo, b.promo),
    );
  const candidates: AppliedDiscount[][] = [];
  if (together.length > 0) candidates.push(applyAll(together, slots));
  for (const entry of compiled) if (!entry.promo.rule.combinable) candidates.push(applyAll([entry], slots));
  let best: AppliedDiscount[] = [];
  let bestAmount = 0;
  for (const candidate of candidates) {
    const amount = candidate.reduce((sum, entry) => sum + entry.amount, 0);
    if (amount > bestAmount) {
      best = candidate;
      bestAmount = amount;
    }
  }
  const discount = Math.min(bestAmount, subtotal);
  return {
    discounts: best,
    discount,
    hints: promoHints(input, {
      open,
      allowed: new Set(allowed.map((promo) => promo.id)),
      applied: new Set(best.map((entry) => entry.promoId)),
      slots,
      subtotal,
      discount,
    }),
  };
}
