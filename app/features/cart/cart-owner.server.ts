// Whose cart a request names (0018): the account's, or a guest's cookie `<id>.<secret>` (only the
// secret's SHA-256 stored, compared in constant time; new guest carts limited per address).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { carts } from "../../../database/schema.ts";
import { getClientAddress } from "../../lib/client-address.server.ts";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import { getEnv } from "../../lib/env.server.ts";
import { formatWait, hit } from "../../lib/rate-limit.server.ts";
import { NEW_CART_FIELD } from "./cart-form.ts";

export const GUEST_CART_DAYS = 30;
const GUEST_CART_MS = GUEST_CART_DAYS * 24 * 60 * 60 * 1000;
const CART_WINDOW_MS = 60 * 60 * 1000;

const cartCookieName = () => cookieName("nyala_keranjang");
const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
const TOKEN_PART = /^[A-Za-z0-9_-]{16,64}$/;

export interface CartOwner {
  userId: string | null;
  guest: { id: string; secret: string } | null;
}

export function readCartOwner(request: Request, user: { id: string } | null): CartOwner {
  const value = readCookie(request, cartCookieName(), 200);
  const [id = "", secret = "", ...rest] = value?.split(".") ?? [];
  const guest = rest.length === 0 && TOKEN_PART.test(id) && TOKEN_PART.test(secret) ? { id, secret } : null;
  return { userId: user?.id ?? null, guest };
}

export const mayHaveCart = (owner: CartOwner) => owner.userId !== null || owner.guest !== null;

async function findGuestCart(db: Database, guest: CartOwner["guest"]): Promise<string | null> {
  if (!guest) return null;
  const [row] = await db
    .select({ id: carts.id, secret_hash: carts.secret_hash })
    .from(carts)
    .where(and(eq(carts.id, guest.id), gt(carts.expires_at, new Date())))
    .limit(1);
  return row && secretMatches(row.secret_hash, guest.secret) ? row.id : null;
}

export function secretMatches(secretHash: string | null, secret: string): boolean {
  if (!secretHash) return false;
  const expected = Buffer.from(secretHash, "hex");
  const actual = Buffer.from(hashSecret(secret), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export async function findCart(db: Database, owner: CartOwner): Promise<string | null> {
  if (owner.userId) {
    const [row] = await db
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.user_id, owner.userId))
      .limit(1);
    return row?.id ?? null;
  }
  return findGuestCart(db, owner.guest);
}

type Ensured =
  { ok: true; cartId: string; setCookie: string | null } | { ok: false; message: string; retryAfter: number };

// From the page's random name its id and secret follow, so concurrent first writes make one cart.
function namedGuest(form: FormData | null): { id: string; secret: string } | null {
  const name = form?.get(NEW_CART_FIELD);
  if (typeof name !== "string" || !/^[A-Za-z0-9_-]{32,64}$/.test(name)) return null;
  const id = createHash("sha256").update(`nyala-keranjang:${name}`).digest("base64url").slice(0, 20);
  return { id, secret: name };
}

export async function ensureCart(
  db: Database,
  owner: CartOwner,
  request: Request,
  form: FormData | null = null,
): Promise<Ensured> {
  if (owner.userId) {
    const existing = await findCart(db, owner);
    if (existing) return { ok: true, cartId: existing, setCookie: null };
    await db
      .insert(carts)
      .values({ id: randomBytes(12).toString("base64url"), user_id: owner.userId })
      .onConflictDoNothing({ target: carts.user_id });
    const created = await findCart(db, owner);
    if (!created) throw new Error("the account's cart could not be created");
    return { ok: true, cartId: created, setCookie: null };
  }
  const existing = await findGuestCart(db, owner.guest);
  if (existing && owner.guest) return { ok: true, cartId: existing, setCookie: guestCookie(owner.guest) };
  const named = namedGuest(form);
  const earlier = named ? await findGuestCart(db, named) : null;
  if (earlier && named) return { ok: true, cartId: earlier, setCookie: guestCookie(named) };

  // Made first, counted only if this write made it: writes naming one new cart count once.
  let guest = named ?? randomGuest();
  if (!(await insertGuestCart(db, guest))) {
    if (await findGuestCart(db, guest)) return { ok: true, cartId: guest.id, setCookie: guestCookie(guest) };
    // Named by a page left open past the cart's expiry: a new random cart instead.
    guest = randomGuest();
    await insertGuestCart(db, guest);
  }
  const limit = await hit(db, {
    key: `cart:address:${getClientAddress(request)}`,
    limit: getEnv().RATE_LIMIT_CART_ADDRESS,
    windowMs: CART_WINDOW_MS,
  });
  if (limit.blocked) {
    await db.delete(carts).where(eq(carts.id, guest.id));
    return {
      ok: false,
      message: `Terlalu banyak keranjang baru dari jaringan ini. Coba lagi dalam ${formatWait(limit.resetAt)}.`,
      retryAfter: Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000)),
    };
  }
  if (Math.random() < 0.05) void deleteExpiredCarts(db).catch(() => undefined); // now and then, off the path
  return { ok: true, cartId: guest.id, setCookie: guestCookie(guest) };
}

const randomGuest = () => ({
  id: randomBytes(15).toString("base64url"),
  secret: randomBytes(24).toString("base64url"),
});

async function insertGuestCart(db: Database, guest: { id: string; secret: string }) {
  const rows = await db
    .insert(carts)
    .values({
      id: guest.id,
      secret_hash: hashSecret(guest.secret),
      expires_at: new Date(Date.now() + GUEST_CART_MS),
    })
    .onConflictDoNothing({ target: carts.id })
    .returning({ id: carts.id });
  return rows.length > 0;
}

const guestCookie = (guest: { id: string; secret: string }) =>
  serializeCookie(cartCookieName(), `${guest.id}.${guest.secret}`, { maxAge: GUEST_CART_MS / 1000 });

export const blankCartCookie = () => serializeCookie(cartCookieName(), "", { maxAge: 0 });

export const renewedExpiry = () => new Date(Date.now() + GUEST_CART_MS);

export async function deleteExpiredCarts(db: Database) {
  await db.delete(carts).where(lt(carts.expires_at, new Date()));
}
