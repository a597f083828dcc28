// The steps the cart's checkout and the quick checkout share, on the one form pattern (0028, 0029, 0038).
import type { Database } from "../../../database/client.server.ts";
import { answerOutcome, type Outcome } from "../../lib/form-action.server.ts";
import { FALLBACK_MESSAGE, validateForm } from "../../lib/form-check.ts";
import { firstMessage } from "../../lib/form-errors.ts";
import { boundedReply } from "../../lib/form.server.ts";
import type { Refusal } from "../../lib/write-result.ts";
import type { CheckoutRecorded } from "./checkout.ts";
import type { CheckoutContext } from "./checkout-context.server.ts";
import {
  checkoutDetailsSchema,
  DETAIL_FIELDS,
  type CheckoutDetails,
  type SavedDetails,
} from "./checkout-details.ts";
import { ASAP } from "../orders/order-fields.ts";
import { detailsCookie, saveAccountDetails } from "./checkout-profile.server.ts";
import { orderPath } from "../orders/order-code.ts";
import { orderLimit } from "./order-limit.server.ts";
import { viewCookies } from "../orders/order-view.server.ts";
import type { OrderDetails, RecordResult } from "./record-order.server.ts";
import { PAYMENT_FIELD, readPaymentChoice } from "../payments/payment-choice.ts";

export const fail = (form: FormData, message: string, status: Refusal["status"], headers?: HeadersInit) =>
  answerOutcome<CheckoutRecorded>(form, { ok: false, status, message, headers });

// `again`: what the form must carry anew when the details are asked again.
export function readOrderDetails(
  form: FormData,
  checkout: CheckoutContext,
  kept: readonly string[],
  again: Record<string, string> = {},
) {
  const fields = new FormData();
  for (const name of [...DETAIL_FIELDS, ...kept]) {
    const value = form.get(name);
    if (typeof value === "string") fields.set(name, value);
  }
  for (const [name, value] of Object.entries(again)) fields.set(name, value);
  const schema = checkoutDetailsSchema(checkout.slots.map((slot) => slot.value));
  const submission = validateForm(fields, schema);
  if (submission.status !== "success") {
    const message = firstMessage(submission.error) ?? FALLBACK_MESSAGE;
    const result = boundedReply(submission.reply());
    return {
      ok: false,
      answer: answerOutcome<CheckoutRecorded>(form, { ok: false, status: 400, message }, {}, () => result),
    } as const;
  }
  const { waktu, ...saved } = submission.value as CheckoutDetails;
  const scheduledFor =
    waktu === ASAP ? null : (checkout.slots.find((slot) => slot.value === waktu)?.at ?? null);
  const details: OrderDetails = { ...saved, scheduledFor };
  return { ok: true, details, saved } as const;
}

export async function readPayment(db: Database, request: Request, form: FormData, checkout: CheckoutContext) {
  const limited = await orderLimit(db, request);
  if (limited) {
    const headers = { "Retry-After": String(limited.retryAfter) };
    return { ok: false, answer: fail(form, limited.message, 429, headers) } as const;
  }
  const payment = readPaymentChoice(form.get(PAYMENT_FIELD), checkout.payment.methods);
  return payment.ok ? payment : ({ ok: false, answer: fail(form, payment.message, 400) } as const);
}

type Recorded = Extract<RecordResult, { ok: true }>["order"];

export async function recorded(
  db: Database,
  order: Recorded,
  {
    userId,
    saved,
    replaced,
    cookies = [],
  }: { userId: string | null; saved: SavedDetails; replaced: string | null; cookies?: string[] },
): Promise<Outcome<CheckoutRecorded>> {
  if (userId) await saveAccountDetails(db, userId, saved);
  const { code, viewToken, total, message, whatsappUrl, outsideHours, follows } = order;
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of [...cookies, ...viewCookies(code, viewToken)]) headers.append("Set-Cookie", cookie);
  if (!userId) headers.append("Set-Cookie", detailsCookie(saved));
  const done = {
    code,
    replaced,
    follows,
    total,
    message,
    whatsappUrl,
    outsideHours,
    orderUrl: orderPath(code),
  };
  return { ok: true, status: 201, done, headers };
}
