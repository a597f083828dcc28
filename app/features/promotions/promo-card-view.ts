/**
 * A promo card as /beranda shows it, derived from its rule at the store's moment: the time label
 * (never untrue), what it gives, its terms, whether it applies now, and the items "Ambil Promo"
 * puts in the cart. Pure; the loader passes the clock.
 */
import type { PromoRule, PromoTarget } from "../../../database/types.ts";
import { zonedDateString, zonedMoment } from "../store/opening-hours.ts";
import { availabilityText, offerText, termsOf, whenLabel } from "./labels.ts";
import type { PricingItem } from "./adjustments.ts";
import { matchesTarget, parseTarget } from "./targets.ts";

export interface PromoCardView {
  id: number;
  title: string;
  description: string;
  image: string;
  /** The owner's label ("Khusus Pelajar"), never about time. */
  label: string;
  /** From the rule: `Setiap Senin`, `Setiap hari · 10.00–14.00`, `Hanya Hari Ini`; or null. */
  when: string | null;
  /** From the rule: what it gives; null for a picture promo. */
  offer: string | null;
  terms: string[];
  /** Whether it applies at this moment, in words. */
  availability: { now: boolean; text: string } | null;
  /** What "Ambil Promo" puts in the cart; null: it leads to the menu instead. */
  items: PromoCartItem[] | null;
}

/** An item "Ambil Promo" adds, with what the cart shows of it. */
export interface PromoCartItem {
  id: string;
  nama: string;
  harga: number;
  gambar: string;
  level: number | null;
  jumlah: number;
}

/** A promo's row as the storefront reads it (promo-cards.server.ts). */
export interface PromoRow {
  id: number;
  title: string;
  description: string;
  image: string;
  label: string;
  rule: PromoRule | null;
  active_from: Date | null;
  active_until: Date | null;
}

export interface MenuFacts {
  menu: ReadonlyMap<string, PricingItem & { tersedia: boolean; level: number | null; gambar?: string }>;
  categoryNames: ReadonlyMap<string, string>;
}

/**
 * The one item a target orders: the item itself, or a dish's lowest orderable level; none for a
 * category (too many to choose from) or when nothing can be ordered.
 */
function itemOf(target: PromoTarget, facts: MenuFacts): string | null {
  const candidates = [...facts.menu.values()]
    .filter((item) => item.tersedia && matchesTarget(target, item))
    .sort((a, b) => (a.level ?? 0) - (b.level ?? 0) || a.harga - b.harga);
  if (parseTarget(target)?.kind === "category" || candidates.length === 0) return null;
  return candidates[0]!.id;
}

/**
 * What "Ambil Promo" puts in the cart: the counted items and the free one of a "buy n get m",
 * one of each part of a bundle, one of each item a discount names. Null when the promo names no
 * items to take (a discount on everything, a category): the card then leads to the menu.
 */
export function promoItems(
  rule: PromoRule | null,
  facts: MenuFacts,
): { id: string; jumlah: number }[] | null {
  if (!rule) return null;
  const wanted: { target: PromoTarget; jumlah: number }[] =
    rule.kind === "gratis"
      ? [
          ...(rule.targets.length === 1 ? [{ target: rule.targets[0]!, jumlah: rule.buy ?? 1 }] : []),
          ...(rule.reward ? [{ target: rule.reward, jumlah: rule.free ?? 1 }] : []),
        ]
      : rule.kind === "paket"
        ? rule.bundle
        : rule.targets.map((target) => ({ target, jumlah: 1 }));
  if (rule.kind === "gratis" && rule.targets.length !== 1) return null;
  const items: { id: string; jumlah: number }[] = [];
  for (const part of wanted) {
    const id = itemOf(part.target, facts);
    if (id === null) return null;
    const same = items.find((entry) => entry.id === id);
    if (same) same.jumlah += part.jumlah;
    else items.push({ id, jumlah: part.jumlah });
  }
  return items.length > 0 ? items : null;
}

export function promoCardView(row: PromoRow, facts: MenuFacts, now: number, timezone: string): PromoCardView {
  const at = new Date(now);
  const today = zonedDateString(at, timezone);
  const dates = {
    from: row.active_from ? zonedDateString(row.active_from, timezone) : null,
    // Stored as the first moment after the last day.
    until: row.active_until ? zonedDateString(new Date(row.active_until.getTime() - 1), timezone) : null,
  };
  const { rule } = row;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    label: row.label,
    when: whenLabel(rule, dates, today),
    offer: rule ? offerText(rule, facts) : null,
    terms: rule ? termsOf(rule) : [],
    availability: rule ? availabilityText(rule, zonedMoment(at, timezone)) : null,
    items:
      promoItems(rule, facts)?.map(({ id, jumlah }) => {
        const item = facts.menu.get(id)!;
        return {
          id,
          nama: item.nama,
          harga: item.harga,
          gambar: item.gambar ?? "",
          level: item.level,
          jumlah,
        };
      }) ?? null,
  };
}
