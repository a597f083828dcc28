// Who may see an order page (0021): the holder of its link's secret (only its SHA-256 is stored) or the
// account that placed it. Everyone else gets the same "not found" after the same work.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orders } from "../../../database/schema.ts";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import { isOrderCode, normalizeOrderCode, orderPath } from "./order-code.ts";

const VIEW_TOKEN_BYTES = 24;
const VIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const VIEW_COOKIE_SECONDS = 60 * 24 * 60 * 60;

const sha256 = (value: string) => createHash("sha256").update(value).digest();
/** Compared against when there is no stored hash, so every answer costs the same. */
const DUMMY_HASH = sha256(randomBytes(32).toString("hex"));

export function newViewToken(): { token: string; hash: string } {
  const token = randomBytes(VIEW_TOKEN_BYTES).toString("base64url");
  return { token, hash: sha256(token).toString("hex") };
}

export const orderLink = (origin: string, code: string, token: string) =>
  `${origin}${orderPath(code)}?kunci=${token}`;

// One cookie per path: the page (its live stream lies below it) and its `.data` URL, which it does not cover.
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
  token: string | null;
  userId: string | null;
}

export interface OrderAccess {
  id: number;
  userId: string | null;
  tokenHash: Buffer | null;
}

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

export async function findViewableOrder(
  db: Database,
  rawCode: string,
  viewer: Viewer,
): Promise<number | null> {
  const access = await findOrderAccess(db, rawCode);
  return mayView(access, viewer) ? access!.id : null;
}
