import { index, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";

// Who is kept as text too, so a deleted admin's entries still say who it was.
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    actor_email: text("actor_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entity_id: text("entity_id"),
    summary: text("summary").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    created_at: timestamps.created_at,
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.created_at),
    index("audit_log_entity_idx").on(t.entity, t.entity_id),
  ],
);
