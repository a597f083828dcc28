import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { categories, menuItems, promos, siteTexts, slides } from "../../../database/schema.ts";

export interface MenuItemView {
  id: string;
  nama: string;
  kategori: string;
  deskripsi: string;
  harga: number;
  gambar: string;
  tersedia: boolean;
  /** The dish takes a spice level (0–5) chosen when it is added to the cart. */
  takes_level: boolean;
}

export interface PromoView {
  id: number;
  title: string;
  description: string;
  image: string;
  label: string;
}

export interface SlideView {
  id: number;
  title: string;
  text: string;
  image: string;
  /** The dish the slide's order link names; falls back to the slide's title. */
  orderName: string;
  /** The slide's dish is sold out: the slide shows Habis instead of its order link. */
  soldOut: boolean;
}

/** What the cart needs to re-check its lines: the current price and availability of every item. */
interface PriceListEntry {
  id: string;
  nama: string;
  harga: number;
  gambar: string;
  tersedia: boolean;
  takes_level: boolean;
}

/** A menu item as the storefront shows it (with `categories` joined); the admin pages reuse it. */
export const menuItemColumns = {
  id: menuItems.id,
  nama: menuItems.nama,
  kategori: categories.nama,
  deskripsi: menuItems.deskripsi,
  harga: menuItems.harga,
  gambar: menuItems.gambar,
  tersedia: menuItems.tersedia,
  takes_level: menuItems.takes_level,
};

type RankColumn = "featured_rank" | "best_seller_rank" | "produk_rank";

function rankedItems(db: Database, rank: RankColumn): Promise<MenuItemView[]> {
  return db
    .select(menuItemColumns)
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.category_id))
    .where(isNotNull(menuItems[rank]))
    .orderBy(asc(menuItems[rank]));
}

/** The three dishes of the landing page `/`. */
export const getFeaturedItems = (db: Database) => rankedItems(db, "featured_rank");
/** The six best sellers of `/beranda`. */
export const getBestSellers = (db: Database) => rankedItems(db, "best_seller_rank");
/** The four products of `/produk`. */
export const getProdukItems = (db: Database) => rankedItems(db, "produk_rank");

export function getPriceList(db: Database): Promise<PriceListEntry[]> {
  return db
    .select({
      id: menuItems.id,
      nama: menuItems.nama,
      harga: menuItems.harga,
      gambar: menuItems.gambar,
      tersedia: menuItems.tersedia,
      takes_level: menuItems.takes_level,
    })
    .from(menuItems)
    .orderBy(asc(menuItems.nama));
}

/** Promos switched on and inside their date window at `now`. */
export function getActivePromos(db: Database, now = new Date()): Promise<PromoView[]> {
  return db
    .select({
      id: promos.id,
      title: promos.title,
      description: promos.description,
      image: promos.image,
      label: promos.label,
    })
    .from(promos)
    .where(
      and(
        eq(promos.aktif, true),
        or(isNull(promos.active_from), lte(promos.active_from, now)),
        or(isNull(promos.active_until), gt(promos.active_until, now)),
      ),
    )
    .orderBy(asc(promos.urutan), asc(promos.id));
}

export function getActiveSlides(db: Database): Promise<SlideView[]> {
  return db
    .select({
      id: slides.id,
      title: slides.title,
      text: slides.text,
      image: slides.image,
      orderName: sql<string>`coalesce(${menuItems.nama}, ${slides.title})`,
      soldOut: sql<boolean>`coalesce(not ${menuItems.tersedia}, false)`,
    })
    .from(slides)
    .leftJoin(menuItems, eq(menuItems.id, slides.menu_item_id))
    .where(eq(slides.aktif, true))
    .orderBy(asc(slides.urutan), asc(slides.id));
}

export async function getSiteTexts(db: Database): Promise<Record<string, string>> {
  const rows = await db.select({ key: siteTexts.key, value: siteTexts.value }).from(siteTexts);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
