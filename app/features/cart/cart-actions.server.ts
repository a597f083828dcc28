/**
 * The cart's writes as actions: "Tambah", "Ambil Promo", the cart page's form and the move of a
 * browser-kept cart; a CartAnswer with JavaScript, else a redirect or the page with its message (0018).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getOptionalUser } from "../accounts/auth.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { safeRedirect } from "../../lib/redirect.ts";
import { cartCount, mergeCarts, parseStoredCart } from "./cart.ts";
import type { CartAnswer } from "./cart-answer.ts";
import { ADD_INTENT, PROMO_INTENT } from "./cart-form.ts";
import { storeNow } from "../../lib/clock.server.ts";
import { promoItems } from "../promotions/promo-card-view.ts";
import { getPricingContext } from "../promotions/promotions.server.ts";
import { AddToCartSchema, readCartEdits } from "./cart-form.server.ts";
import { CART_MESSAGES } from "./cart-messages.ts";
import { addToLines, applyEdits, levelMember } from "./cart-changes.ts";
import { changeCart, countCart } from "./cart.server.ts";
import { ensureCart, findCart, readCartOwner } from "./cart-owner.server.ts";

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const UNKNOWN_REQUEST = "Permintaan tidak dikenal. Muat ulang halaman lalu coba lagi.";
const PROMO_GONE = "Promo ini sudah tidak berlaku. Muat ulang halaman untuk melihat promo yang ada.";
/** An item id as the menu makes them (a slug); anything else in a stored cart cannot be on the menu. */
const ITEM_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** Where a "Tambah" without JavaScript returns to: the page it came from, saying what was added. */
function backWithNotice(kembali: string | undefined, menu: string): string {
  const target = new URL(safeRedirect(kembali, "/keranjang"), "http://nyala.invalid");
  target.searchParams.delete("ditambahkan");
  target.searchParams.delete("level");
  target.searchParams.set("ditambahkan", menu);
  return `${target.pathname}${target.search}`;
}

const fail = (message: string, status: number, headers?: HeadersInit) =>
  data<CartAnswer>({ status: "error", message }, { status, headers });

/** The answer to a change that was stored: the count for the page's header, or a redirect. */
function done(
  viaFetch: boolean,
  lines: { jumlah: number }[],
  version: number,
  setCookie: string | null,
  to: string,
) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (!viaFetch) throw redirect(to, { status: 303, headers });
  return data<CartAnswer>({ status: "success", cart: { count: cartCount(lines), version } }, { headers });
}

/** Adds one portion of an item (at a level, where it takes one) to the visitor's cart. */
export async function addAction({ request, context }: ActionArgs, form: FormData) {
  const viaFetch = form.get("mode") === "fetch";
  const parsed = AddToCartSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? CART_MESSAGES.unknownItem, 400);
  const { menu, level, kembali } = parsed.data;
  const db = await getDb();
  const cart = await ensureCart(db, readCartOwner(request, getOptionalUser(context)), request);
  if (!cart.ok) return fail(cart.message, 429, { "Retry-After": String(cart.retryAfter) });
  // A level chosen on a dish's card adds that level's own item: the notice names the item added.
  let added = menu;
  const changed = await changeCart(db, cart.cartId, (lines, catalog) => {
    const member = levelMember(catalog, menu, level);
    if (member) added = member.id;
    return addToLines(lines, catalog, menu, level);
  });
  if (!changed.ok)
    return fail(
      changed.message,
      changed.status,
      cart.setCookie ? { "Set-Cookie": cart.setCookie } : undefined,
    );
  return done(viaFetch, changed.lines, changed.version, cart.setCookie, backWithNotice(kembali, added));
}

/**
 * "Ambil Promo" (POST /keranjang, `intent=ambil-promo`, `promo=<id>`): the promo's items into the
 * visitor's cart, as the card says (two Mie Nyala and the free Es Teh Jumbo; a bundle's parts),
 * each at the menu's price; the cart's pricing then applies the promo. Then the cart page.
 */
export async function promoAction({ request, context }: ActionArgs, form: FormData) {
  const viaFetch = form.get("mode") === "fetch";
  const raw = form.get("promo");
  const id = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const db = await getDb();
  const pricing = await getPricingContext(db);
  const now = storeNow();
  const promo = pricing.promos.find(
    (entry) =>
      entry.id === id &&
      (entry.active_from === null || entry.active_from <= now) &&
      (entry.active_until === null || now < entry.active_until),
  );
  const items = promo ? promoItems(promo.rule, pricing) : null;
  if (!items) return fail(PROMO_GONE, 404);
  const cart = await ensureCart(db, readCartOwner(request, getOptionalUser(context)), request);
  if (!cart.ok) return fail(cart.message, 429, { "Retry-After": String(cart.retryAfter) });
  const changed = await changeCart(db, cart.cartId, (lines, catalog) => {
    let next = lines;
    for (const item of items) {
      for (let count = 0; count < item.jumlah; count++) {
        const added = addToLines(next, catalog, item.id, undefined);
        if (!Array.isArray(added)) return added;
        next = added;
      }
    }
    return next;
  });
  if (!changed.ok)
    return fail(
      changed.message,
      changed.status,
      cart.setCookie ? { "Set-Cookie": cart.setCookie } : undefined,
    );
  return done(viaFetch, changed.lines, changed.version, cart.setCookie, "/keranjang");
}

/**
 * POST /keranjang/pindahkan: a cart the browser kept before the server did (`baris`, its stored
 * text), merged into the visitor's cart. Nothing readable in it: nothing to merge, and the answer
 * says so as a success (the browser then forgets it). Answers JSON (a resource route).
 */
export async function importAction({ request, context }: ActionArgs, form: FormData) {
  const raw = form.get("baris");
  const stored = parseStoredCart(typeof raw === "string" && raw.length <= 100_000 ? raw : null).filter(
    (line) => ITEM_ID.test(line.id),
  );
  const db = await getDb();
  const owner = readCartOwner(request, getOptionalUser(context));
  if (stored.length === 0) {
    return data<CartAnswer>({ status: "success", cart: await countCart(db, owner) });
  }
  const cart = await ensureCart(db, owner, request);
  if (!cart.ok) return fail(cart.message, 429, { "Retry-After": String(cart.retryAfter) });
  const changed = await changeCart(db, cart.cartId, (lines) => mergeCarts(lines, stored));
  if (!changed.ok) return fail(changed.message, changed.status);
  return done(true, changed.lines, changed.version, cart.setCookie, "/keranjang");
}

/** POST /keranjang: every write of the cart, by its `intent`. */
export async function cartAction(args: ActionArgs, form: FormData) {
  const intent = form.get("intent");
  if (intent === ADD_INTENT) return addAction(args, form);
  if (intent === PROMO_INTENT) return promoAction(args, form);
  const viaFetch = form.get("mode") === "fetch";
  const db = await getDb();
  const owner = readCartOwner(args.request, getOptionalUser(args.context));

  const saving = typeof intent === "string" && /^(?:simpan|jumlah:|hapus:)/.test(intent);
  if (!saving) return fail(UNKNOWN_REQUEST, 400);
  const edits = readCartEdits(form);
  if (!edits.ok) return fail(edits.message, 400);
  const cartId = await findCart(db, owner);
  // No cart (it expired, or the page is from another browser): nothing to change.
  if (!cartId) return done(viaFetch, [], 0, null, "/keranjang");
  const changed = await changeCart(db, cartId, (lines, catalog) => applyEdits(lines, catalog, edits.value));
  if (!changed.ok) return fail(changed.message, changed.status);
  return done(viaFetch, changed.lines, changed.version, null, "/keranjang");
}
