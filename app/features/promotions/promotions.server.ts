/**
 * What the pricing needs from the database: the promos with a rule that are switched on, the
 * menu (names, prices, categories, level families) and the customer's history. Read through the
 * content cache like the rest of the catalog; an admin's change clears it.
 */
import { and, asc, count, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { categories, menuItems, orderDiscounts, orders, promos } from "../../../database/schema.ts";
import { storeNow } from "../../lib/clock.server.ts";
import { cachedContent } from "../../lib/content-cache.server.ts";
import {
  GUEST,
  priceCart,
  type CustomerFacts,
  type Pricing,
  type PricingItem,
  type PricingLine,
  type PricingPromo,
} from "./pricing.ts";
import type { MenuFacts } from "./promo-card-view.ts";
import { readRule } from "./rule.ts";

export interface PricingContext extends MenuFacts {
  promos: PricingPromo[];
  menu: ReadonlyMap<string, PricingItem & { tersedia: boolean; level: number | null; gambar: string }>;
}

/** Read fresh (the checkout); pages read it through the cache (`getPricingContext`). */
export async function loadPricingContext(db: Database): Promise<PricingContext> {
  const [promoRows, items, sections] = await Promise.all([
    db
      .select({
        id: promos.id,
        title: promos.title,
        urutan: promos.urutan,
        rule: promos.rule,
        active_from: promos.active_from,
        active_until: promos.active_until,
      })
      .from(promos)
      .where(and(eq(promos.aktif, true), isNotNull(promos.rule)))
      .orderBy(asc(promos.urutan), asc(promos.id)),
    db
      .select({
        id: menuItems.id,
        nama: menuItems.nama,
        harga: menuItems.harga,
        gambar: menuItems.gambar,
        tersedia: menuItems.tersedia,
        category_id: menuItems.category_id,
        level_family: menuItems.level_family,
        level: menuItems.level,
      })
      .from(menuItems),
    db.select({ id: categories.id, nama: categories.nama }).from(categories),
  ]);
  const pricingPromos: PricingPromo[] = [];
  for (const row of promoRows) {
    const rule = readRule(row.rule);
    if (!rule) continue;
    pricingPromos.push({
      id: row.id,
      title: row.title,
      urutan: row.urutan,
      rule,
      active_from: row.active_from?.getTime() ?? null,
      active_until: row.active_until?.getTime() ?? null,
    });
  }
  return {
    promos: pricingPromos,
    menu: new Map(items.map((item) => [item.id, item])),
    categoryNames: new Map(sections.map((section) => [section.id, section.nama])),
  };
}

/** The promos and the menu as the pricing reads them (cached like the catalog). */
export const getPricingContext = (db: Database) => cachedContent("pricing", () => loadPricingContext(db));

/**
 * What the promos' "who" needs to know of a signed-in customer: their earlier orders that were
 * not cancelled, and how often each promo priced one of them. `replacing` is the code of the
 * order this checkout replaces (it is about to be cancelled, so it does not count).
 */
export async function getCustomerFacts(
  db: Database,
  userId: string | null,
  replacing: string | null = null,
): Promise<CustomerFacts> {
  if (!userId) return GUEST;
  const counted = and(
    eq(orders.user_id, userId),
    ne(orders.status, "batal"),
    replacing ? ne(orders.code, replacing) : undefined,
  );
  const [[previous], uses] = await Promise.all([
    db.select({ n: count() }).from(orders).where(counted),
    db
      .select({ promoId: orderDiscounts.promo_id, n: sql<number>`count(distinct ${orders.id})::integer` })
      .from(orderDiscounts)
      .innerJoin(orders, eq(orders.id, orderDiscounts.order_id))
      .where(and(counted, isNotNull(orderDiscounts.promo_id)))
      .groupBy(orderDiscounts.promo_id),
  ]);
  return {
    signedIn: true,
    previousOrders: previous?.n ?? 0,
    uses: Object.fromEntries(uses.map((row) => [row.promoId!, Number(row.n)])),
  };
}

/**
 * The cart page's pricing: the same priceCart the checkout runs, on the lines that will be
 * ordered, at the store's clock, for this customer. The checkout prices again from the database
 * and records only the total the page showed (docs/decisions/0025-pricing-and-rounding.md).
 */
export async function priceForPage(
  db: Database,
  lines: readonly PricingLine[],
  userId: string | null,
  timezone: string,
): Promise<Pricing> {
  const [context, customer] = await Promise.all([getPricingContext(db), getCustomerFacts(db, userId)]);
  return priceCart({
    lines,
    promos: context.promos,
    menu: context.menu,
    categoryNames: context.categoryNames,
    now: storeNow(),
    timezone,
    customer,
  });
}
