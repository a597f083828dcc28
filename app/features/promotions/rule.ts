/**
 * A promo's rule as the pricing and the cards read it (the stored shape is PromoRule in
 * database/types.ts; docs/decisions/0024-promotion-rules.md). Pure and browser-safe.
 */
import { PROMO_AUDIENCES, PROMO_KINDS, type PromoRule, type PromoTarget } from "../../../database/types.ts";
import { isTime } from "../../lib/date-input.ts";

export type { PromoRule, PromoTarget };

/** What a target is matched against: a menu item with its category and level family. */
export interface TargetItem {
  id: string;
  category_id: string;
  level_family: string | null;
}

const parsed = new Map<string, [kind: string, value: string]>();

/** `family:Mie Nyala` → `["family", "Mie Nyala"]`, read once per target. */
function partsOf(target: PromoTarget): [string, string] {
  let parts = parsed.get(target);
  if (!parts) {
    const colon = target.indexOf(":");
    parts = [target.slice(0, colon), target.slice(colon + 1)];
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(target, parts);
  }
  return parts;
}

export function matchesTarget(target: PromoTarget, item: TargetItem): boolean {
  const [kind, value] = partsOf(target);
  if (kind === "item") return item.id === value;
  if (kind === "family") return item.level_family === value;
  if (kind === "category") return item.category_id === value;
  return false;
}

/** Whether an item is among `targets` (none = the whole order). */
export const inTargets = (targets: readonly PromoTarget[], item: TargetItem) =>
  targets.length === 0 || targets.some((target) => matchesTarget(target, item));

const isTarget = (value: unknown): value is PromoTarget =>
  typeof value === "string" && /^(item|family|category):.{1,100}$/s.test(value);

const wholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

const orNull = (value: unknown, min: number, max: number) => (wholeIn(value, min, max) ? value : null);

/**
 * A stored rule read back, or null when it is not one (a row written by hand, a future shape):
 * such a promo is shown as a picture and prices nothing, rather than pricing wrongly.
 */
export function readRule(value: unknown): PromoRule | null {
  if (typeof value !== "object" || value === null) return null;
  const rule = value as Record<string, unknown>;
  const days = Array.isArray(rule.days) ? [...new Set(rule.days.filter((day) => wholeIn(day, 0, 6)))] : [];
  const kind = PROMO_KINDS.find((known) => known === rule.kind);
  const audience = PROMO_AUDIENCES.find((known) => known === rule.audience) ?? "semua";
  if (!kind || days.length === 0) return null;
  const timeFrom = isTime(rule.time_from) ? rule.time_from : null;
  const timeUntil = isTime(rule.time_until) ? rule.time_until : null;
  const bundle = Array.isArray(rule.bundle)
    ? rule.bundle.flatMap((part: unknown) => {
        const entry = (part ?? {}) as Record<string, unknown>;
        return isTarget(entry.target) && wholeIn(entry.jumlah, 1, 99)
          ? [{ target: entry.target, jumlah: entry.jumlah }]
          : [];
      })
    : [];
  const read: PromoRule = {
    days: days.sort((a, b) => a - b),
    time_from: timeFrom && timeUntil ? timeFrom : null,
    time_until: timeFrom && timeUntil ? timeUntil : null,
    audience,
    per_customer: orNull(rule.per_customer, 1, 99),
    targets: Array.isArray(rule.targets) ? rule.targets.filter(isTarget) : [],
    kind,
    percent: orNull(rule.percent, 1, 100),
    amount: orNull(rule.amount, 1, 100_000_000),
    buy: orNull(rule.buy, 1, 99),
    free: orNull(rule.free, 1, 99),
    reward: isTarget(rule.reward) ? rule.reward : null,
    bundle,
    bundle_price: orNull(rule.bundle_price, 0, 100_000_000),
    min_subtotal: orNull(rule.min_subtotal, 0, 100_000_000) ?? 0,
    combinable: rule.combinable !== false,
  };
  const complete =
    (kind === "persen" && read.percent !== null) ||
    (kind === "potongan" && read.amount !== null) ||
    (kind === "gratis" &&
      read.buy !== null &&
      read.free !== null &&
      (read.reward !== null || read.free < read.buy)) ||
    (kind === "paket" && read.bundle.length > 0 && read.bundle_price !== null);
  return complete ? read : null;
}
