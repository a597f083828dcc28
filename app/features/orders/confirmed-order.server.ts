// Whether an order's customer is known (0047); a never-confirmed anonymous checkout may be a script's.
import { sql } from "drizzle-orm";

export function confirmedOrder(table: "o" | "orders" = "orders") {
  const row = table === "o" ? "o" : '"orders"';
  return sql.raw(`(${row}.user_id is not null or ${row}.source = 'kasir' or ${row}.sent_at is not null)`);
}
