// A line's spice level in the admin (0023): an old level apart from the name is shown, never rewritten.
import { levelInName } from "../catalog/level-name.ts";
import { SPICE_LEVELS, spiceLevelLabel } from "../catalog/spice-levels.ts";

export function orderLineLevel(nama: string, level: number | null): string | null {
  if (level === null) return null;
  const named = levelInName(nama);
  if (named === level) return SPICE_LEVELS[level]?.nama ?? null;
  if (named === null) return spiceLevelLabel(level);
  return `dipesan dengan ${spiceLevelLabel(level)} (pilihan level lama)`;
}
