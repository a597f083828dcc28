import { sql } from "drizzle-orm";
import { check, customType, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

// Written once, never changed; uncompressed (WebP already is), so a slice reads without the rest (0035).
export const photos = pgTable(
  "photos",
  {
    name: text("name").primaryKey(),
    bytes: bytea("bytes").notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [check("photos_name", sql`${t.name} ~ '^[a-z]+/[a-f0-9]{64}(-[0-9]+)?\\.webp$'`)],
);
