/**
 * The order a browser may still replace: `<code>.<secret>` in an HttpOnly cookie, the secret's
 * SHA-256 stored; it counts once the secret matched and the order is still `baru` (0028).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { auditLog, orderEvents, orderPrints, orders } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import { announceOrderChange } from "../orders/live.server.ts";
import { isOrderCode } from "../orders/order-code.ts";

/** The order a checkout may replace: its code and the secret its own checkout was given. */
export interface PendingOrder {
  code: string;
  token: string;
}

/** Bytes of an order's secret (base64url: 32 characters). */
const ORDER_TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest();

/**
 * The pending order cookie: `<code>.<secret>`, for a day. For the whole site: the checkout posts
 * to /pesanan as a page and to /pesanan.data from its JavaScript, and a cookie scoped to
 * /pesanan is not sent to the second.
 */
const PENDING_ORDER_PATH = "/";
const PENDING_ORDER_SECONDS = 24 * 60 * 60;
const pendingOrderCookieName = () => cookieName("nyala_pesanan", PENDING_ORDER_PATH);

/**
 * The order this browser may replace, from its pending order cookie; null for anything else
 * (absent, malformed, a code or secret that cannot be one): a bad cookie is ignored, never refused.
 */
export function readPendingOrder(request: Request): PendingOrder | null {
  const value = readCookie(request, pendingOrderCookieName(), 200);
  const [code = "", token = "", ...rest] = value?.split(".") ?? [];
  if (rest.length > 0 || !isOrderCode(code) || !TOKEN_PATTERN.test(token)) return null;
  return { code, token };
}

/** Set-Cookie for the order just recorded: the next checkout from this browser may replace it. */
export const pendingOrderCookie = (order: PendingOrder) =>
  serializeCookie(pendingOrderCookieName(), `${order.code}.${order.token}`, {
    path: PENDING_ORDER_PATH,
    maxAge: PENDING_ORDER_SECONDS,
  });

/** Set-Cookie that forgets the pending order (the customer sent it: nothing may cancel it now). */
export const blankPendingOrderCookie = () =>
  serializeCookie(pendingOrderCookieName(), "", { path: PENDING_ORDER_PATH, maxAge: 0 });

/** A new order's secret, and the hash that is stored. */
export function newPendingToken(): { token: string; hash: string } {
  const token = randomBytes(ORDER_TOKEN_BYTES).toString("base64url");
  return { token, hash: hashToken(token).toString("hex") };
}

/** Whether `token` is the secret whose hash (hex) is `storedHash`, in constant time. */
function matches(storedHash: string, token: string): boolean {
  const expected = Buffer.from(storedHash, "hex");
  const actual = hashToken(token);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

type Reader = Pick<Database, "select">;

/** An order a checkout may replace: its secret matched, and the kitchen has not taken it up. */
export interface ReplaceableOrder {
  id: number;
  code: string;
}

/**
 * What this browser's pending order means for its next checkout: `replace` it (still `baru` and
 * untouched by the restaurant), or `follow` it (the restaurant accepted, edited, paid or printed
 * it: it stays, and the new order says it came from the same customer); null for anything else.
 */
export type PendingState =
  { kind: "replace"; order: ReplaceableOrder } | { kind: "follow"; code: string } | null;

/** Statuses of an order still on its way: a checkout after it is this customer's next order. */
const ACTIVE = new Set(["baru", "diterima", "dimasak", "siap"]);

/**
 * The state of the order `pending` names when its secret matches. With `lock` (the recording's
 * transaction) its row is held until the end, so the kitchen cannot take it up, edit, pay or
 * claim its ticket (prints.server.ts shares the lock) between this check and its cancellation.
 */
export async function pendingOrderState(
  db: Reader,
  pending: PendingOrder | null,
  { lock = false }: { lock?: boolean } = {},
): Promise<PendingState> {
  if (!pending) return null;
  // Locked first, read after: a statement that waited for the lock reads the prints as they were
  // before it waited (PostgreSQL's read committed), and would miss a claim made meanwhile.
  if (lock)
    await db.select({ id: orders.id }).from(orders).where(eq(orders.code, pending.code)).for("update");
  const [row] = await db
    .select({
      id: orders.id,
      status: orders.status,
      token_hash: orders.token_hash,
      version: orders.version,
      paid_at: orders.paid_at,
      // A ticket out of a printer, or coming out now. Written out: in a one-table select Drizzle
      // leaves columns unqualified, and "id" inside the subquery would be the print's.
      printed: sql<boolean>`exists (select 1 from ${orderPrints} p where p.order_id = "orders"."id" and (p.printed_at is not null or p.reprints > 0 or p.lease_until > now()))`,
    })
    .from(orders)
    .where(eq(orders.code, pending.code))
    .limit(1);
  if (!row?.token_hash || !matches(row.token_hash, pending.token) || !ACTIVE.has(row.status)) return null;
  const untouched = row.status === "baru" && row.version === 1 && !row.paid_at && !row.printed;
  return untouched
    ? { kind: "replace", order: { id: row.id, code: pending.code } }
    : { kind: "follow", code: pending.code };
}

/** Who the audit log names for an automatic cancellation (no admin did it). */
const REPLACEMENT_ACTOR = "otomatis";

/**
 * Cancels `replaced` (checked and locked by `replaceableOrder`) for the new order `code`, at the
 * store's time `at`; written to the audit log like an admin's status change, by "otomatis".
 */
export async function cancelReplaced(
  tx: Pick<Database, "update" | "insert">,
  replaced: ReplaceableOrder,
  code: string,
  at: Date,
): Promise<boolean> {
  const cancelled = await tx
    .update(orders)
    .set({ status: "batal", replaced_by: code, updated_at: at })
    .where(and(eq(orders.id, replaced.id), eq(orders.status, "baru")))
    .returning({ id: orders.id });
  if (cancelled.length === 0) return false;
  await tx.insert(auditLog).values({
    user_id: null,
    actor_email: REPLACEMENT_ACTOR,
    action: "status",
    entity: "pesanan",
    entity_id: replaced.code,
    summary: `Pesanan ${replaced.code}: Baru → Dibatalkan (diganti pesanan ${code})`,
    details: { from: "baru", to: "batal", replaced_by: code },
  });
  // No reason: the customer's page says they replaced it, never that the restaurant cancelled it.
  await tx.insert(orderEvents).values({ order_id: replaced.id, status: "batal", created_at: at });
  return true;
}

/**
 * The customer confirmed that the WhatsApp message of their pending order was sent: marks it so
 * (the board stops flagging it as never sent). Returns its code; null, like a bad cookie at
 * checkout, when the secret does not match.
 */
export async function confirmSent(
  db: Database,
  pending: PendingOrder | null,
): Promise<{ code: string } | null> {
  if (!pending) return null;
  const [row] = await db
    .select({ id: orders.id, token_hash: orders.token_hash, sent_at: orders.sent_at })
    .from(orders)
    .where(eq(orders.code, pending.code))
    .limit(1);
  if (!row?.token_hash) return null;
  if (!matches(row.token_hash, pending.token)) return null;
  if (!row.sent_at) {
    await db.update(orders).set({ sent_at: storeDate() }).where(eq(orders.id, row.id));
    announceOrderChange({ code: pending.code, kind: "terkirim" });
  }
  return { code: pending.code };
}
