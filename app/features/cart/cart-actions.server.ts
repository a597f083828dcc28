/**
 * The cart's writes, one action per intent, answered on the one form pattern (answerOutcome):
 * the count with JavaScript, else a 303 or the page with its message (0018, 0029).
 */
import type { RouterContextProvider } from "react-router";
import { getOptionalUser } from "../accounts/auth.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { answerOutcome, UNKNOWN_REQUEST, type Outcome } from "../../lib/form-action.server.ts";
import { safeRedirect } from "../../lib/redirect.ts";
import { cartCount, mergeCarts, parseStoredCart } from "./cart.ts";
import type { CartCount, CartDone } from "./cart-count.ts";
import { ADD_INTENT, PROMO_INTENT } from "./cart-form.ts";
import { storeNow } from "../../lib/clock.server.ts";
import { promoItems } from "../promotions/promo-card-view.ts";
import { getPricingContext } from "../pricing/pricing-context.server.ts";
import { AddToCartSchema, readCartEdits } from "./cart-form.server.ts";
import { CART_MESSAGES } from "./cart-messages.ts";
import { addToLines, applyEdits, levelMember } from "./cart-changes.ts";
import { changeCart, countCart } from "./cart.server.ts";
import { ensureCart, findCart, readCartOwner } from "./cart-owner.server.ts";

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const UNKNOWN_CART_REQUEST = `${UNKNOWN_REQUEST} Muat ulang halaman lalu coba lagi.`;
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

type CartOutcome = Outcome<CartDone>;
type Refused = Extract<Outcome, { ok: false }>;
type Write = (args: ActionArgs, form: FormData) => Promise<CartOutcome>;

const refused = (message: string, status: Refused["status"], headers?: HeadersInit): Refused => ({
  ok: false,
  status,
  message,
  headers,
});

/** Too many new carts from this client: when to try again. */
const tooMany = (cart: { message: string; retryAfter: number }) =>
  refused(cart.message, 429, { "Retry-After": String(cart.retryAfter) });

/** A change that was stored: the count for the page's header, or the page `to` (303: it takes a POST again). */
function stored(cart: CartCount, setCookie: string | null, to?: string): CartOutcome {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return { ok: true, done: { cart }, headers, redirectTo: to, redirectStatus: 303 };
}

const countOf = (changed: { lines: { jumlah: number }[]; version: number }): CartCount => ({
  count: cartCount(changed.lines),
  version: changed.version,
});

/** Adds one portion of an item (at a level, where it takes one) to the visitor's cart. */
async function add({ request, context }: ActionArgs, form: FormData): Promise<CartOutcome> {
  const parsed = AddToCartSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? CART_MESSAGES.unknownItem, 400);
  const { menu, level, kembali } = parsed.data;
  const db = await getDb();
  const cart = await ensureCart(db, readCartOwner(request, getOptionalUser(context)), request, form);
  if (!cart.ok) return tooMany(cart);
  // A level chosen on a dish's card adds that level's own item: the notice names the item added.
  let added = menu;
  const changed = await changeCart(db, cart.cartId, (lines, catalog) => {
    const member = levelMember(catalog, menu, level);
    if (member) added = member.id;
    return addToLines(lines, catalog, menu, level);
  });
  if (!changed.ok)
    return refused(
      changed.message,
      changed.status,
      cart.setCookie ? { "Set-Cookie": cart.setCookie } : undefined,
    );
  return stored(countOf(changed), cart.setCookie, backWithNotice(kembali, added));
}

/**
 * "Ambil Promo" (`intent=ambil-promo`, `promo=<id>`): the promo's items into the visitor's cart,
 * as the card says (two Mie Nyala and the free Es Teh Jumbo; a bundle's parts), each at the
 * menu's price; the cart's pricing then applies the promo. Then the cart page.
 */
async function takePromo({ request, context }: ActionArgs, form: FormData): Promise<CartOutcome> {
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
  if (!items) return refused(PROMO_GONE, 404);
  const cart = await ensureCart(db, readCartOwner(request, getOptionalUser(context)), request, form);
  if (!cart.ok) return tooMany(cart);
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
    return refused(
      changed.message,
      changed.status,
      cart.setCookie ? { "Set-Cookie": cart.setCookie } : undefined,
    );
  return stored(countOf(changed), cart.setCookie, "/keranjang");
}

/** The cart page's form: a line's quantity, its removal, every line's note and level. */
async function saveEdits({ request, context }: ActionArgs, form: FormData): Promise<CartOutcome> {
  const edits = readCartEdits(form);
  if (!edits.ok) return refused(edits.message, 400);
  const db = await getDb();
  const cartId = await findCart(db, readCartOwner(request, getOptionalUser(context)));
  // No cart (it expired, or the page is from another browser): nothing to change.
  if (!cartId) return stored({ count: 0, version: 0 }, null, "/keranjang");
  const changed = await changeCart(db, cartId, (lines, catalog) => applyEdits(lines, catalog, edits.value));
  if (!changed.ok) return refused(changed.message, changed.status);
  return stored(countOf(changed), null, "/keranjang");
}

/**
 * POST /keranjang/pindahkan: a cart the browser kept before the server did (`baris`, its stored
 * text), merged into the visitor's cart. Nothing readable in it: nothing to merge, and the answer
 * says so as a success (the browser then forgets it). Always data (a resource route).
 */
async function importStored({ request, context }: ActionArgs, form: FormData): Promise<CartOutcome> {
  const raw = form.get("baris");
  const kept = parseStoredCart(typeof raw === "string" && raw.length <= 100_000 ? raw : null).filter((line) =>
    ITEM_ID.test(line.id),
  );
  const db = await getDb();
  const owner = readCartOwner(request, getOptionalUser(context));
  if (kept.length === 0) return { ok: true, done: { cart: await countCart(db, owner) } };
  const cart = await ensureCart(db, owner, request, form);
  if (!cart.ok) return tooMany(cart);
  const changed = await changeCart(db, cart.cartId, (lines) => mergeCarts(lines, kept));
  if (!changed.ok) return refused(changed.message, changed.status);
  return stored(countOf(changed), cart.setCookie);
}

/** Each of the cart's actions: its write's outcome, answered on the one pattern. */
const answered = (write: Write) => async (args: ActionArgs, form: FormData) =>
  answerOutcome(form, await write(args, form));

/** "Tambah" on the level page (/keranjang/tambah). */
export const addAction = answered(add);
export const importAction = answered(importStored);

function writeOf(intent: FormDataEntryValue | null): Write | undefined {
  if (intent === ADD_INTENT) return add;
  if (intent === PROMO_INTENT) return takePromo;
  if (typeof intent === "string" && /^(?:simpan|jumlah:|hapus:)/.test(intent)) return saveEdits;
}

/** POST /keranjang: every write of the cart, by its `intent`. */
export async function cartAction(args: ActionArgs, form: FormData) {
  const write = writeOf(form.get("intent"));
  return answerOutcome(form, write ? await write(args, form) : refused(UNKNOWN_CART_REQUEST, 400));
}
