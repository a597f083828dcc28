// The cart's writes, one action per intent, answered on the one form pattern (0018, 0029).
import type { RouterContextProvider } from "react-router";
import { getOptionalUser } from "../accounts/auth.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { answerOutcome, UNKNOWN_REQUEST, type Outcome } from "../../lib/form-action.server.ts";
import { safeRedirect } from "../../lib/redirect.ts";
import { mergeCarts, parseStoredCart } from "./cart.ts";
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
const ITEM_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

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

const tooMany = (cart: { message: string; retryAfter: number }) =>
  refused(cart.message, 429, { "Retry-After": String(cart.retryAfter) });

function stored(cart: CartCount, setCookie: string | null, to?: string): CartOutcome {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return { ok: true, done: { cart }, headers, redirectTo: to, redirectStatus: 303 };
}

const countOf = (changed: { count: number; version: number }): CartCount => ({
  count: changed.count,
  version: changed.version,
});

async function add({ request, context }: ActionArgs, form: FormData): Promise<CartOutcome> {
  const parsed = AddToCartSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? CART_MESSAGES.unknownItem, 400);
  const { menu, level, kembali } = parsed.data;
  const db = await getDb();
  const cart = await ensureCart(db, readCartOwner(request, getOptionalUser(context)), request, form);
  if (!cart.ok) return tooMany(cart);
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

// Nothing readable in a stored cart is answered as a success: the browser then forgets it.
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

const answered = (write: Write) => async (args: ActionArgs, form: FormData) =>
  answerOutcome(form, await write(args, form));

export const addAction = answered(add);
export const importAction = answered(importStored);

function writeOf(intent: FormDataEntryValue | null): Write | undefined {
  if (intent === ADD_INTENT) return add;
  if (intent === PROMO_INTENT) return takePromo;
  if (typeof intent === "string" && /^(?:simpan|jumlah:|hapus:)/.test(intent)) return saveEdits;
}

export async function cartAction(args: ActionArgs, form: FormData) {
  const write = writeOf(form.get("intent"));
  return answerOutcome(form, write ? await write(args, form) : refused(UNKNOWN_CART_REQUEST, 400));
}
