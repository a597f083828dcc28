import type { MenuItemView } from "./catalog.server.ts";

// One card per dish (0023), where its first level stood: its lowest orderable level listed stands for it.
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

export function lowestPrice(item: MenuItemView): number {
  const open = item.levels.filter((level) => level.tersedia);
  return Math.min(...(open.length > 0 ? open : item.levels).map((level) => level.harga));
}
