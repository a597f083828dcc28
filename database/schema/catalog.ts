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

export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  nama: text("nama").notNull().unique(),
  urutan: integer("urutan").notNull().default(0),
  ...timestamps,
});

// Each rank column places an item on one page, held by at most one item. A level family (0023): one item per
// level, sharing `level_family`; it and `level` are set together, each level once per family.
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
    tersedia: boolean("tersedia").notNull().default(true),
    /** Null: no limit (0044). */
    porsi_harian: integer("porsi_harian"),
    level_family: text("level_family"),
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

// Shown while `aktif` and inside the optional date window (store calendar days); a rule prices the cart.
export const promos = pgTable(
  "promos",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull(),
    label: text("label").notNull().default(""),
    urutan: integer("urutan").notNull().default(0),
    aktif: boolean("aktif").notNull().default(true),
    active_from: timestamp("active_from", { withTimezone: true }),
    active_until: timestamp("active_until", { withTimezone: true }),
    rule: jsonb("rule").$type<PromoRule>(),
    /** Off: a rule applied at checkout with no card on /beranda (and no picture: `image` is ""). */
    kartu: boolean("kartu").notNull().default(true),
    ...timestamps,
  },
  (t) => [check("promos_card_has_image", sql`not ${t.kartu} or ${t.image} <> ''`)],
);

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

export const siteTexts = pgTable("site_texts", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  ...timestamps,
});
