// The order page in words: the server writes labels, times and lines once, for the page and each live event.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderDiscounts, orderEvents, orderItems, orders } from "../../../database/schema.ts";
import { lastEdit, type OrderEditNote } from "../kitchen/counter/order-edit-note.server.ts";
import { formatWhatsAppNumber } from "../../lib/whatsapp-format.ts";
import { orderLineLevel } from "../orders/order-line-level.ts";
import { addressText, fulfilmentText, whenText } from "../orders/order-details.ts";
import { statusExplanation, statusLabel, type OrderStatus } from "../orders/order-status.ts";
import { clockTime, formatSlot } from "../store/order-time.ts";
import { timelineSteps, type TimelineStep } from "../orders/order-timeline.ts";
import {
  livePayment,
  paymentRequest,
  type LivePayment,
  type PaymentRequest,
} from "../payments/order-payment.server.ts";
import { shopPaymentSettings } from "../payments/payment-settings.server.ts";

export interface LiveStep {
  status: OrderStatus;
  label: string;
  /** `pukul 18.15` on the order's day, else `Kamis, 26 Nov, 10.05`; null when not reached. */
  time: string | null;
  at: string | null;
  state: TimelineStep["state"];
  reason: string | null;
}

/** Sent whole on every (re)connect and every change. */
export interface OrderLiveState {
  code: string;
  status: OrderStatus;
  eventId: number;
  label: string;
  explanation: string;
  steps: LiveStep[];
  /** 1 when recorded, one more per staff edit. */
  version: number;
  edit: OrderEditNote | null;
  payment: LivePayment;
}

export interface OrderPageData {
  code: string;
  live: OrderLiveState;
  orderedAt: string;
  orderedClock: string;
  createdAt: string;
  details: { label: string; value: string }[];
  lines: { title: string; level: string | null; catatan: string; subtotal: number }[];
  subtotal: number;
  discounts: { title: string; amount: number }[];
  total: number;
  /** null on orders from before payment methods. */
  payment: PaymentRequest | null;
}

const dayOf = (at: Date, timezone: string) => formatSlot(at, timezone).split(",").slice(0, 2).join();

async function liveOf(
  db: Database,
  order: Pick<
    typeof orders.$inferSelect,
    | "id"
    | "code"
    | "status"
    | "fulfilment"
    | "created_at"
    | "version"
    | "payment_method"
    | "paid_at"
    | "paid_amount"
    | "total"
    | "replaced_by"
  >,
  timezone: string,
): Promise<OrderLiveState> {
  const edit = order.version > 1 ? lastEdit(db, order.id, timezone) : null;
  const events = await db
    .select({
      id: orderEvents.id,
      status: orderEvents.status,
      reason: orderEvents.reason,
      at: orderEvents.created_at,
    })
    .from(orderEvents)
    .where(eq(orderEvents.order_id, order.id))
    .orderBy(asc(orderEvents.id));
  const steps = timelineSteps(
    order.status,
    order.fulfilment,
    events.map((event) => ({ status: event.status, at: event.at.toISOString(), reason: event.reason })),
  );
  const orderDay = dayOf(order.created_at, timezone);
  // The customer's own next checkout replaced it: never a cancellation by the restaurant.
  const replaced = order.status === "batal" ? order.replaced_by : null;
  return {
    code: order.code,
    status: order.status,
    eventId: events.at(-1)?.id ?? 0,
    label: replaced ? "Diganti" : statusLabel(order.status, order.fulfilment),
    explanation: replaced
      ? `Kamu mengganti pesanan ini dengan pesanan ${replaced} sebelum restoran memprosesnya. Pesanan ${replaced} yang berjalan.`
      : statusExplanation(order.status, order.fulfilment),
    version: order.version,
    edit: await edit,
    payment: livePayment(order, timezone),
    steps: steps.map((step) => {
      const at = step.at ? new Date(step.at) : null;
      return {
        ...step,
        ...(replaced && step.state === "cancelled"
          ? { label: `Diganti pesanan ${replaced}`, reason: null }
          : {}),
        time: at
          ? dayOf(at, timezone) === orderDay
            ? `pukul ${clockTime(at, timezone)}`
            : formatSlot(at, timezone)
          : null,
      };
    }),
  };
}

const liveColumns = {
  id: orders.id,
  code: orders.code,
  status: orders.status,
  fulfilment: orders.fulfilment,
  created_at: orders.created_at,
  version: orders.version,
  payment_method: orders.payment_method,
  paid_at: orders.paid_at,
  paid_amount: orders.paid_amount,
  total: orders.total,
  replaced_by: orders.replaced_by,
};

export async function loadLiveState(
  db: Database,
  orderId: number,
  timezone: string,
): Promise<OrderLiveState | null> {
  const [row] = await db.select(liveColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ? liveOf(db, row, timezone) : null;
}

export async function loadOrderPage(
  db: Database,
  orderId: number,
  timezone: string,
): Promise<OrderPageData | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) return null;
  const [lines, live, discounts, paymentSettings] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(asc(orderItems.id)),
    liveOf(db, row, timezone),
    db
      .select({ title: orderDiscounts.title, amount: orderDiscounts.amount })
      .from(orderDiscounts)
      .where(eq(orderDiscounts.order_id, orderId))
      .orderBy(asc(orderDiscounts.id)),
    shopPaymentSettings(db),
  ]);
  const how = fulfilmentText(row);
  const address = addressText(row);
  const details = [
    ["Atas nama", row.customer_name],
    ["WhatsApp", row.customer_phone ? formatWhatsAppNumber(row.customer_phone) : null],
    ["Cara", how],
    ["Alamat", address],
    ["Waktu", how ? whenText(row, timezone) : null],
  ].flatMap(([label, value]) => (value ? [{ label: label!, value }] : []));
  return {
    code: row.code,
    live,
    orderedAt: formatSlot(row.created_at, timezone),
    orderedClock: clockTime(row.created_at, timezone),
    createdAt: row.created_at.toISOString(),
    details,
    lines: lines.map((line) => ({
      title: `${line.jumlah}x ${line.nama}`,
      level: orderLineLevel(line.nama, line.level),
      catatan: line.catatan,
      subtotal: line.subtotal,
    })),
    subtotal: row.subtotal,
    discounts,
    total: row.total,
    payment: paymentRequest(row, paymentSettings),
  };
}
