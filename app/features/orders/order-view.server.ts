/**
 * The customer's order page (/pesanan/<code>) and its live updates: who may see an order, and
 * what they see.
 *
 * Access model: an order is seen by whoever holds its link's secret (the WhatsApp message
 * carries it; only its SHA-256 is stored, `orders.view_token_hash`) or by the signed-in account
 * that placed it. Anything else — an unknown code, a wrong or missing secret, another account's
 * order — gets the same "not found", after the same work (one lookup by code and one
 * constant-time comparison, against a dummy hash when there is nothing to compare), so an answer
 * never tells which codes exist.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderEvents, orderItems, orders } from "../../../database/schema.ts";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import { isOrderCode, normalizeOrderCode, orderPath } from "./order-code.ts";
import type { Fulfilment, OrderStatus } from "./order-status.ts";

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

interface Viewer {
  /** The secret from the link or the cookie. */
  token: string | null;
  /** The signed-in account. */
  userId: string | null;
}

/** The order's id when `viewer` may see it, else null (see the access model above). */
export async function findViewableOrder(
  db: Database,
  rawCode: string,
  viewer: Viewer,
): Promise<number | null> {
  const code = normalizeOrderCode(rawCode);
  const [row] = isOrderCode(code)
    ? await db
        .select({ id: orders.id, user_id: orders.user_id, view_token_hash: orders.view_token_hash })
        .from(orders)
        .where(eq(orders.code, code))
        .limit(1)
    : [];
  const stored = row?.view_token_hash ? Buffer.from(row.view_token_hash, "hex") : DUMMY_HASH;
  const given = viewer.token && VIEW_TOKEN_PATTERN.test(viewer.token) ? sha256(viewer.token) : DUMMY_HASH;
  const tokenMatches =
    stored.length === given.length &&
    timingSafeEqual(stored, given) &&
    Boolean(row?.view_token_hash && viewer.token);
  const isOwner = Boolean(row?.user_id && viewer.userId && row.user_id === viewer.userId);
  return row && (tokenMatches || isOwner) ? row.id : null;
}

export interface TimelineEntry {
  status: OrderStatus;
  /** ISO time. */
  at: string;
  /** The restaurant's reason, for a cancellation. */
  reason: string | null;
}

/** What changes while the page is open: sent whole on every (re)connect and every change. */
export interface OrderLiveState {
  code: string;
  status: OrderStatus;
  fulfilment: Fulfilment | null;
  timeline: TimelineEntry[];
  /** The id of the last status change: the live event's id. */
  eventId: number;
}

export interface OrderPageLine {
  menu_item_id: string | null;
  nama: string;
  harga: number;
  jumlah: number;
  level: number | null;
  catatan: string;
  subtotal: number;
}

export interface OrderPageData extends OrderLiveState {
  customer_name: string | null;
  customer_phone: string | null;
  address: string | null;
  landmark: string | null;
  table_number: string | null;
  scheduled_for: string | null;
  created_at: string;
  total: number;
  outside_hours: boolean;
  lines: OrderPageLine[];
}

/** The order's status changes, oldest first, and the id of the last one. */
async function timelineOf(
  db: Database,
  orderId: number,
): Promise<{ timeline: TimelineEntry[]; eventId: number }> {
  const events = await db
    .select({
      id: orderEvents.id,
      status: orderEvents.status,
      reason: orderEvents.reason,
      at: orderEvents.created_at,
    })
    .from(orderEvents)
    .where(eq(orderEvents.order_id, orderId))
    .orderBy(asc(orderEvents.id));
  return {
    timeline: events.map((event) => ({
      status: event.status,
      at: event.at.toISOString(),
      reason: event.reason,
    })),
    eventId: events.at(-1)?.id ?? 0,
  };
}

/** The live part of an order; null when it no longer exists. */
export async function loadLiveState(db: Database, orderId: number): Promise<OrderLiveState | null> {
  const [row] = await db
    .select({ code: orders.code, status: orders.status, fulfilment: orders.fulfilment })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  return { ...row, ...(await timelineOf(db, orderId)) };
}

/** Everything the order page shows. */
export async function loadOrderPage(db: Database, orderId: number): Promise<OrderPageData | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) return null;
  const [lines, live] = await Promise.all([
    db
      .select({
        menu_item_id: orderItems.menu_item_id,
        nama: orderItems.nama,
        harga: orderItems.harga,
        jumlah: orderItems.jumlah,
        level: orderItems.level,
        catatan: orderItems.catatan,
        subtotal: orderItems.subtotal,
      })
      .from(orderItems)
      .where(eq(orderItems.order_id, orderId))
      .orderBy(asc(orderItems.id)),
    loadLiveState(db, orderId),
  ]);
  if (!live) return null;
  return {
    ...live,
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    address: row.address,
    landmark: row.landmark,
    table_number: row.table_number,
    scheduled_for: row.scheduled_for?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    total: row.total,
    outside_hours: row.outside_hours,
    lines,
  };
}
