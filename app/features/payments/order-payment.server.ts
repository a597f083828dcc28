// An order's payment as its page shows it (0040); the live stream resends the paid state when staff mark it.
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orders } from "../../../database/schema.ts";
import { qrSvg } from "../../lib/qris/qr-render.server.ts";
import { dynamicQris } from "../../lib/qris/qris.ts";
import { type PaymentSettings } from "./payment-methods.ts";
import { PAYMENT_LABELS, type PaymentMethod } from "./payment-labels.ts";
import { clockTime } from "../store/order-time.ts";
import { cashPaymentWhen, differenceText, paidLabel, type OrderPaymentState } from "./order-payment.ts";
import type { Fulfilment } from "../../../database/types.ts";

export interface LivePayment {
  paid: boolean;
  label: string;
  detail: string | null;
  /** Set when an edit changed the total after it was paid. */
  difference: string | null;
}

export function livePayment(order: OrderPaymentState, timezone: string): LivePayment {
  const method = order.payment_method ? PAYMENT_LABELS[order.payment_method] : null;
  const at = order.paid_at ? `pukul ${clockTime(new Date(order.paid_at), timezone)}` : null;
  return {
    paid: order.paid_at !== null,
    label: paidLabel(order),
    detail: at ? [method, at].filter(Boolean).join(" · ") : null,
    difference: differenceText(order),
  };
}

export interface PaymentRequest {
  method: PaymentMethod;
  label: string;
  total: number;
  qris: { svg: string; merchantName: string } | { problem: string } | null;
  bank: PaymentSettings["bank"];
  /** For cash: where and when, by the order's fulfilment. */
  cashWhen: string;
}

export function orderQris(settings: PaymentSettings, total: number) {
  if (!settings.qris)
    return {
      ok: false as const,
      message: "QRIS toko belum diatur. Bayar tunai atau tanya kami lewat WhatsApp.",
    };
  const payload = dynamicQris(settings.qris, total);
  return payload.ok
    ? { ok: true as const, payload: payload.value, merchantName: settings.qris.merchantName }
    : payload;
}

export function paymentRequest(
  order: Pick<OrderPaymentState, "payment_method" | "total"> & { fulfilment: Fulfilment | null },
  settings: PaymentSettings,
): PaymentRequest | null {
  const method = order.payment_method;
  if (!method) return null;
  let qris: PaymentRequest["qris"] = null;
  if (method === "qris") {
    const code = orderQris(settings, order.total);
    qris = code.ok
      ? { svg: qrSvg(code.payload), merchantName: code.merchantName }
      : { problem: code.message };
  }
  return {
    method,
    label: PAYMENT_LABELS[method],
    total: order.total,
    qris,
    bank: method === "transfer" ? settings.bank : null,
    cashWhen: cashPaymentWhen(order.fulfilment),
  };
}

// In an edit's transaction: a paid order keeps its paid total and its page flags the difference.
export async function paidTotalChange(
  db: Pick<Database, "select">,
  orderId: number,
  before: number,
  after: number,
): Promise<string | null> {
  if (before === after) return null;
  const [order] = await db
    .select({ paid_at: orders.paid_at, paid_amount: orders.paid_amount })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order ? differenceText({ ...order, total: after }) : null;
}
