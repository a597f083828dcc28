// POST /pesanan: the cart page's form checked out in one pass; `intent=terkirim` confirms it was sent (0028).
import type { RouterContextProvider } from "react-router";
import { getClientAddress } from "../../lib/client-address.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { answerOutcome, type Outcome } from "../../lib/form-action.server.ts";
import { readForm } from "../../lib/form.server.ts";
import { getOptionalUser } from "../accounts/auth.server.ts";
import { cartFingerprint } from "../cart/cart.ts";
import { FINGERPRINT_FIELD } from "../cart/cart-form.ts";
import { readCartEdits } from "../cart/cart-form.server.ts";
import { checkoutLines, countCart } from "../cart/cart.server.ts";
import { readCartOwner } from "../cart/cart-owner.server.ts";
import { orderBlock } from "../cart/line-check.ts";
import { TOTAL_FIELD } from "../pricing/seen-total.ts";
import { getOrigin } from "../store/settings.server.ts";
import type { OrderSent } from "./checkout.ts";
import { fail, readOrderDetails, readPayment, recorded } from "./checkout-steps.server.ts";
import { readCheckoutContext, type CheckoutContext } from "./checkout-context.server.ts";
import { forgetOrderedLines } from "./ordered-lines.server.ts";
import {
  blankPendingOrderCookie,
  confirmSent,
  pendingOrderCookie,
  readPendingOrder,
} from "./pending-order.server.ts";
import { recordOrder } from "./record-order.server.ts";
import { PAYMENT_FIELD } from "../payments/payment-choice.ts";

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const seenTotal = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : null;

async function sent({ request, context }: ActionArgs): Promise<Outcome<OrderSent>> {
  const db = await getDb();
  const order = await confirmSent(db, readPendingOrder(request));
  const forgotten = order ? await forgetOrderedLines(db, order.code) : null;
  const cart = forgotten ?? (await countCart(db, readCartOwner(request, getOptionalUser(context))));
  return {
    ok: true,
    done: { code: order?.code ?? null, cart },
    headers: { "Cache-Control": "no-store", "Set-Cookie": blankPendingOrderCookie() },
    redirectTo: order ? `/keranjang?terkirim=${order.code}` : "/keranjang",
    redirectStatus: 303,
  };
}

// `onContext` gives the /pesanan loader what was read: refused details are asked with the same slots.
export async function checkoutAction(args: ActionArgs, onContext?: (context: CheckoutContext) => void) {
  const { request, context } = args;
  const form = await readForm(request);
  if (form.get("intent") === "terkirim") return answerOutcome(form, await sent(args));

  const edits = readCartEdits(form);
  if (!edits.ok) return fail(form, edits.message, 400);
  const db = await getDb();
  const user = getOptionalUser(context);
  const checkout = await readCheckoutContext(db);
  onContext?.(checkout);
  const fingerprint = form.get(FINGERPRINT_FIELD);
  const seen = typeof fingerprint === "string" ? fingerprint : null;
  const owner = readCartOwner(request, user);
  const cart = await checkoutLines(db, owner, checkout.pricing, seen, edits.value);
  if (!cart.ok) return fail(form, cart.message, cart.status);
  const blocked = orderBlock(cart.lines);
  if (blocked) return fail(form, blocked.message, blocked.status);

  // Without JavaScript the /pesanan page asks again with the cart as it now is and the total as shown.
  const total = seenTotal(form.get(TOTAL_FIELD));
  const details = readOrderDetails(form, checkout, [PAYMENT_FIELD], {
    [FINGERPRINT_FIELD]: cartFingerprint(cart.lines),
    ...(total === null ? {} : { [TOTAL_FIELD]: String(total) }),
  });
  if (!details.ok) return details.answer;
  const payment = await readPayment(db, request, form, checkout);
  if (!payment.ok) return payment.answer;
  const orderable = cart.lines.filter((line) => line.problem !== "habis");
  const result = await recordOrder(db, {
    lines: orderable.map((line) => ({
      id: line.id,
      jumlah: line.jumlah,
      level: line.level ?? null,
      catatan: line.catatan,
    })),
    context: checkout,
    account: user ? { id: user.id } : null,
    details: details.details,
    origin: getOrigin(request),
    replaces: readPendingOrder(request),
    seenTotal: total,
    payment: payment.method,
    cartId: cart.cartId,
    client: getClientAddress(request),
  });
  if (!result.ok) return fail(form, result.message, result.status);
  const { code, token, replaced } = result.order;
  const outcome = await recorded(db, result.order, {
    userId: user?.id ?? null,
    saved: details.saved,
    replaced,
    cookies: [pendingOrderCookie({ code, token })],
  });
  return answerOutcome(form, outcome);
}
