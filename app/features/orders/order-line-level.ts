/**
 * How an order line's spice level reads in the admin. Since level families (decision 0023) a
 * line's level is its item's and the name says it (`Mie Nyala Level 3` · Pedas). An order from
 * before then may hold a level picked apart from the name (`Mie Nyala Level 1` at level 5): it
 * is shown as it was ordered, marked, never rewritten.
 */
import { levelInName } from "../catalog/level-name.ts";
import { SPICE_LEVELS, spiceLevelLabel } from "../catalog/spice-levels.ts";

export function orderLineLevel(nama: string, level: number | null): string | null {
  if (level === null) return null;
  const named = levelInName(nama);
  if (named === level) return SPICE_LEVELS[level]?.nama ?? null;
  if (named === null) return spiceLevelLabel(level);
  return `dipesan dengan ${spiceLevelLabel(level)} (pilihan level lama)`;
}
