import { inArray } from "drizzle-orm";
import { appMeta, categories, menuItems, promos, siteTexts, slides, storeSettings } from "./schema.ts";
import {
  seedCategories,
  seedLevelItemIds,
  seedMenuItems,
  seedPromos,
  seedSiteTexts,
  seedSlides,
} from "./catalog-data.ts";
import type { Database } from "./client.server.ts";

const CATALOG_SEED = "seed:catalog:v1";
const LEVELS_SEED = "seed:spice-levels:v1";

/**
 * Everything a database starts with, each part once (see the two functions below). Whoever starts
 * the app calls this after `openDatabase` (the server at every start, the tests' databases). Returns whether the starting catalog was written by this call.
 */
export async function seedCatalog(db: Database): Promise<boolean> {
  const seeded = await seedStartingCatalog(db);
  await seedOperations(db);
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
    await tx.insert(promos).values(seedPromos);
    await tx.insert(siteTexts).values(seedSiteTexts).onConflictDoNothing();
    return true;
  });
}

/**
 * Once per database, after the catalog: the starting noodles take a spice level (a database
 * seeded before levels existed gets them too), and the store settings row exists. Its columns
 * start empty, which means "use the environment settings" (app/features/store/settings.server.ts).
 * Like the catalog seed, a marker row makes it run once, so an owner's later change stays.
 */
export async function seedOperations(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: LEVELS_SEED })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;
    await tx.update(menuItems).set({ takes_level: true }).where(inArray(menuItems.id, seedLevelItemIds));
    await tx.insert(storeSettings).values({ id: 1 }).onConflictDoNothing();
    return true;
  });
}
