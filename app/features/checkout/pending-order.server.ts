// The order a browser may still replace (0028): `<code>.<secret>` in an HttpOnly cookie, only the
// secret's SHA-256 stored; it counts once the secret matched and the order is still `baru`.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { auditLog, orderEvents, orderPrints, orders } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import { announceOrderChange } from "../orders/live.server.ts";
import { isOrderCode } from "../orders/order-code.ts";

export interface PendingOrder {
  code: string;
  token: string;
}

const ORDER_TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest();

// For the whole site: a cookie of path /pesanan is not sent to /pesanan.data, where the JavaScript posts.
const PENDING_ORDER_PATH = "/";
const PENDING_ORDER_SECONDS = 24 * 60 * 60;
const pendingOrderCookieName = () => cookieName("nyala_pesanan", PENDING_ORDER_PATH);

export function readPendingOrder(request: Request): PendingOrder | null {
  const value = readCookie(request, pendingOrderCookieName(), 200);
  const [code = "", token = "", ...rest] = value?.split(".") ?? [];
  if (rest.length > 0 || !isOrderCode(code) || !TOKEN_PATTERN.test(token)) return null;
  return { code, token };
}

export const pendingOrderCookie = (order: PendingOrder) =>
  serializeCookie(pendingOrderCookieName(), `${order.code}.${order.token}`, {
    path: PENDING_ORDER_PATH,
    maxAge: PENDING_ORDER_SECONDS,
  });

export const blankPendingOrderCookie = () =>
  serializeCookie(pendingOrderCookieName(), "", { path: PENDING_ORDER_PATH, maxAge: 0 });

export function newPendingToken(): { token: string; hash: string } {
  const token = randomBytes(ORDER_TOKEN_BYTES).toString("base64url");
  return { token, hash: hashToken(token).toString("hex") };
}

function matches(storedHash: string, token: string): boolean {
  const expected = Buffer.from(storedHash, "hex");
  const actual = hashToken(token);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

type Reader = Pick<Database, "select">;

export interface ReplaceableOrder {
  id: number;
  code: string;
}

export type PendingState =
  { kind: "replace"; order: ReplaceableOrder } | { kind: "follow"; code: string } | null;

const ACTIVE = new Set(["baru", "diterima", "dimasak", "siap"]);

// With `lock` the row is held, so the kitchen cannot take it up, edit, pay or claim its ticket meanwhile.
export async function pendingOrderState(
  db: Reader,
  pending: PendingOrder | null,
  { lock = false }: { lock?: boolean } = {},
): Promise<PendingState> {
  if (!pending) return null;
  // Locked first, read after: under read committed a waiter would miss a print claimed meanwhile.
  if (lock)
    await db.select({ id: orders.id }).from(orders).where(eq(orders.code, pending.code)).for("update");
  const [row] = await db
    .select({
      id: orders.id,
      status: orders.status,
      token_hash: orders.token_hash,
      version: orders.version,
      paid_at: orders.paid_at,
      // Written out: Drizzle leaves a one-table select's columns unqualified, and "id" would be the print's.
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

const REPLACEMENT_ACTOR = "otomatis";

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
