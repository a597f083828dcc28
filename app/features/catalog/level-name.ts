/**
 * What a menu item's name says of its spice level, for the admin's checks (menu-item-schema.ts)
 * and its order views (orders/order-line-level.ts); kept apart from spice-levels.ts, which every
 * storefront page loads.
 */
/** `Mie Nyala Level 4` must say its level: the number a name gives after "Level", if any. */
export function levelInName(nama: string): number | null {
  const match = /\blevel\s*(\d+)\b/i.exec(nama);
  return match ? Number(match[1]) : null;
}
