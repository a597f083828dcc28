import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { type OpeningDay } from "../types.ts";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";

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
    /** Push reminders while an order stays `baru`, one every 2 minutes at most; null: the default. */
    push_repeats: integer("push_repeats"),
    ...timestamps,
  },
  (t) => [
    check("store_settings_single_row", sql`${t.id} = 1`),
    check("store_settings_lead_minutes_range", sql`${t.lead_minutes} between 0 and 240`),
    check("store_settings_push_repeats_range", sql`${t.push_repeats} between 0 and 20`),
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
