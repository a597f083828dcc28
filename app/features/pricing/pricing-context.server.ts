// What pricing reads once per request through the content cache, and the one pricing call on it (0028, 0054).
import { asc } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { categories, menuItems } from "../../../database/schema.ts";
import { cachedContent } from "../../lib/content-cache.server.ts";
import { dishColumns } from "../catalog/catalog.server.ts";
import { shownPortionsNow } from "../catalog/portions.server.ts";
import { orderableToday } from "../catalog/portions.ts";
import { loadActivePromos } from "../promotions/active-promos.server.ts";
import type { CustomerFacts, PricingPromo } from "../promotions/adjustments.ts";
import type { MenuFacts } from "../promotions/promo-card-view.ts";
import { priceCart, type Pricing, type PricingLine } from "./pricing.ts";

export interface MenuEntry {
  id: string;
  nama: string;
  harga: number;
  gambar: string;
  tersedia: boolean;
  category_id: string;
  level_family: string | null;
  level: number | null;
}

export interface PricingContext extends MenuFacts {
  promos: PricingPromo[];
  menu: ReadonlyMap<string, MenuEntry>;
  catalog: readonly MenuEntry[];
}

export async function loadPricingContext(db: Database): Promise<PricingContext> {
  const [pricingPromos, rows, sections, portions] = await Promise.all([
    loadActivePromos(db),
    db
      .select({ ...dishColumns, category_id: menuItems.category_id })
      .from(menuItems)
      .orderBy(asc(menuItems.nama)),
    db.select({ id: categories.id, nama: categories.nama }).from(categories),
    shownPortionsNow(db),
  ]);
  // An item out of today's portions is sold out for the cart too (0044).
  const items = rows.map((item) => ({ ...item, tersedia: orderableToday(item, portions) }));
  return {
    promos: pricingPromos,
    menu: new Map(items.map((item) => [item.id, item])),
    catalog: items,
    categoryNames: new Map(sections.map((section) => [section.id, section.nama])),
  };
}

export const getPricingContext = (db: Database) => cachedContent("pricing", () => loadPricingContext(db));

export const priceLines = (
  context: PricingContext,
  lines: readonly PricingLine[],
  moment: { now: number; timezone: string },
  customer: CustomerFacts,
): Pricing =>
  priceCart({
    lines,
    promos: context.promos,
    menu: context.menu,
    categoryNames: context.categoryNames,
    now: moment.now,
    timezone: moment.timezone,
    customer,
  });

export const priceAt = (
  at: { now: Date; store: { timezone: string }; pricing: PricingContext },
  lines: readonly PricingLine[],
  customer: CustomerFacts,
) => priceLines(at.pricing, lines, { now: at.now.getTime(), timezone: at.store.timezone }, customer);
