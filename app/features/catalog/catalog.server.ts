import { asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { categories, menuItems, siteTexts, slides } from "../../../database/schema.ts";
import { shownPortionsNow } from "./portions.server.ts";
import { orderableToday } from "./portions.ts";
import { groupLevelFamilies, type LevelChoice } from "./spice-levels.ts";

export interface MenuItemView {
  id: string;
  nama: string;
  kategori: string;
  category_id: string;
  deskripsi: string;
  harga: number;
  gambar: string;
  tersedia: boolean;
  level_family: string | null;
  level: number | null;
  levels: LevelChoice[];
  /** `Sisa N` when few are left; null when plenty or unlimited; 0 = Habis. */
  sisa: number | null;
}

export interface MenuSection {
  id: string;
  nama: string;
  items: MenuItemView[];
}

export interface SlideView {
  id: number;
  title: string;
  text: string;
  image: string;
  orderName: string;
  /** null: the slide links to the menu. */
  menuItemId: string | null;
  soldOut: boolean;
}

export const dishColumns = {
  id: menuItems.id,
  nama: menuItems.nama,
  harga: menuItems.harga,
  gambar: menuItems.gambar,
  tersedia: menuItems.tersedia,
  level_family: menuItems.level_family,
  level: menuItems.level,
};

export const menuItemColumns = {
  ...dishColumns,
  kategori: categories.nama,
  category_id: menuItems.category_id,
  deskripsi: menuItems.deskripsi,
};

type RankColumn = "featured_rank" | "best_seller_rank" | "produk_rank";

// Adds each family's levels and today's portions left: an item at zero is `Habis`, as if switched off (0044).
async function withLevels(
  db: Database,
  rows: Omit<MenuItemView, "levels" | "sisa">[],
): Promise<MenuItemView[]> {
  const portions = await shownPortionsNow(db);
  const families = rows.some((row) => row.level_family !== null)
    ? await levelFamilies(db, portions)
    : new Map();
  return rows.map((row) => ({
    ...row,
    tersedia: orderableToday(row, portions),
    sisa: portions.get(row.id) ?? null,
    levels: (row.level_family && families.get(row.level_family)) || [],
  }));
}

async function levelFamilies(db: Database, portions: ReadonlyMap<string, number>) {
  const members = await db.select(dishColumns).from(menuItems).where(isNotNull(menuItems.level_family));
  return groupLevelFamilies(
    members.map((member) => ({ ...member, tersedia: orderableToday(member, portions) })),
  );
}

async function rankedItems(db: Database, rank: RankColumn): Promise<MenuItemView[]> {
  const rows = await db
    .select(menuItemColumns)
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.category_id))
    .where(isNotNull(menuItems[rank]))
    .orderBy(asc(menuItems[rank]));
  return withLevels(db, rows);
}

export const getFeaturedItems = (db: Database) => rankedItems(db, "featured_rank");
export const getBestSellers = (db: Database) => rankedItems(db, "best_seller_rank");
export const getProdukItems = (db: Database) => rankedItems(db, "produk_rank");

export async function getMenuSections(db: Database): Promise<MenuSection[]> {
  const [sections, rows] = await Promise.all([
    db
      .select({ id: categories.id, nama: categories.nama })
      .from(categories)
      .orderBy(asc(categories.urutan), asc(categories.nama)),
    db
      .select(menuItemColumns)
      .from(menuItems)
      .innerJoin(categories, eq(categories.id, menuItems.category_id))
      .orderBy(
        sql`coalesce(${menuItems.level_family}, ${menuItems.nama})`,
        asc(menuItems.level),
        asc(menuItems.nama),
      ),
  ]);
  const items = await withLevels(db, rows);
  return sections
    .map((section) => ({ ...section, items: items.filter((item) => item.category_id === section.id) }))
    .filter((section) => section.items.length > 0);
}

export const slideViewColumns = {
  id: slides.id,
  title: slides.title,
  text: slides.text,
  image: slides.image,
};

export async function getActiveSlides(db: Database): Promise<SlideView[]> {
  const [rows, portions] = await Promise.all([
    db
      .select({
        ...slideViewColumns,
        orderName: sql<string>`coalesce(${menuItems.nama}, ${slides.title})`,
        menuItemId: menuItems.id,
        tersedia: menuItems.tersedia,
      })
      .from(slides)
      .leftJoin(menuItems, eq(menuItems.id, slides.menu_item_id))
      .where(eq(slides.aktif, true))
      .orderBy(asc(slides.urutan), asc(slides.id)),
    shownPortionsNow(db),
  ]);
  return rows.map(({ tersedia, ...slide }) => ({
    ...slide,
    soldOut:
      slide.menuItemId !== null &&
      !orderableToday({ id: slide.menuItemId, tersedia: tersedia ?? false }, portions),
  }));
}

export async function getSiteTexts(db: Database): Promise<Record<string, string>> {
  const rows = await db.select({ key: siteTexts.key, value: siteTexts.value }).from(siteTexts);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
