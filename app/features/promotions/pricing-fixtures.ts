// The starting menu and promos as the pricing sees them, for its tests and bench.
import { seedMenuItems, seedPromos } from "../../../database/catalog-data.ts";
import type { PricingItem, PricingPromo } from "./adjustments.ts";

export const seedMenu: ReadonlyMap<string, PricingItem> = new Map(
  seedMenuItems.map((item) => [
    item.id,
    {
      id: item.id,
      nama: item.nama,
      harga: item.harga,
      category_id: item.category_id,
      level_family: item.level_family,
    },
  ]),
);

export const seedCategoryNames = new Map([
  ["makanan", "Makanan"],
  ["minuman", "Minuman"],
  ["cemilan", "Cemilan"],
]);

export const seedPricingPromos: PricingPromo[] = seedPromos.map((promo, index) => ({
  id: index + 1,
  title: promo.title,
  urutan: promo.urutan,
  rule: promo.rule,
  active_from: null,
  active_until: null,
}));

export const line = (id: string, jumlah = 1) => ({ id, harga: seedMenu.get(id)!.harga, jumlah });
