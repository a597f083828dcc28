import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

/**
 * Secrets the app servers share, by name: the signing secret (`session`) when SESSION_SECRET is
 * not set and the Web Push key pair (`vapid`) when VAPID_* are not set, each created once by
 * whichever server needs it first (lib/server-secret.server.ts).
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
 * Fixed-window counters for rate limits (failed logins per account and per address,
 * registrations per address). In the database so the limits hold across app servers.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  reset_at: timestamp("reset_at", { withTimezone: true }).notNull(),
});
