import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { TICKET_KINDS } from "../types.ts";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";
import { orders } from "./orders.ts";

/**
 * An order's ticket on paper, one row per order and kind (docs/decisions/0037-printing-orders.md):
 * the first print's claim (token, device, lease) until the printer took the bytes, then
 * `printed_at`; reprints counted.
 */
export const orderPrints = pgTable(
  "order_prints",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: TICKET_KINDS }).notNull(),
    /** The running claim's id, known only to its claimer; null when no claim runs. */
    claim_token: text("claim_token"),
    /** The browser (its own random id) holding the claim, then the one that printed. */
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
