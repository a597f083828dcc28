import type { MenuItemView } from "./catalog.server.ts";

/**
 * The full menu's cards: one per dish, so a level family is one card (0023). Its lowest level that
 * can be ordered stands for it (picture, description, the picker's first choice).
 */
export function oneCardPerDish(items: readonly MenuItemView[]): MenuItemView[] {
  const seen = new Set<string>();
  return items.flatMap((item) => {
    if (item.level_family === null || item.levels.length < 2) return [item];
    if (seen.has(item.level_family)) return [];
    seen.add(item.level_family);
    const first = item.levels.find((level) => level.tersedia) ?? item.levels[0]!;
    return [items.find((member) => member.id === first.id) ?? item];
  });
}

/** The lowest price among a dish's levels that can be ordered (all of them when none can). */
export function lowestPrice(item: MenuItemView): number {
  const open = item.levels.filter((level) => level.tersedia);
  return Math.min(...(open.length > 0 ? open : item.levels).map((level) => level.harga));
}
