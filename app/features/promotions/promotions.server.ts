/**
 * What pricing reads from the database: the menu, promos and categories (once per request,
 * through the content cache) and a customer's history (docs/decisions/0028-checkout-pipeline.md).
 */
import { and, asc, count, eq, isNotNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { categories, menuItems, orderDiscounts, orders, promos, users } from "../../../database/schema.ts";
import { cachedContent } from "../../lib/content-cache.server.ts";
import { dishColumns } from "../catalog/catalog.server.ts";
import { shownPortionsNow } from "../catalog/portions.server.ts";
import { orderableToday } from "../catalog/portions.ts";
import {
  GUEST,
  priceCart,
  type CustomerFacts,
  type Pricing,
  type PricingLine,
  type PricingPromo,
} from "./pricing.ts";
import type { MenuFacts } from "./promo-card-view.ts";
import { readRule } from "./rule.ts";

/** A menu item as the cart, the checkout and the pricing read it. */
export interface MenuEntry {
  id: string;
  nama: string;
  harga: number;
  gambar: string;
  tersedia: boolean;
  category_id: string;
  /** The dish the item is one level of, and its level there; null for items without levels. */
  level_family: string | null;
  level: number | null;
}

export interface PricingContext extends MenuFacts {
  promos: PricingPromo[];
  menu: ReadonlyMap<string, MenuEntry>;
  /** The same entries, by name: the cart's catalog. */
  catalog: readonly MenuEntry[];
}

export async function loadPricingContext(db: Database): Promise<PricingContext> {
  const [promoRows, rows, sections, portions] = await Promise.all([
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
      .select({ ...dishColumns, category_id: menuItems.category_id })
      .from(menuItems)
      .orderBy(asc(menuItems.nama)),
    db.select({ id: categories.id, nama: categories.nama }).from(categories),
    shownPortionsNow(db),
  ]);
  // An item out of today's portions is sold out for the cart too (0044).
  const items = rows.map((item) => ({ ...item, tersedia: orderableToday(item, portions) }));
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
    catalog: items,
    categoryNames: new Map(sections.map((section) => [section.id, section.nama])),
  };
}

/**
 * The menu, prices and promos, read once per request through the content cache (an admin's
 * change clears it on every server): the cart page and the checkout price from the same copy.
 */
export const getPricingContext = (db: Database) => cachedContent("pricing", () => loadPricingContext(db));

/** A connection or the recording's transaction. */
type Reader = Pick<Database, "select">;

/**
 * What the promos' "who" needs of a signed-in customer: their orders that were not cancelled,
 * and how often each promo priced one, leaving out order `replacing` (the one this checkout
 * cancels); with `before`, only orders placed before it (an edit prices as at its recording).
 */
export async function getCustomerFacts(
  db: Reader,
  userId: string | null,
  { replacing = null, before = null }: { replacing?: number | null; before?: Date | null } = {},
): Promise<CustomerFacts> {
  if (!userId) return GUEST;
  const counted = and(
    eq(orders.user_id, userId),
    ne(orders.status, "batal"),
    replacing === null ? undefined : ne(orders.id, replacing),
    before === null ? undefined : lt(orders.created_at, before),
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
 * Takes the customer's row until the transaction ends: their facts are read after it, so two
 * checkouts of one account are priced one after the other (PGlite and PostgreSQL alike).
 */
export async function lockCustomer(tx: Reader, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

/**
 * The one pricing call of the cart page and the checkout: `lines` at the store's moment `now`
 * (ms) in `timezone`, for this customer (docs/decisions/0025-pricing-and-rounding.md).
 */
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
