/**
 * Whether an order's customer is known (docs/decisions/0047): an account's order, a counter
 * order, or one whose customer confirmed sending it. An anonymous checkout never confirmed may be
 * a script's: it is pushed once, never reminded, and printed only once the staff accept it.
 */
import { sql } from "drizzle-orm";

/** The condition on the orders row named `table` in the query (`o`, or the table itself). */
export function confirmedOrder(table: "o" | "orders" = "orders") {
  const row = table === "o" ? "o" : '"orders"';
  return sql.raw(`(${row}.user_id is not null or ${row}.source = 'kasir' or ${row}.sent_at is not null)`);
}
