import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";
import { orders } from "./orders.ts";

// An admin's browser receiving Web Push (0036); an endpoint belongs to the last admin who enabled it there.
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    device: text("device").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_id_idx").on(t.user_id),
  ],
);

// One row per order × subscription × round (0: new, then reminders): the unique row plans each push once.
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    subscription_id: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    state: text("state", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    due_at: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    claimed_until: timestamp("claimed_until", { withTimezone: true }),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    last_error: text("last_error"),
    created_at: timestamps.created_at,
  },
  (t) => [
    uniqueIndex("push_deliveries_order_subscription_round_key").on(t.order_id, t.subscription_id, t.round),
    index("push_deliveries_due_idx")
      .on(t.due_at)
      .where(sql`${t.state} = 'pending'`),
    index("push_deliveries_subscription_id_idx").on(t.subscription_id),
    index("push_deliveries_created_at_idx").on(t.created_at),
    check("push_deliveries_state_known", sql`${t.state} in ('pending', 'sent', 'failed')`),
    check("push_deliveries_round_range", sql`${t.round} >= 0`),
  ],
);
