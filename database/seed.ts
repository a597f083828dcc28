import { appMeta, categories, menuItems, promos, siteTexts, slides } from "./schema.ts";
import { seedCategories, seedMenuItems, seedPromos, seedSiteTexts, seedSlides } from "./catalog-data.ts";
import type { Database } from "./client.server.ts";

const CATALOG_SEED = "seed:catalog:v1";

/**
 * Writes the starting catalog once per database. The marker row and the data go in one
 * transaction, so concurrent starts (two app servers) seed exactly once, and an owner who later
 * deletes a seeded promo does not see it come back on the next restart.
 * Returns whether this call seeded.
 */
export async function seedCatalog(db: Database): Promise<boolean> {
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
