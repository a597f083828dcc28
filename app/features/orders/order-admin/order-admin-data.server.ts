/** What an order's admin page (/admin/pesanan/<code>) shows; the caller checked the admin. */
import type { Database } from "../../../../database/client.server.ts";
import { loadOrderPage } from "../order-page-data.server.ts";
import { printStates } from "../printing/prints.server.ts";
import { findOrderId } from "../printing/ticket-source.server.ts";

export async function loadAdminOrder(db: Database, rawCode: string, timezone: string) {
  const orderId = await findOrderId(db, rawCode);
  const order = orderId === null ? null : await loadOrderPage(db, orderId, timezone);
  if (!order) return null;
  const prints = await printStates(db, [{ id: orderId!, code: order.code }], timezone);
  return { order, prints: prints[order.code] ?? {} };
}
