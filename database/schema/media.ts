import { sql } from "drizzle-orm";
import { check, customType, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

/** PostgreSQL's byte strings: a Buffer from `pg`, a Uint8Array from PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * Uploaded photos and their smaller copies, by name: `menu/<sha256 of the full picture>.webp`,
 * `menu/<sha256>-360.webp`. Written once and never changed; every app server reads them from here
 * and keeps a copy on its own disk (docs/decisions/0035-photos-in-the-database.md). The bytes are
 * stored uncompressed (WebP already is), so a slice of them is read without reading the rest.
 */
export const photos = pgTable(
  "photos",
  {
    name: text("name").primaryKey(),
    bytes: bytea("bytes").notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [check("photos_name", sql`${t.name} ~ '^[a-z]+/[a-f0-9]{64}(-[0-9]+)?\\.webp$'`)],
);
