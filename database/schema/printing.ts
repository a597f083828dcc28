import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { TICKET_KINDS } from "../types.ts";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";
import { orders } from "./orders.ts";

// One row per order and kind (0037): the first print's claim until the printer took the bytes, then printed.
export const orderPrints = pgTable(
  "order_prints",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: TICKET_KINDS }).notNull(),
    claim_token: text("claim_token"),
    device_id: text("device_id"),
    lease_until: timestamp("lease_until", { withTimezone: true }),
    printed_at: timestamp("printed_at", { withTimezone: true }),
    printed_by: text("printed_by").references(() => users.id, { onDelete: "set null" }),
    reprints: integer("reprints").notNull().default(0),
    last_reprint_at: timestamp("last_reprint_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("order_prints_order_id_kind_key").on(t.order_id, t.kind),
    uniqueIndex("order_prints_claim_token_key").on(t.claim_token),
    check("order_prints_kind_known", sql`${t.kind} in ('dapur', 'struk')`),
  ],
);
