import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { type OpeningDay } from "../types.ts";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";

// One row (id 1); an empty column falls back to the environment setting of the same meaning.
export const storeSettings = pgTable(
  "store_settings",
  {
    id: integer("id").primaryKey().default(1),
    brand: text("brand"),
    address: text("address"),
    whatsapp: text("whatsapp"),
    instagram_url: text("instagram_url"),
    facebook_url: text("facebook_url"),
    tiktok_url: text("tiktok_url"),
    /** Seven days, Monday first. */
    opening_hours: jsonb("opening_hours").$type<OpeningDay[]>(),
    timezone: text("timezone"),
    lead_minutes: integer("lead_minutes"),
    /** Null: not paused, unless `busy_open_ended`. */
    busy_until: timestamp("busy_until", { withTimezone: true }),
    busy_open_ended: boolean("busy_open_ended").notNull().default(false),
    push_repeats: integer("push_repeats"),
    /** The most one order, or one client address in a business day, may take of a dish's daily portions. */
    portions_per_order: integer("portions_per_order"),
    portions_per_address: integer("portions_per_address"),
    ...timestamps,
  },
  (t) => [
    check("store_settings_single_row", sql`${t.id} = 1`),
    check("store_settings_lead_minutes_range", sql`${t.lead_minutes} between 0 and 240`),
    check("store_settings_push_repeats_range", sql`${t.push_repeats} between 0 and 20`),
    check("store_settings_portions_per_order_range", sql`${t.portions_per_order} between 1 and 99`),
    check("store_settings_portions_per_address_range", sql`${t.portions_per_address} between 1 and 9999`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    nama: text("nama").notNull(),
    email: text("email").notNull(),
    pesan: text("pesan").notNull(),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamps.created_at,
  },
  (t) => [index("contact_messages_created_at_idx").on(t.created_at)],
);
