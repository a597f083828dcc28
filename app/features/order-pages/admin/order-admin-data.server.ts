/** What an order's admin page (/admin/pesanan/<code>) shows; the caller checked the admin. */
import { eq } from "drizzle-orm";
import type { Database } from "../../../../database/client.server.ts";
import { orders } from "../../../../database/schema.ts";
import { loadOrderPage } from "../order-page-data.server.ts";
import { boardPaymentColumns } from "../../payments/board-payment.server.ts";
import { printStates } from "../../kitchen/printing/prints.server.ts";
import { findOrderId } from "../../kitchen/printing/ticket-source.server.ts";

export async function loadAdminOrder(db: Database, rawCode: string, timezone: string) {
  const orderId = await findOrderId(db, rawCode);
  const order = orderId === null ? null : await loadOrderPage(db, orderId, timezone);
  if (!order) return null;
  const [prints, [payment]] = await Promise.all([
    printStates(db, [{ id: orderId!, code: order.code }], timezone),
    db
      .select({ code: orders.code, status: orders.status, total: orders.total, ...boardPaymentColumns })
      .from(orders)
      .where(eq(orders.id, orderId!)),
  ]);
  return payment ? { order, prints: prints[order.code] ?? {}, payment } : null;
}
