import { data } from "react-router";
import type { Route } from "./+types/pesanan";
import type { CheckoutAnswer } from "~/features/orders/checkout.ts";
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { readForm } from "~/lib/form.server.ts";
import {
  blankPendingOrderCookie,
  parseOrderRequest,
  pendingOrderCookie,
  readPendingOrder,
  recordOrder,
} from "~/features/orders/record-order.server.ts";
import { formatWait, hit } from "~/lib/rate-limit.server.ts";
import { getStoreSettings } from "~/features/store/settings.server.ts";

/** Orders per client address are counted per hour (RATE_LIMIT_ORDER_ADDRESS). */
const ORDER_WINDOW_MS = 60 * 60 * 1000;

/**
 * POST /pesanan records the cart as an order before the customer's WhatsApp opens
 * (app/features/orders/record-order.server.ts). The form field `items` holds the cart's lines as JSON. This
 * browser's previous unsent order, named by its pending order cookie, is cancelled if it may be
 * and otherwise ignored; the new order's cookie replaces it. Answers JSON: 201 `{status:
 * "success", code, replaced, total, message, whatsappUrl, outsideHours}` (`replaced` is the
 * cancelled order's code or null), or 4xx `{status: "error", message}` with an Indonesian message
 * (429 with Retry-After when one address records too many orders).
 *
 * `intent=terkirim` (the customer confirmed the WhatsApp message was sent) deletes the pending
 * order cookie: a later checkout must not cancel an order the restaurant has received.
 * GET answers 405.
 */
export function loader() {
  throw data("Pesanan hanya bisa dikirim dari halaman keranjang.", {
    status: 405,
    headers: { Allow: "POST" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const fail = (message: string, status: number, headers?: HeadersInit) =>
    data<CheckoutAnswer>({ status: "error", message }, { status, headers });

  if (form.get("intent") === "terkirim") {
    return data(
      { status: "success" as const },
      { headers: { "Set-Cookie": blankPendingOrderCookie(), "Cache-Control": "no-store" } },
    );
  }

  const parsed = parseOrderRequest(form.get("items"));
  if (!parsed.ok) return fail(parsed.message, 400);

  const db = await getDb();
  const limit = await hit(db, {
    key: `order:address:${getClientAddress(request)}`,
    limit: getEnv().RATE_LIMIT_ORDER_ADDRESS,
    windowMs: ORDER_WINDOW_MS,
  });
  if (limit.blocked) {
    const seconds = Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000));
    return fail(
      `Terlalu banyak pesanan dari jaringan ini. Coba lagi dalam ${formatWait(limit.resetAt)}, atau hubungi kami lewat WhatsApp.`,
      429,
      { "Retry-After": String(seconds) },
    );
  }

  const user = getOptionalUser(context);
  const result = await recordOrder(
    db,
    parsed.lines,
    await getStoreSettings(db),
    user ? { id: user.id, nama: user.nama } : null,
    readPendingOrder(request),
  );
  if (!result.ok) return fail(result.message, result.status);
  const { code, token, replaced, total, message, whatsappUrl, outsideHours } = result.order;
  return data<CheckoutAnswer>(
    { status: "success", code, replaced, total, message, whatsappUrl, outsideHours },
    {
      status: 201,
      headers: { "Set-Cookie": pendingOrderCookie({ code, token }), "Cache-Control": "no-store" },
    },
  );
}
