import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { FULFILMENTS, ORDER_SOURCES, ORDER_STATUSES, type PaymentMethod } from "../types.ts";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";
import { menuItems, promos } from "./catalog.ts";

// Recorded at checkout, priced by the database (never the browser); `code` (NY-7K3Q) matches a chat to it.
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("baru"),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    customer_name: text("customer_name"),
    customer_phone: text("customer_phone"),
    fulfilment: text("fulfilment", { enum: FULFILMENTS }),
    address: text("address"),
    landmark: text("landmark"),
    table_number: text("table_number"),
    /** Null: as soon as possible. */
    scheduled_for: timestamp("scheduled_for", { withTimezone: true }),
    subtotal: bigint("subtotal", { mode: "number" }).notNull(),
    /** `subtotal` less order_discounts; 64-bit, so no sum of orders can overflow. */
    total: bigint("total", { mode: "number" }).notNull(),
    outside_hours: boolean("outside_hours").notNull().default(false),
    /** SHA-256 of the checkout's secret: its browser may replace the order while `baru`; null: never. */
    token_hash: text("token_hash"),
    view_token_hash: text("view_token_hash"),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    /** Cancelled by "Bersihkan" as never sent: neither a sale nor a cancellation in the report. */
    cleared_unsent: boolean("cleared_unsent").notNull().default(false),
    replaced_by: text("replaced_by"),
    replaces: text("replaces"),
    /** An earlier order the restaurant had taken up, so this checkout could not replace it (0053). */
    follows: text("follows"),
    source: text("source", { enum: ORDER_SOURCES }).notNull().default("online"),
    version: integer("version").notNull().default(1),
    payment_method: text("payment_method").$type<PaymentMethod>(),
    /** When marked paid; `paid_amount` is the total then (an edit may change the total since). */
    paid_at: timestamp("paid_at", { withTimezone: true }),
    paid_amount: bigint("paid_amount", { mode: "number" }),
    /** HMAC of the online customer's client address: its share of a day's portions (0057). */
    client_key: text("client_key"),
    /** SHA-256 of the form's one-time key and what it asked: a replay answers this order again (0057). */
    submission_hash: text("submission_hash"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_code_key").on(t.code),
    uniqueIndex("orders_submission_hash_key").on(t.submission_hash),
    index("orders_status_created_at_idx").on(t.status, t.created_at),
    index("orders_created_at_idx").on(t.created_at),
    index("orders_user_id_created_at_idx").on(t.user_id, t.created_at),
    check(
      "orders_status_known",
      sql`${t.status} in ('baru', 'diterima', 'dimasak', 'siap', 'selesai', 'batal')`,
    ),
    check("orders_total_range", sql`${t.total} >= 0`),
    check("orders_fulfilment_known", sql`${t.fulfilment} in ('ambil', 'antar', 'makan')`),
    check("orders_total_within_subtotal", sql`${t.total} <= ${t.subtotal}`),
    check("orders_source_known", sql`${t.source} in ('online', 'kasir')`),
    index("orders_kasir_created_at_idx")
      .on(t.created_at)
      .where(sql`${t.source} = 'kasir'`),
    check("orders_payment_method_known", sql`${t.payment_method} in ('tunai', 'qris', 'transfer')`),
  ],
);

export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    reason: text("reason"),
    created_at: timestamps.created_at,
  },
  (t) => [
    index("order_events_order_id_idx").on(t.order_id, t.id),
    check(
      "order_events_status_known",
      sql`${t.status} in ('baru', 'diterima', 'dimasak', 'siap', 'selesai', 'batal')`,
    ),
    check("order_events_reason_length", sql`char_length(${t.reason}) <= 200`),
  ],
);

export const checkoutProfiles = pgTable("checkout_profiles", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  nama: text("nama").notNull(),
  whatsapp: text("whatsapp").notNull(),
  fulfilment: text("fulfilment", { enum: FULFILMENTS }).notNull(),
  address: text("address").notNull().default(""),
  landmark: text("landmark").notNull().default(""),
  table_number: text("table_number").notNull().default(""),
  updated_at: timestamps.updated_at,
});

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    menu_item_id: text("menu_item_id").references(() => menuItems.id, { onDelete: "set null" }),
    nama: text("nama").notNull(),
    harga: integer("harga").notNull(),
    jumlah: integer("jumlah").notNull(),
    level: integer("level"),
    catatan: text("catatan").notNull().default(""),
    subtotal: bigint("subtotal", { mode: "number" }).notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [
    index("order_items_order_id_idx").on(t.order_id),
    index("order_items_menu_item_id_idx").on(t.menu_item_id),
    check("order_items_jumlah_range", sql`${t.jumlah} between 1 and 99`),
    check("order_items_level_range", sql`${t.level} between 0 and 5`),
    check("order_items_catatan_length", sql`char_length(${t.catatan}) <= 100`),
  ],
);

export const orderDiscounts = pgTable(
  "order_discounts",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    promo_id: integer("promo_id").references(() => promos.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [
    // A promotion prices an order once (pricing.ts): the report's totals count its lines as orders.
    uniqueIndex("order_discounts_order_promo_key").on(t.order_id, t.promo_id),
    index("order_discounts_order_id_idx").on(t.order_id),
    index("order_discounts_promo_id_idx").on(t.promo_id),
    check("order_discounts_amount_positive", sql`${t.amount} > 0`),
  ],
);
