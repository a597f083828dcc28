// A promo's targets (`item:…`, `family:…`, `category:…`), read in one place; pure and browser-safe.
import type { PromoTarget } from "../../../database/types.ts";

export type TargetKind = "item" | "family" | "category";

export interface TargetItem {
  id: string;
  category_id: string;
  level_family: string | null;
}

const TARGET = /^(item|family|category):(.{1,100})$/s;
const parsed = new Map<string, { kind: TargetKind; value: string } | null>();

export function parseTarget(text: string): { kind: TargetKind; value: string } | null {
  let target = parsed.get(text);
  if (target === undefined) {
    const match = TARGET.exec(text);
    target = match ? { kind: match[1] as TargetKind, value: match[2]! } : null;
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(text, target);
  }
  return target;
}

export const isTarget = (value: unknown): value is PromoTarget =>
  typeof value === "string" && parseTarget(value) !== null;

export function matchesTarget(target: PromoTarget, item: TargetItem): boolean {
  const { kind, value } = parseTarget(target) ?? {};
  if (kind === "item") return item.id === value;
  if (kind === "family") return item.level_family === value;
  return kind === "category" && item.category_id === value;
}

/** No targets: the whole order. */
export const inTargets = (targets: readonly PromoTarget[], item: TargetItem) =>
  targets.length === 0 || targets.some((target) => matchesTarget(target, item));

type PricedItem = TargetItem & { harga: number };
const cheapestByMenu = new WeakMap<ReadonlyMap<string, PricedItem>, Map<string, number>>();

export function cheapestOf(target: PromoTarget, menu: ReadonlyMap<string, PricedItem>): number {
  let known = cheapestByMenu.get(menu);
  if (!known) cheapestByMenu.set(menu, (known = new Map()));
  let cheapest = known.get(target);
  if (cheapest === undefined) {
    cheapest = Infinity;
    for (const item of menu.values())
      if (matchesTarget(target, item)) cheapest = Math.min(cheapest, item.harga);
    known.set(target, cheapest);
  }
  return cheapest;
}
