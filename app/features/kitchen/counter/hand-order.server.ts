// _Pesanan kasir_, recorded by the checkout's own pipeline and pricing as a guest's (0039).
import type { Database } from "../../../../database/client.server.ts";
import { whatsappLink } from "../../../lib/whatsapp.ts";
import type { Actor } from "../../audit/audit-log.server.ts";
import type { CheckoutContext } from "../../checkout/checkout-context.server.ts";
import { DETAIL_FIELDS, parseCheckoutDetails } from "../../checkout/checkout-details.ts";
import { ASAP } from "../../orders/order-fields.ts";
import { orderLink } from "../../orders/order-view.server.ts";
import { PAYMENT_FIELD, readPaymentChoice } from "../../payments/payment-choice.ts";
import { recordOrder } from "../../checkout/record-order.server.ts";
import { readOrderLines } from "./order-lines-form.ts";

/** Stands in for a number nobody gave, so the checkout's one check reads the rest. */
const NO_NUMBER = "6280000000000";

export const HAND_ORDER_MESSAGES = {
  recorded: (code: string) => `Pesanan kasir ${code} dicatat dan masuk ke papan.`,
  chat: (brand: string, code: string, link: string) =>
    `Halo, ini ${brand}. Pesananmu ${code} sudah kami catat. Pantau pesananmu di sini: ${link}`,
} as const;

export type HandOrderOutcome =
  | { ok: true; code: string; message: string; whatsappUrl: string | null }
  | { ok: false; status: 400 | 409; message: string; fieldErrors?: Record<string, string> };

export async function recordHandOrder(
  db: Database,
  admin: Actor,
  form: FormData,
  context: CheckoutContext,
  origin: string,
): Promise<HandOrderOutcome> {
  const lines = readOrderLines(form);
  if (!lines.ok) return { ok: false, status: 400, message: lines.message };
  const typed = Object.fromEntries(DETAIL_FIELDS.map((name) => [name, form.get(name) ?? undefined]));
  const noNumber = typeof typed.whatsapp !== "string" || typed.whatsapp.trim() === "";
  const parsed = parseCheckoutDetails(
    { ...typed, ...(noNumber ? { whatsapp: NO_NUMBER } : {}) },
    context.slots.map((slot) => slot.value),
  );
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message, fieldErrors: parsed.errors };
  const payment = readPaymentChoice(form.get(PAYMENT_FIELD), context.payment.methods);
  if (!payment.ok) return { ok: false, status: 400, message: payment.message };
  const { waktu, ...details } = parsed.details;
  const result = await recordOrder(db, {
    payment: payment.method,
    lines: lines.lines,
    context,
    account: null,
    details: {
      ...details,
      whatsapp: noNumber ? "" : details.whatsapp,
      scheduledFor: waktu === ASAP ? null : (context.slots.find((slot) => slot.value === waktu)?.at ?? null),
    },
    origin,
    kasir: admin,
  });
  if (!result.ok) return { ok: false, status: result.status, message: result.message };
  const { code, viewToken } = result.order;
  const text = HAND_ORDER_MESSAGES.chat(context.store.brand, code, orderLink(origin, code, viewToken));
  return {
    ok: true,
    code,
    message: HAND_ORDER_MESSAGES.recorded(code),
    whatsappUrl: noNumber ? null : whatsappLink(details.whatsapp, text),
  };
}
