import { boolean, index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";

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
