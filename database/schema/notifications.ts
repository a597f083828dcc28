import { boolean, index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";

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

// One switch per kind of notification the product sends (0020).
export const notificationSettings = pgTable("notification_settings", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  pesanan_baru: boolean("pesanan_baru").notNull().default(true),
  pengguna_baru: boolean("pengguna_baru").notNull().default(true),
  pesan_kontak: boolean("pesan_kontak").notNull().default(true),
  updated_at: timestamps.updated_at,
});
