/**
 * Who may see an order page (/pesanan/<code>): the holder of its link's secret (only its SHA-256 is
 * stored) or the account that placed it (docs/decisions/0021-order-page-links.md). Everyone else
 * gets the same "not found" after the same work, so no answer tells which codes exist.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orders } from "../../../database/schema.ts";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import { isOrderCode, normalizeOrderCode, orderPath } from "./order-code.ts";

/** Bytes of an order link's secret (base64url: 32 characters). */
const VIEW_TOKEN_BYTES = 24;
const VIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** How long a browser that opened the link keeps seeing the order without it. */
const VIEW_COOKIE_SECONDS = 60 * 24 * 60 * 60;

const sha256 = (value: string) => createHash("sha256").update(value).digest();
/** Compared against when there is no stored hash, so every answer costs the same. */
const DUMMY_HASH = sha256(randomBytes(32).toString("hex"));

/** A new secret for an order's link, and the hash that is stored. */
export function newViewToken(): { token: string; hash: string } {
  const token = randomBytes(VIEW_TOKEN_BYTES).toString("base64url");
  return { token, hash: sha256(token).toString("hex") };
}

/** The link the WhatsApp message carries: the page and its secret. */
export const orderLink = (origin: string, code: string, token: string) =>
  `${origin}${orderPath(code)}?kunci=${token}`;

/**
 * The cookie that lets this browser see one order after it opened the link (or placed the
 * order): the secret, HttpOnly, sent only to that order's page, its live stream (below the page's
 * path) and the page's data URL (`/pesanan/<code>.data`, React Router's client navigations, which
 * the page's path does not cover): one cookie per path.
 */
const viewCookieName = (code: string) => cookieName("nyala_lihat", orderPath(code));

export const viewCookies = (code: string, token: string) =>
  [orderPath(code), `${orderPath(code)}.data`].map((path) =>
    serializeCookie(viewCookieName(code), token, { path, maxAge: VIEW_COOKIE_SECONDS }),
  );

export function readViewCookie(request: Request, code: string): string | null {
  const value = readCookie(request, viewCookieName(code), 200);
  return value && VIEW_TOKEN_PATTERN.test(value) ? value : null;
}

export interface Viewer {
  /** The secret from the link or the cookie. */
  token: string | null;
  /** The signed-in account. */
  userId: string | null;
}

/** What decides who may see an order: the account that placed it and its link's hash. */
export interface OrderAccess {
  id: number;
  userId: string | null;
  tokenHash: Buffer | null;
}

/** The order's access by its code (one lookup), or null. */
export async function findOrderAccess(db: Database, rawCode: string): Promise<OrderAccess | null> {
  const code = normalizeOrderCode(rawCode);
  const [row] = isOrderCode(code)
    ? await db
        .select({ id: orders.id, user_id: orders.user_id, view_token_hash: orders.view_token_hash })
        .from(orders)
        .where(eq(orders.code, code))
        .limit(1)
    : [];
  if (!row) return null;
  const tokenHash = row.view_token_hash ? Buffer.from(row.view_token_hash, "hex") : null;
  return { id: row.id, userId: row.user_id, tokenHash };
}

/** Whether `viewer` may see the order (null: none): one constant-time comparison either way. */
export function mayView(access: OrderAccess | null, viewer: Viewer): boolean {
  const stored = access?.tokenHash ?? DUMMY_HASH;
  const given = viewer.token && VIEW_TOKEN_PATTERN.test(viewer.token) ? sha256(viewer.token) : DUMMY_HASH;
  const tokenMatches =
    stored.length === given.length &&
    timingSafeEqual(stored, given) &&
    Boolean(access?.tokenHash && viewer.token);
  const isOwner = Boolean(access?.userId && viewer.userId && access.userId === viewer.userId);
  return access !== null && (tokenMatches || isOwner);
}

/** The order's id when `viewer` may see it, else null (see the access model above). */
export async function findViewableOrder(
  db: Database,
  rawCode: string,
  viewer: Viewer,
): Promise<number | null> {
  const access = await findOrderAccess(db, rawCode);
  return mayView(access, viewer) ? access!.id : null;
}
