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

/**
 * An order recorded at checkout, before the customer's WhatsApp message is sent. Prices are the
 * database's at that moment (never the browser's). `code` (e.g. `NY-7K3Q`) is what the message
 * carries, so the restaurant can match a chat to its order. The customer's details (name,
 * number, how and when) are null on orders recorded before checkout asked for them.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("baru"),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The customer's name as given at checkout (kept when the account is deleted). */
    customer_name: text("customer_name"),
    /** The customer's WhatsApp number: digits, country code first (`6281234567890`). */
    customer_phone: text("customer_phone"),
    fulfilment: text("fulfilment", { enum: FULFILMENTS }),
    /** Delivery address and a landmark (fulfilment `antar`). */
    address: text("address"),
    landmark: text("landmark"),
    /** The table (fulfilment `makan`), when the customer gave one. */
    table_number: text("table_number"),
    /** The time slot chosen; null means as soon as possible. */
    scheduled_for: timestamp("scheduled_for", { withTimezone: true }),
    /** The lines' sum before promotions, whole rupiah. */
    subtotal: bigint("subtotal", { mode: "number" }).notNull(),
    /**
     * What the customer pays: `subtotal` less the order's discounts (order_discounts), whole
     * rupiah. 64-bit, so no sum of orders (reports, discounts) can overflow.
     */
    total: bigint("total", { mode: "number" }).notNull(),
    /** Recorded while the store was closed: to be processed at the next opening. */
    outside_hours: boolean("outside_hours").notNull().default(false),
    /**
     * SHA-256 (hex) of the secret the checkout answered with; the browser that placed the order
     * keeps the secret and may replace the order with its next checkout while it is still `baru`.
     * Null for orders recorded before replacement existed (they cannot be replaced).
     */
    token_hash: text("token_hash"),
    /**
     * SHA-256 (hex) of the secret in the order page's link (`/pesanan/<code>?kunci=…`), which
     * the WhatsApp message carries. Null for orders recorded before order pages existed.
     */
    view_token_hash: text("view_token_hash"),
    /** When the customer confirmed that the WhatsApp message was sent; null: never confirmed. */
    sent_at: timestamp("sent_at", { withTimezone: true }),
    /** Cancelled by "Bersihkan" as never sent: neither a sale nor a cancellation in the report. */
    cleared_unsent: boolean("cleared_unsent").notNull().default(false),
    /** The code of the order that replaced this one (it was cancelled automatically), else null. */
    replaced_by: text("replaced_by"),
    /** The code of the order this one replaced (cancelled by this checkout), else null. */
    replaces: text("replaces"),
    /**
     * The code of an earlier order from the same browser that the restaurant had already taken up
     * (accepted, edited, paid or printed), so this checkout could not replace it (0053).
     */
    follows: text("follows"),
    /** `kasir`: taken by hand by the staff (docs/decisions/0039-hand-orders-and-edits.md). */
    source: text("source", { enum: ORDER_SOURCES }).notNull().default("online"),
    /** 1 when recorded, one more per staff edit; an edit names the version it changes. */
    version: integer("version").notNull().default(1),
    /** How the customer pays (null on orders from before payment methods); paid state: payments.ts. */
    payment_method: text("payment_method").$type<PaymentMethod>(),
    /** When it was marked paid, and the total it was paid at (an edit may change the total since). */
    paid_at: timestamp("paid_at", { withTimezone: true }),
    paid_amount: bigint("paid_amount", { mode: "number" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_code_key").on(t.code),
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
    // The report counts hand orders from the orders themselves (few beside the online ones).
    index("orders_kasir_created_at_idx")
      .on(t.created_at)
      .where(sql`${t.source} = 'kasir'`),
    check("orders_payment_method_known", sql`${t.payment_method} in ('tunai', 'qris', 'transfer')`),
  ],
);

/**
 * An order's status changes, oldest first: its timeline (with the time of each step) on the
 * order page, and the ids the live page's events carry. `reason` is the restaurant's reason for
 * a cancellation, shown to the customer.
 */
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

/** What a signed-in customer typed at their last checkout, offered again at the next one. */
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

/** One line of an order: the item's name and price as they were when it was ordered. */
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
    /** harga × jumlah, whole rupiah; 64-bit like orders.total. */
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

/**
 * A promotion that priced an order: the promo's title as it was at checkout and what it took
 * off (whole rupiah). The promo itself may change or go later; this row does not.
 */
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
