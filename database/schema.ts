import { sql } from "drizzle-orm";
import {
  bigint,
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
import { FULFILMENTS, ORDER_STATUSES, type OpeningDay, type PromoRule } from "./types.ts";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

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

/**
 * Secrets the app servers share, by name: the signing secret (`session`) when SESSION_SECRET is
 * not set, created once by whichever server needs it first (lib/server-secret.server.ts).
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: timestamps.created_at,
});

/** One row per one-time job that has run (e.g. the catalog seed), so it never runs twice. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  created_at: timestamps.created_at,
});

/**
 * Accounts. `email` is stored lower-case and unique. `password_hash` is bcrypt (cost 10) and
 * null for Google-only accounts; it never leaves the server. `google_sub` is the Google subject.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    nama: text("nama").notNull(),
    email: text("email").notNull().unique(),
    password_hash: text("password_hash"),
    photo_url: text("photo_url"),
    phone_number: text("phone_number"),
    provider: text("provider", { enum: ["password", "google"] }).notNull(),
    google_sub: text("google_sub").unique(),
    role: text("role", { enum: ["customer", "admin"] })
      .notNull()
      .default("customer"),
    ...timestamps,
  },
  (t) => [
    // Case-insensitive substring search in the admin's user list (`ilike '%…%'`), fast at 1M rows.
    index("users_nama_trgm_idx").using("gin", sql`lower(${t.nama}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("users_created_at_idx").on(t.created_at),
    // The admins, found on every order (their "Pesanan baru" notifications) among a million customers.
    index("users_admin_idx")
      .on(t.role)
      .where(sql`${t.role} = 'admin'`),
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("users_provider_known", sql`${t.provider} in ('password', 'google')`),
    check("users_role_known", sql`${t.role} in ('customer', 'admin')`),
  ],
);

/**
 * Server sessions. The cookie holds `<id>.<secret>`; only the SHA-256 of the secret is stored,
 * so a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    secret_hash: text("secret_hash").notNull(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id)],
);

/**
 * Fixed-window counters for rate limits (failed logins per account and per address,
 * registrations per address). In the database so the limits hold across app servers.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  reset_at: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Notifications shown to one admin in /admin/notifikasi-masuk. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    judul: text("judul").notNull(),
    pesan: text("pesan").notNull(),
    sudah_dibaca: boolean("sudah_dibaca").notNull().default(false),
    created_at: timestamps.created_at,
  },
  (t) => [index("notifications_user_id_created_at_idx").on(t.user_id, t.created_at)],
);

/**
 * One admin's notification switches, one per kind of notification the product sends (SPEC.md's
 * payment, comment and system switches had nothing behind them: docs/decisions/0020).
 */
export const notificationSettings = pgTable("notification_settings", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** A "Pesanan baru" notification for every order recorded. */
  pesanan_baru: boolean("pesanan_baru").notNull().default(true),
  /** A "Pengguna baru" notification when someone registers. */
  pengguna_baru: boolean("pengguna_baru").notNull().default(true),
  /** A message sent through the /kontak form (on by default: a restaurant reads what customers write). */
  pesan_kontak: boolean("pesan_kontak").notNull().default(true),
  updated_at: timestamps.updated_at,
});

/**
 * The store's public details, edited in /admin/outlet. A single row (id 1). Every column is
 * optional: an empty one falls back to the environment setting of the same meaning (BRAND_NAME,
 * STORE_ADDRESS, WHATSAPP_NUMBER, INSTAGRAM_URL, …), so an install configured through the
 * environment keeps working until the owner saves the page.
 */
export const storeSettings = pgTable(
  "store_settings",
  {
    id: integer("id").primaryKey().default(1),
    brand: text("brand"),
    address: text("address"),
    /** Digits only, country code first (normalised on save). */
    whatsapp: text("whatsapp"),
    instagram_url: text("instagram_url"),
    facebook_url: text("facebook_url"),
    tiktok_url: text("tiktok_url"),
    /** Seven days, Monday first. */
    opening_hours: jsonb("opening_hours").$type<OpeningDay[]>(),
    /** IANA time zone the opening hours are in, e.g. `Asia/Makassar` (WITA). */
    timezone: text("timezone"),
    /** Minutes the kitchen needs before the earliest time slot a customer may choose. */
    lead_minutes: integer("lead_minutes"),
    /** "Toko sibuk": no new orders until this moment (null: not paused, unless open-ended). */
    busy_until: timestamp("busy_until", { withTimezone: true }),
    /** "Toko sibuk" until the owner opens orders again. */
    busy_open_ended: boolean("busy_open_ended").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("store_settings_single_row", sql`${t.id} = 1`),
    check("store_settings_lead_minutes_range", sql`${t.lead_minutes} between 0 and 240`),
  ],
);

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
    index("order_discounts_order_id_idx").on(t.order_id),
    index("order_discounts_promo_id_idx").on(t.promo_id),
    check("order_discounts_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * What admins changed, for the audit log page: who (kept as text too, so a deleted admin's
 * entries still say who it was), what, on which entity, when.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    actor_email: text("actor_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entity_id: text("entity_id"),
    summary: text("summary").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    created_at: timestamps.created_at,
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.created_at),
    index("audit_log_entity_idx").on(t.entity, t.entity_id),
  ],
);

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

/** A message sent through the /kontak form; each admin who wants it is told in notifikasi-masuk. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    nama: text("nama").notNull(),
    email: text("email").notNull(),
    pesan: text("pesan").notNull(),
    /** The signed-in sender, if any. */
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamps.created_at,
  },
  (t) => [index("contact_messages_created_at_idx").on(t.created_at)],
);
