import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What the 30-day report reads instead of every order (docs/decisions/0032-report-totals.md):
 * sums per UTC hour an order was placed (the store's days are whole hours) and per what became
 * of it, kept by triggers on orders, order_items and order_discounts (migration
 * 0014_order_totals). `outcome` is `confirmed` (the restaurant took it up: a sale) or
 * `cancelled` (by the restaurant); new orders are counted from the orders themselves, replaced
 * and never-sent ones not at all. Later splits (payment method, paid or not, where the order
 * came from) are further key columns.
 */
export const orderHourTotals = pgTable(
  "order_hour_totals",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    outcome: text("outcome", { enum: ["confirmed", "cancelled"] }).notNull(),
    /** The order's payment method ("" before methods existed) and whether it is paid (decision 0040). */
    method: text("method").notNull().default(""),
    paid: boolean("paid").notNull().default(false),
    orders: integer("orders").notNull(),
    /** Sum of the orders' subtotals (before promotions). */
    gross: bigint("gross", { mode: "number" }).notNull(),
    /** Sum of the orders' totals (what customers paid). */
    revenue: bigint("revenue", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.outcome, t.method, t.paid] }),
    check("order_hour_totals_outcome_known", sql`${t.outcome} in ('confirmed', 'cancelled')`),
  ],
);

/**
 * Spans the item and discount totals are kept in: UTC days, and UTC hours for the ends of a
 * window whose days do not start at UTC midnight (a 30-day window reads 29 days and 24 hours).
 */
const spanColumns = {
  span: text("span", { enum: ["day", "hour"] }).notNull(),
  start: timestamp("start", { withTimezone: true }).notNull(),
};

/** Portions sold and their value per span and item name, from confirmed orders. */
export const orderItemTotals = pgTable(
  "order_item_totals",
  {
    ...spanColumns,
    nama: text("nama").notNull(),
    jumlah: bigint("jumlah", { mode: "number" }).notNull(),
    revenue: bigint("revenue", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.start, t.nama] }),
    check("order_item_totals_span_known", sql`${t.span} in ('day', 'hour')`),
  ],
);

/**
 * What each promotion took off confirmed orders per span. `promo_key` is the promo's id, or
 * `judul:<title>` for a deleted promo's lines; `title` is the one of the latest checkout counted
 * (`title_id`, its order_discounts id). A promotion prices an order once, so `orders` counts lines.
 */
export const orderDiscountTotals = pgTable(
  "order_discount_totals",
  {
    ...spanColumns,
    promo_key: text("promo_key").notNull(),
    title: text("title").notNull(),
    title_id: integer("title_id").notNull(),
    orders: integer("orders").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.start, t.promo_key] }),
    check("order_discount_totals_span_known", sql`${t.span} in ('day', 'hour')`),
  ],
);
