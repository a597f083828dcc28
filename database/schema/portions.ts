import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { menuItems } from "./catalog.ts";
import { orders } from "./orders.ts";
import { timestamps } from "./columns.ts";

// Made when the day first needs it (0044); `sisa` moves only by conditional updates, never below zero.
export const dailyPortions = pgTable(
  "daily_portions",
  {
    menu_item_id: text("menu_item_id")
      .notNull()
      .references(() => menuItems.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    sisa: integer("sisa").notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.menu_item_id, t.day] }),
    check("daily_portions_sisa", sql`${t.sisa} >= 0`),
  ],
);

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
    // What one client address holds of a dish's day (0057).
    index("order_portions_item_day_idx").on(t.menu_item_id, t.day),
    check("order_portions_jumlah", sql`${t.jumlah} > 0`),
  ],
);
