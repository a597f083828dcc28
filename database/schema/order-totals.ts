import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// What the 30-day report reads (0032): sums per UTC hour and outcome, kept by triggers (migration 0014);
// new orders are counted from the orders themselves, replaced and never-sent ones not at all.
export const orderHourTotals = pgTable(
  "order_hour_totals",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    outcome: text("outcome", { enum: ["confirmed", "cancelled"] }).notNull(),
    method: text("method").notNull().default(""),
    paid: boolean("paid").notNull().default(false),
    orders: integer("orders").notNull(),
    gross: bigint("gross", { mode: "number" }).notNull(),
    revenue: bigint("revenue", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.outcome, t.method, t.paid] }),
    check("order_hour_totals_outcome_known", sql`${t.outcome} in ('confirmed', 'cancelled')`),
  ],
);

const spanColumns = {
  span: text("span", { enum: ["day", "hour"] }).notNull(),
  start: timestamp("start", { withTimezone: true }).notNull(),
};

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

// `promo_key` is the promo's id, or `judul:<title>` for a deleted promo's lines.
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
