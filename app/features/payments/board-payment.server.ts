/** An order's payment columns for the board and its admin page (paid-control.tsx; decision 0040). */
import { sql } from "drizzle-orm";
import { orders } from "../../../database/schema.ts";

export const boardPaymentColumns = {
  payment_method: orders.payment_method,
  paid_at: orders.paid_at,
  paid_amount: orders.paid_amount,
  // Written out, like the board's cancel reason: "orders"."id" is the order's, not the payment's.
  paid_by: sql<
    string | null
  >`(select p.recorded_by_name from payments p where p.order_id = "orders"."id" and p.voided_at is null order by p.id desc limit 1)`,
};
