import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";
import { orders } from "./orders.ts";

// A guest's (cookie `<id>.<secret>`, SHA-256 stored) or an account's cart (0018); `version` grows per change.
export const carts = pgTable(
  "carts",
  {
    id: text("id").primaryKey(),
    secret_hash: text("secret_hash"),
    user_id: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    version: integer("version").notNull().default(0),
    expires_at: timestamp("expires_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("carts_user_id_key").on(t.user_id),
    index("carts_expires_at_idx").on(t.expires_at),
    check("carts_owner", sql`(${t.user_id} is null) <> (${t.secret_hash} is null)`),
  ],
);

// `nama` and `harga` are what the customer last saw, so a changed price or a removed item is said once.
export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cart_id: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    line_key: text("line_key").notNull(),
    menu_item_id: text("menu_item_id").notNull(),
    level: integer("level"),
    jumlah: integer("jumlah").notNull(),
    catatan: text("catatan").notNull().default(""),
    nama: text("nama").notNull(),
    harga: integer("harga").notNull(),
    tersedia: boolean("tersedia").notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cart_lines_cart_id_line_key_key").on(t.cart_id, t.line_key),
    check("cart_lines_jumlah_range", sql`${t.jumlah} between 1 and 99`),
    check("cart_lines_level_range", sql`${t.level} between 0 and 5`),
    check("cart_lines_catatan_length", sql`char_length(${t.catatan}) <= 100`),
  ],
);

// Until its lines leave the cart, once: when the order is accepted or its sending confirmed (0043).
export const orderCarts = pgTable(
  "order_carts",
  {
    order_id: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    cart_id: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /** Portions per line key still owed to the cart since checkout; null on links from before it existed. */
    owed: jsonb("owed").$type<Record<string, number>>(),
    created_at: timestamps.created_at,
  },
  (t) => [index("order_carts_cart_id_idx").on(t.cart_id)],
);
