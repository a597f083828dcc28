import { index, integer, jsonb, pgTable, serial, bigint } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { orders } from "./orders.ts";

// A staff edit as the customer's page tells it (0039); the audit log keeps the rows whole.
export const orderEdits = pgTable(
  "order_edits",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    changes: jsonb("changes").$type<string[]>().notNull(),
    total_before: bigint("total_before", { mode: "number" }).notNull(),
    total_after: bigint("total_after", { mode: "number" }).notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [index("order_edits_order_id_idx").on(t.order_id, t.version)],
);
