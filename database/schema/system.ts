import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

// Secrets the app servers share, each created once by whichever server needs it first.
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: timestamps.created_at,
});

export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  created_at: timestamps.created_at,
});

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  reset_at: timestamp("reset_at", { withTimezone: true }).notNull(),
});
