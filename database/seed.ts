import { and, eq, isNull } from "drizzle-orm";
import { appMeta, categories, menuItems, promos, siteTexts, slides, storeSettings } from "./schema.ts";
import { seedCategories, seedMenuItems, seedPromos, seedSiteTexts, seedSlides } from "./catalog-data.ts";
import type { Database } from "./client.server.ts";

const CATALOG_SEED = "seed:catalog:v1";
const LEVELS_SEED = "seed:spice-levels:v1";
const PROMO_RULES_SEED = "seed:promo-rules:v1";

/**
 * Everything a database starts with, each part once (see the two functions below). Whoever starts
 * the app calls this after `openDatabase` (the server at every start, the tests' databases). Returns whether the starting catalog was written by this call.
 */
export async function seedCatalog(db: Database): Promise<boolean> {
  const seeded = await seedStartingCatalog(db);
  await seedOperations(db);
  await seedPromoRules(db);
  return seeded;
}

/**
 * Writes the starting catalog once per database. The marker row and the data go in one
 * transaction, so concurrent starts (two app servers) seed exactly once, and an owner who later
 * deletes a seeded promo does not see it come back on the next restart.
 * Returns whether this call seeded.
 */
async function seedStartingCatalog(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: CATALOG_SEED })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    await tx
      .insert(categories)
      .values([...seedCategories])
      .onConflictDoNothing();
    await tx.insert(menuItems).values(seedMenuItems).onConflictDoNothing();
    await tx.insert(slides).values(seedSlides);
    await tx.insert(promos).values(seedPromos.map(({ before: _before, ...promo }) => promo));
    await tx.insert(siteTexts).values(seedSiteTexts).onConflictDoNothing();
    return true;
  });
}

/**
 * Once per database, after the catalog: the store settings row exists. Its columns start empty,
 * which means "use the environment settings" (app/features/store/settings.server.ts). Like the
 * catalog seed, a marker row makes it run once, so an owner's later change stays. (It once also
 * gave the starting noodles a spice level; migration 0008 made those level families.)
 */
export async function seedOperations(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: LEVELS_SEED })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;
    await tx.insert(storeSettings).values({ id: 1 }).onConflictDoNothing();
    return true;
  });
}

/**
 * Once per database: the three starting promos become working rules. A database seeded before
 * rules existed has them as pictures; each is upgraded only where it is still the seeded row
 * (same title and picture, no rule yet), and its label and description only where the owner
 * left the seeded words, so a promo the owner created or rewrote is never touched. A fresh
 * database was seeded with the rules already and matches nothing here.
 */
export async function seedPromoRules(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: PROMO_RULES_SEED })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;
    for (const promo of seedPromos) {
      const seeded = and(eq(promos.title, promo.title), eq(promos.image, promo.image), isNull(promos.rule));
      const upgraded = await tx
        .update(promos)
        .set({ rule: promo.rule, updated_at: new Date() })
        .where(seeded)
        .returning({ id: promos.id });
      for (const { id } of upgraded) {
        await tx
          .update(promos)
          .set({ label: promo.label })
          .where(and(eq(promos.id, id), eq(promos.label, promo.before.label)));
        await tx
          .update(promos)
          .set({ description: promo.description })
          .where(and(eq(promos.id, id), eq(promos.description, promo.before.description)));
      }
    }
    return true;
  });
}
