import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { type PromoRule } from "../types.ts";
import { timestamps } from "./columns.ts";

/** Makanan, Minuman, Cemilan. The id is a stable slug. */
export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  nama: text("nama").notNull().unique(),
  urutan: integer("urutan").notNull().default(0),
  ...timestamps,
});

/**
 * A dish, drink or snack. Prices are whole rupiah. The three rank columns place an item on a
 * page: `featured_rank` 1–3 on `/`, `best_seller_rank` 1–6 on `/beranda`, `produk_rank` 1–4 on
 * `/produk`; each rank is held by at most one item.
 *
 * A dish cooked to a spice level is a *level family* (docs/decisions/0023-spice-level-families.md):
 * each level is its own item (`Mie Nyala Level 3`, its own price and photo), and the items sharing
 * `level_family` (`Mie Nyala`) are the levels a customer picks between. Both columns are set or
 * neither; a family holds each level once.
 */
export const menuItems = pgTable(
  "menu_items",
  {
    id: text("id").primaryKey(),
    nama: text("nama").notNull(),
    category_id: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    deskripsi: text("deskripsi").notNull().default(""),
    harga: integer("harga").notNull(),
    gambar: text("gambar").notNull(),
    /** False = sold out (`Habis`): still shown, greyed, and it cannot be ordered. */
    tersedia: boolean("tersedia").notNull().default(true),
    /** Portions cooked each business day, or null for no limit (docs/decisions/0044-daily-portions.md). */
    porsi_harian: integer("porsi_harian"),
    /** The dish this item is one level of (`Mie Nyala`), or null for an item without levels. */
    level_family: text("level_family"),
    /** This item's spice level (0–5) within its family. */
    level: integer("level"),
    featured_rank: integer("featured_rank"),
    best_seller_rank: integer("best_seller_rank"),
    produk_rank: integer("produk_rank"),
    ...timestamps,
  },
  (t) => [
    check("menu_items_harga_range", sql`${t.harga} between 1 and 100000000`),
    check("menu_items_featured_rank_range", sql`${t.featured_rank} between 1 and 3`),
    check("menu_items_best_seller_rank_range", sql`${t.best_seller_rank} between 1 and 6`),
    check("menu_items_produk_rank_range", sql`${t.produk_rank} between 1 and 4`),
    check("menu_items_porsi_harian_range", sql`${t.porsi_harian} between 0 and 10000`),
    check("menu_items_level_range", sql`${t.level} between 0 and 5`),
    check("menu_items_level_family", sql`(${t.level_family} is null) = (${t.level} is null)`),
    uniqueIndex("menu_items_level_family_level_key").on(t.level_family, t.level),
    uniqueIndex("menu_items_featured_rank_key").on(t.featured_rank),
    uniqueIndex("menu_items_best_seller_rank_key").on(t.best_seller_rank),
    uniqueIndex("menu_items_produk_rank_key").on(t.produk_rank),
  ],
);

/**
 * Promo cards of `/beranda`; shown while `aktif` and inside the optional date window
 * (`active_from` to `active_until`, the store's calendar days). A card with a `rule` prices the
 * cart (app/features/promotions/pricing.ts); without one it is a picture.
 */
export const promos = pgTable("promos", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  image: text("image").notNull(),
  label: text("label").notNull().default(""),
  urutan: integer("urutan").notNull().default(0),
  aktif: boolean("aktif").notNull().default(true),
  active_from: timestamp("active_from", { withTimezone: true }),
  active_until: timestamp("active_until", { withTimezone: true }),
  /** When, for whom, on which lines and what it takes off (database/types.ts); null = no price. */
  rule: jsonb("rule").$type<PromoRule>(),
  ...timestamps,
});

/** Carousel slides of `/beranda`. The order link names `menu_item_id`'s dish. */
export const slides = pgTable("slides", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  text: text("text").notNull().default(""),
  image: text("image").notNull(),
  menu_item_id: text("menu_item_id").references(() => menuItems.id, { onDelete: "set null" }),
  urutan: integer("urutan").notNull().default(0),
  aktif: boolean("aktif").notNull().default(true),
  ...timestamps,
});

/** Editable page copy (about page, vision, mission), keyed by name. */
export const siteTexts = pgTable("site_texts", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  ...timestamps,
});
