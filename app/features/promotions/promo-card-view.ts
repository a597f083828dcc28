// A /beranda promo card, derived from its rule at the store's moment; pure, the loader passes the clock.
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
  /** The owner's label, never about time. */
  label: string;
  when: string | null;
  offer: string | null;
  terms: string[];
  availability: { now: boolean; text: string } | null;
  /** null: the card leads to the menu instead. */
  items: PromoCartItem[] | null;
}

export interface PromoCartItem {
  id: string;
  nama: string;
  harga: number;
  gambar: string;
  level: number | null;
  jumlah: number;
}

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

// An item, or a dish's lowest orderable level; none for a category (too many to choose from).
function itemOf(target: PromoTarget, facts: MenuFacts): string | null {
  const candidates = [...facts.menu.values()]
    .filter((item) => item.tersedia && matchesTarget(target, item))
    .sort((a, b) => (a.level ?? 0) - (b.level ?? 0) || a.harga - b.harga);
  if (parseTarget(target)?.kind === "category" || candidates.length === 0) return null;
  return candidates[0]!.id;
}

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
