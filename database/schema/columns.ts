import { timestamp } from "drizzle-orm/pg-core";

/** Every table's `created_at` and `updated_at`. */
export const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
