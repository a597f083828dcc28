// The cart's hints: each promo open now that the cart nearly earns; pure.
import type { PromoRule } from "../../../database/types.ts";
import { formatRupiah } from "../../lib/format.ts";
import { targetName } from "./labels.ts";
import type { PricingItem, PricingPromo, PromoHint, PromoInput, Slot } from "./adjustments.ts";
import { cheapestOf, inTargets, matchesTarget } from "./targets.ts";

export interface PricedCart {
  /** In their order; `allowed`: those this customer may use. */
  open: readonly PricingPromo[];
  allowed: ReadonlySet<number>;
  applied: ReadonlySet<number>;
  discount: number;
  slots: readonly Slot[];
  subtotal: number;
}

function bestCase(rule: PromoRule, menu: ReadonlyMap<string, PricingItem>): number {
  if (rule.kind === "paket") {
    const parts = rule.bundle.reduce((sum, part) => sum + cheapestOf(part.target, menu) * part.jumlah, 0);
    return parts - (rule.bundle_price ?? 0);
  }
  if (rule.kind === "gratis" && rule.reward !== null) return cheapestOf(rule.reward, menu) * (rule.free ?? 0);
  return Infinity;
}

export function promoHints(input: PromoInput, cart: PricedCart): PromoHint[] {
  const { slots, subtotal, applied } = cart;
  const hints: PromoHint[] = [];
  const held = (matches: (item: PricingItem) => boolean) =>
    slots.reduce((sum, slot) => sum + (matches(slot.item) ? slot.jumlah : 0), 0);
  for (const promo of cart.open) {
    const { rule } = promo;
    const say = (text: string) => hints.push({ promoId: promo.id, text });
    // A non-combinable promo replaces what the cart saves: a hint only when it would save more.
    if (!rule.combinable && !applied.has(promo.id) && cart.discount >= bestCase(rule, input.menu)) continue;
    if (!cart.allowed.has(promo.id)) {
      if (!input.customer.signedIn) say(`Masuk dulu untuk memakai promo ${promo.title}.`);
      continue;
    }
    if (subtotal < rule.min_subtotal) {
      if (subtotal * 2 >= rule.min_subtotal && subtotal > 0) {
        say(`Belanja ${formatRupiah(rule.min_subtotal - subtotal)} lagi untuk promo ${promo.title}.`);
      }
      continue;
    }
    if (rule.kind === "gratis" && rule.buy !== null && rule.free !== null) {
      const { buy, reward } = rule;
      const isReward = (item: PricingItem) => reward !== null && matchesTarget(reward, item);
      const counted = held((item) => inTargets(rule.targets, item) && !isReward(item));
      const name = rule.targets.length === 1 ? targetName(rule.targets[0]!, input) : "menu";
      const missing = buy - (counted % buy);
      const close = counted > 0 && missing < buy && missing <= 2;
      if (reward !== null) {
        const rewardName = targetName(reward, input);
        const earned = Math.floor(counted / buy) * rule.free;
        const rewards = held(isReward);
        if (earned > rewards)
          say(`${rewardName} gratis untukmu: tambahkan ${earned - rewards} ke keranjang.`);
        else if (close) say(`Tambah ${missing} ${name} lagi, ${rewardName} gratis.`);
      } else if (close) {
        say(`Tambah ${missing} ${name} lagi, ${rule.free} gratis.`);
      }
    } else if (rule.kind === "paket" && !applied.has(promo.id)) {
      const lacking = rule.bundle.filter(
        (part) => held((item) => matchesTarget(part.target, item)) < part.jumlah,
      );
      if (lacking.length > 0 && lacking.length < rule.bundle.length) {
        say(
          `Tambah ${lacking.map((part) => targetName(part.target, input)).join(" dan ")} untuk ${promo.title}.`,
        );
      }
    }
  }
  return hints;
}
