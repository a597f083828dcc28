/**
 * How an order line's spice level reads in the admin (docs/decisions/0023-spice-level-families.md).
 * An order from before level families may hold a level apart from its item's name: shown as
 * ordered, marked, never rewritten.
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
