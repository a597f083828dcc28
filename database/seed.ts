import { and, eq, isNull } from "drizzle-orm";
import { appMeta, categories, menuItems, promos, siteTexts, slides, storeSettings } from "./schema.ts";
import { seedCategories, seedMenuItems, seedPromos, seedSiteTexts, seedSlides } from "./catalog-data.ts";
import type { Database } from "./client.server.ts";

const CATALOG_SEED = "seed:catalog:v1";
const LEVELS_SEED = "seed:spice-levels:v1";
const PROMO_RULES_SEED = "seed:promo-rules:v1";

// Everything a database starts with, each part once; returns whether the starting catalog was written now.
export async function seedCatalog(db: Database): Promise<boolean> {
  const seeded = await seedStartingCatalog(db);
  await seedOperations(db);
  await seedPromoRules(db);
  return seeded;
}

// Marker row and data in one transaction: concurrent starts seed once, and a deleted promo stays deleted.
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

// The settings row's empty columns mean "use the environment settings"; a marker row makes it run once.
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

// Upgrades a seeded promo only where it is still the seeded row, so an owner's own promo is never touched.
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
