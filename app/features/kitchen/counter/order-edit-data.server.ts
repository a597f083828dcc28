/** What the edit form of an order's admin page needs; null once the order is no longer editable (0039). */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../../database/client.server.ts";
import { orderItems, orders } from "../../../../database/schema.ts";
import type { CheckoutContext } from "../../checkout/checkout-context.server.ts";
import { whenText } from "../../orders/order-details.ts";
import { findOrderId } from "../printing/ticket-source.server.ts";
import { EDITABLE_STATUSES } from "./order-edit-rules.ts";

export async function loadEditForm(db: Database, rawCode: string, context: CheckoutContext) {
  const orderId = await findOrderId(db, rawCode);
  if (orderId === null) return null;
  const [[order], lines] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, orderId)),
    db.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(asc(orderItems.id)),
  ]);
  if (!order || !EDITABLE_STATUSES.includes(order.status)) return null;
  return {
    version: order.version,
    when: whenText(order, context.store.timezone),
    rows: lines.flatMap((line) =>
      line.menu_item_id ? [{ menu: line.menu_item_id, jumlah: line.jumlah, catatan: line.catatan }] : [],
    ),
    menu: context.pricing.catalog.map(({ id, nama, harga, tersedia }) => ({ id, nama, harga, tersedia })),
    slots: context.slots.map(({ value, label }) => ({ value, label })),
  };
}

export type EditFormData = NonNullable<Awaited<ReturnType<typeof loadEditForm>>>;
