/**
 * The steps the cart's checkout and the quick checkout share, from the typed details to the
 * recorded order's answer (docs/decisions/0028-checkout-pipeline.md, 0038-quick-checkout.md).
 */
import { data } from "react-router";
import type { Database } from "../../../database/client.server.ts";
import type { CheckoutAnswer } from "./checkout.ts";
import type { CheckoutContext } from "./checkout-context.server.ts";
import { DETAIL_FIELDS, parseCheckoutDetails, type SavedDetails } from "./checkout-details.ts";
import { ASAP } from "./checkout-fields.ts";
import { detailsCookie, saveAccountDetails } from "./checkout-profile.server.ts";
import { orderPath } from "./order-code.ts";
import { orderLimit } from "./order-limit.server.ts";
import { viewCookies } from "./order-view.server.ts";
import type { OrderDetails, RecordResult } from "./record-order.server.ts";
import { PAYMENT_FIELD, readPaymentChoice } from "./payment/payment-choice.ts";

export const fail = (message: string, status: number, headers?: HeadersInit) =>
  data<CheckoutAnswer>({ status: "error", message }, { status, headers });

type Asked = Extract<CheckoutAnswer, { status: "error" }>;

/** The typed details as an order takes them, or the answer asking again with `kept` fields as typed. */
export function readOrderDetails(
  form: FormData,
  checkout: CheckoutContext,
  kept: readonly string[],
): { ok: true; details: OrderDetails; saved: SavedDetails } | { ok: false; answer: Asked } {
  const typed = Object.fromEntries(DETAIL_FIELDS.map((name) => [name, form.get(name) ?? undefined]));
  const parsed = parseCheckoutDetails(
    typed,
    checkout.slots.map((slot) => slot.value),
  );
  if (!parsed.ok) {
    const values = Object.fromEntries(
      [...DETAIL_FIELDS, ...kept].flatMap((name) => {
        const value = form.get(name);
        return typeof value === "string" ? [[name, value.slice(0, 300)]] : [];
      }),
    );
    return {
      ok: false,
      answer: { status: "error", message: parsed.message, fieldErrors: parsed.errors, values },
    };
  }
  const { waktu, ...saved } = parsed.details;
  const scheduledFor =
    waktu === ASAP ? null : (checkout.slots.find((slot) => slot.value === waktu)?.at ?? null);
  return { ok: true, details: { ...saved, scheduledFor }, saved };
}

/** The payment method chosen, or the refusal: this client ordered too often, or chose no offered method. */
export async function readPayment(db: Database, request: Request, form: FormData, checkout: CheckoutContext) {
  const limited = await orderLimit(db, request);
  if (limited) {
    return {
      ok: false,
      answer: fail(limited.message, 429, { "Retry-After": String(limited.retryAfter) }),
    } as const;
  }
  const payment = readPaymentChoice(form.get(PAYMENT_FIELD), checkout.payment.methods);
  return payment.ok ? payment : ({ ok: false, answer: fail(payment.message, 400) } as const);
}

type Recorded = Extract<RecordResult, { ok: true }>["order"];

/** Keeps the details (on the account, or in a guest's cookie) and answers 201 with the order's page. */
export async function recordedAnswer(
  db: Database,
  order: Recorded,
  {
    userId,
    saved,
    replaced,
    cookies = [],
  }: { userId: string | null; saved: SavedDetails; replaced: string | null; cookies?: string[] },
) {
  if (userId) await saveAccountDetails(db, userId, saved);
  const { code, viewToken, total, message, whatsappUrl, outsideHours } = order;
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of [...cookies, ...viewCookies(code, viewToken)]) headers.append("Set-Cookie", cookie);
  if (!userId) headers.append("Set-Cookie", detailsCookie(saved));
  return data<CheckoutAnswer>(
    {
      status: "success",
      code,
      replaced,
      total,
      message,
      whatsappUrl,
      outsideHours,
      orderUrl: orderPath(code),
    },
    { status: 201, headers },
  );
}
