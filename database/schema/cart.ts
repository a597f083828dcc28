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

/**
 * A cart the server knows (docs/decisions/0018-server-cart.md): a guest's, named by a cookie that
 * holds `<id>.<secret>` (only the SHA-256 of the secret is stored, like a session), or a signed-in
 * customer's, tied to the account (one per account; no secret). A guest cart expires
 * `expires_at`, renewed by every change; an account's never does. `version` grows with every
 * change, so a page can tell the newest answer from an older one.
 */
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

/**
 * One line of a cart: an item at a spice level, with its quantity and note. Lines only: the name
 * and the price shown come from the menu at every render. `nama` and `harga` are what the
 * customer last saw (set when the line was added, updated when a change was announced), so a
 * changed price or a removed item is said once. `line_key` is the item and its level
 * (`mie-nyala-level-1#3`), unique in its cart.
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cart_id: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    line_key: text("line_key").notNull(),
    /** No foreign key: a line whose item left the menu stays until the cart is shown, then goes with a notice. */
    menu_item_id: text("menu_item_id").notNull(),
    level: integer("level"),
    jumlah: integer("jumlah").notNull(),
    catatan: text("catatan").notNull().default(""),
    nama: text("nama").notNull(),
    harga: integer("harga").notNull(),
    /** Whether the item was orderable when the customer last saw the line (sold out is said once). */
    tersedia: boolean("tersedia").notNull().default(true),
    /** The line's place in the cart (lines keep the order they were added in). */
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

/**
 * The cart an order was checked out from, until its lines leave that cart: once, when the
 * restaurant accepts the order or the customer confirms sending it (0043-cart-forgets-ordered-lines.md).
 */
export const orderCarts = pgTable(
  "order_carts",
  {
    order_id: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    cart_id: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /**
     * Portions per line key (`mie-nyala-level-1#3`) still in the cart since the checkout: what
     * leaves the cart. Every later change lowers it to what the line still holds; null on links
     * from before it existed (the order's lines are taken).
     */
    owed: jsonb("owed").$type<Record<string, number>>(),
    created_at: timestamps.created_at,
  },
  (t) => [index("order_carts_cart_id_idx").on(t.cart_id)],
);
