import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { type PaymentMethod } from "../types.ts";
import { timestamps } from "./columns.ts";
import { users } from "./accounts.ts";
import { orders } from "./orders.ts";

// One row (id 1), edited in /admin/outlet (0040); without it cash only; `methods` in checkout's order.
export const paymentSettings = pgTable(
  "payment_settings",
  {
    id: integer("id").primaryKey().default(1),
    methods: text("methods").array().$type<PaymentMethod[]>().notNull(),
    qris_payload: text("qris_payload"),
    qris_objects: jsonb("qris_objects").$type<{ id: string; value: string }[]>(),
    qris_merchant_name: text("qris_merchant_name"),
    bank_name: text("bank_name"),
    bank_account: text("bank_account"),
    bank_holder: text("bank_holder"),
    ...timestamps,
  },
  (t) => [
    check("payment_settings_single_row", sql`${t.id} = 1`),
    check("payment_settings_some_method", sql`cardinality(${t.methods}) between 1 and 3`),
  ],
);

// A row each time an order is marked paid; the order's state is the latest row not voided.
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("kasir"),
    method: text("method").$type<PaymentMethod>().notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    recorded_by: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recorded_by_name: text("recorded_by_name"),
    voided_at: timestamp("voided_at", { withTimezone: true }),
    void_reason: text("void_reason"),
    created_at: timestamps.created_at,
  },
  (t) => [
    index("payments_order_id_idx").on(t.order_id, t.id),
    check("payments_method_known", sql`${t.method} in ('tunai', 'qris', 'transfer')`),
    check("payments_amount_range", sql`${t.amount} >= 0`),
    check("payments_void_reason_length", sql`char_length(${t.void_reason}) <= 200`),
  ],
);
