import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { menuItems } from "./catalog.ts";
import { orders } from "./orders.ts";
import { timestamps } from "./columns.ts";

/**
 * Portions left of an item on one business day (docs/decisions/0044-daily-portions.md). The row
 * is made from `menu_items.porsi_harian` when the day first needs it, so a new day starts full
 * without a timer; `sisa` only moves through conditional updates and never goes below zero.
 */
export const dailyPortions = pgTable(
  "daily_portions",
  {
    menu_item_id: text("menu_item_id")
      .notNull()
      .references(() => menuItems.id, { onDelete: "cascade" }),
    /** The business day (store's calendar date of the opening it began at). */
    day: date("day", { mode: "string" }).notNull(),
    sisa: integer("sisa").notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.menu_item_id, t.day] }),
    check("daily_portions_sisa", sql`${t.sisa} >= 0`),
  ],
);

/** What an order holds of which day's portions: given back once (the row is deleted) on cancellation. */
export const orderPortions = pgTable(
  "order_portions",
  {
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    menu_item_id: text("menu_item_id")
      .notNull()
      .references(() => menuItems.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    jumlah: integer("jumlah").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.order_id, t.menu_item_id] }),
    check("order_portions_jumlah", sql`${t.jumlah} > 0`),
  ],
);
