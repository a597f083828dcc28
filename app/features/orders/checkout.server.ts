/**
 * POST /pesanan: the cart's checkout form (docs/decisions/0018-server-cart.md). The order is the
 * server's cart, not anything the browser lists: the form carries only what the customer may
 * still have typed (every line's note and level, applied first) and what the page showed
 * (`keranjang`, the fingerprint of the lines to order, with their prices). When the cart no longer
 * says what the page showed (another tab changed it, a price changed), nothing is recorded and
 * the customer is asked to look again. Sold-out lines are left out of the order and stay in the
 * cart. Names and prices are the menu's at this moment (record-order.server.ts). The form also
 * carries the checkout's details (checkout-details.ts: who, how, where, when), checked with the
 * schema the page uses, and remembered for the next order (on the account, or in this browser).
 * The answer sets a cookie that lets this browser open the order's own page (order-view.server.ts).
 *
 * `intent=terkirim` (the customer sent the WhatsApp message): the order is marked sent (the board
 * stops flagging it), its lines leave the cart, and the pending order cookie is forgotten, so no
 * later checkout may cancel an order the restaurant has received.
 *
 * With JavaScript (a fetcher) the answers are data; without it the checkout answers the /pesanan
 * page (the code, the message, the WhatsApp link), and "terkirim" redirects to the cart.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getOptionalUser } from "../accounts/auth.server.ts";
import { cartCount, withoutOrdered } from "../cart/cart.ts";
import { FINGERPRINT_FIELD } from "../cart/cart-form.ts";
import { TOTAL_FIELD } from "../promotions/checkout-total.ts";
import { readCartEdits } from "../cart/cart-form.server.ts";
import { applyEdits, changeCart, readCartView } from "../cart/cart.server.ts";
import { findCart, readCartOwner } from "../cart/cart-owner.server.ts";
import { getOrigin, getStoreSettings } from "../store/settings.server.ts";
import { getClientAddress } from "../../lib/client-address.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { getEnv } from "../../lib/env.server.ts";
import { readForm } from "../../lib/form.server.ts";
import { formatWait, hit } from "../../lib/rate-limit.server.ts";
import type { CheckoutAnswer, SentAnswer } from "./checkout.ts";
import { DETAIL_FIELDS, parseCheckoutDetails } from "./checkout-details.ts";
import { ASAP } from "./checkout-fields.ts";
import { detailsCookie, saveAccountDetails } from "./checkout-profile.server.ts";
import { orderPath } from "./order-code.ts";
import { orderSlots } from "../store/order-slots.ts";
import { viewCookies } from "./order-view.server.ts";
import {
  blankPendingOrderCookie,
  confirmSent,
  pendingOrderCookie,
  readPendingOrder,
} from "./pending-order.server.ts";
import { recordOrder } from "./record-order.server.ts";

/** Orders per client address are counted per hour (RATE_LIMIT_ORDER_ADDRESS). */
const ORDER_WINDOW_MS = 60 * 60 * 1000;

export const CHECKOUT_MESSAGES = {
  empty: "Pesanan kosong. Tambahkan menu ke keranjang dulu.",
  changed: "Isi keranjang berubah sejak halaman ini dibuka. Periksa lagi, lalu pesan.",
  allSoldOut: "Semua menu di keranjang sedang habis.",
  levelRequired: (nama: string) => `Pilih level pedas untuk ${nama}.`,
} as const;

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The total the page showed, or null when the form carries none (then the server's stands). */
const seenTotal = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : null;

const fail = (message: string, status: number, headers?: HeadersInit) =>
  data<CheckoutAnswer>({ status: "error", message }, { status, headers });

async function sent({ request, context }: ActionArgs, viaFetch: boolean) {
  const db = await getDb();
  const order = await confirmSent(db, readPendingOrder(request));
  const cartId = await findCart(db, readCartOwner(request, getOptionalUser(context)));
  let cart = { count: 0, version: 0 };
  if (order && cartId) {
    const changed = await changeCart(db, cartId, (lines) => withoutOrdered(lines, order.lineKeys));
    if (changed.ok) cart = { count: cartCount(changed.lines), version: changed.version };
  }
  const headers = { "Set-Cookie": blankPendingOrderCookie(), "Cache-Control": "no-store" };
  if (!viaFetch)
    throw redirect(order ? `/keranjang?terkirim=${order.code}` : "/keranjang", { status: 303, headers });
  return data<SentAnswer>({ status: "sent", code: order?.code ?? null, cart }, { headers });
}

export async function checkoutAction(args: ActionArgs) {
  const { request, context } = args;
  const form = await readForm(request);
  if (form.get("intent") === "terkirim") return sent(args, form.get("mode") === "fetch");

  const edits = readCartEdits(form);
  if (!edits.ok) return fail(edits.message, 400);
  const db = await getDb();
  const user = getOptionalUser(context);
  const cartId = await findCart(db, readCartOwner(request, user));
  const shown = await readCartView(db, cartId, { acknowledge: false });
  if (!cartId || shown.lines.length === 0) return fail(CHECKOUT_MESSAGES.empty, 400);
  const fingerprint = form.get(FINGERPRINT_FIELD);
  if (typeof fingerprint === "string" && fingerprint !== shown.fingerprint) {
    return fail(CHECKOUT_MESSAGES.changed, 409);
  }
  if (edits.value.notes.length > 0 || edits.value.levels.length > 0) {
    const { notes, levels } = edits.value;
    const changed = await changeCart(db, cartId, (lines, catalog) =>
      applyEdits(lines, catalog, { quantity: null, remove: null, notes, levels }),
    );
    if (!changed.ok) return fail(changed.message, changed.status);
  }
  const cart = await readCartView(db, cartId, { acknowledge: false });
  const orderable = cart.lines.filter((line) => line.problem !== "habis");
  if (orderable.length === 0) return fail(CHECKOUT_MESSAGES.allSoldOut, 409);
  const missingLevel = orderable.find((line) => line.problem === "pilih-level");
  if (missingLevel) return fail(CHECKOUT_MESSAGES.levelRequired(missingLevel.nama), 400);

  // The details as the page's form checked them: the slots are the ones offered now.
  const store = await getStoreSettings(db);
  const slots = orderSlots({
    hours: store.openingHours,
    timezone: store.timezone,
    leadMinutes: store.leadMinutes,
    now: new Date(),
  });
  const typed = Object.fromEntries(DETAIL_FIELDS.map((name) => [name, form.get(name) ?? undefined]));
  const details = parseCheckoutDetails(
    typed,
    slots.map((slot) => slot.value),
  );
  if (!details.ok) {
    // Without JavaScript the /pesanan page asks again, with what was typed and the cart as it is.
    const values = Object.fromEntries(
      DETAIL_FIELDS.flatMap((name) => {
        const value = typed[name];
        return typeof value === "string" ? [[name, value.slice(0, 300)]] : [];
      }),
    );
    return data<CheckoutAnswer>(
      {
        status: "error",
        message: details.message,
        fieldErrors: details.errors,
        values,
        keranjang: cart.fingerprint,
      },
      { status: 400 },
    );
  }

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

  const { waktu, ...saved } = details.details;
  const result = await recordOrder(db, {
    lines: orderable.map((line) => ({
      id: line.id,
      jumlah: line.jumlah,
      level: line.level ?? null,
      catatan: line.catatan,
    })),
    store,
    account: user ? { id: user.id } : null,
    details: {
      ...saved,
      scheduledFor: waktu === ASAP ? null : (slots.find((slot) => slot.value === waktu)?.at ?? null),
    },
    origin: getOrigin(request),
    replaces: readPendingOrder(request),
    seenTotal: seenTotal(form.get(TOTAL_FIELD)),
  });
  // A different total (a promo ended or began, a price changed): nothing recorded; the message
  // says the new total and the cart page, shown again, its new pricing.
  if (!result.ok) return fail(result.message, result.status);
  if (user) await saveAccountDetails(db, user.id, saved);

  const { code, token, viewToken, replaced, total, message, whatsappUrl, outsideHours } = result.order;
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", pendingOrderCookie({ code, token }));
  for (const cookie of viewCookies(code, viewToken)) headers.append("Set-Cookie", cookie);
  if (!user) headers.append("Set-Cookie", detailsCookie(saved));
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
