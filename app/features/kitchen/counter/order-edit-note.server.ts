// The latest staff edit as the customer's order page tells it (0039).
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../../../database/client.server.ts";
import { orderEdits } from "../../../../database/schema.ts";
import { formatRupiah } from "../../../lib/format.ts";
import { clockTime } from "../../store/order-time.ts";

export interface OrderEditNote {
  version: number;
  changes: string[];
  totalBefore: string;
  total: string;
  time: string;
}

export async function lastEdit(
  db: Database,
  orderId: number,
  timezone: string,
): Promise<OrderEditNote | null> {
  const [row] = await db
    .select()
    .from(orderEdits)
    .where(eq(orderEdits.order_id, orderId))
    .orderBy(desc(orderEdits.version))
    .limit(1);
  return row
    ? {
        version: row.version,
        changes: row.changes,
        totalBefore: formatRupiah(row.total_before),
        total: formatRupiah(row.total_after),
        time: clockTime(row.created_at, timezone),
      }
    : null;
}
