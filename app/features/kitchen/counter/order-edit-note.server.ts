/** The latest staff edit as the customer's order page tells it (docs/decisions/0039-hand-orders-and-edits.md). */
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../../../database/client.server.ts";
import { orderEdits } from "../../../../database/schema.ts";
import { formatRupiah } from "../../../lib/format.ts";
import { clockTime } from "../../store/order-time.ts";

export interface OrderEditNote {
  version: number;
  /** `Es Nyala: 2x → 3x`, …. */
  changes: string[];
  /** `Rp 25.000`. */
  totalBefore: string;
  total: string;
  /** `19.42`. */
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
