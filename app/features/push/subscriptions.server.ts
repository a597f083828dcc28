// Admins' Web Push devices (0036, 0048): an admin changes only their own; endpoints must be a push
// service's, keys a point on P-256; at most 10 an admin, counted under a lock on their account row.
import { createHash, ECDH } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../database/client.server.ts";
import { pushSubscriptions, users } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { refuse, written, type Refusal, type WriteResult } from "../../lib/write-result.ts";
import { deviceName } from "./device-name.ts";
import { ENDPOINT_MESSAGES, endpointProblem } from "./push-endpoint.server.ts";

export const MAX_DEVICES_PER_ADMIN = 10;
export const INVALID_SUBSCRIPTION =
  "Langganan push dari browser ini tidak valid. Muat ulang halaman lalu coba lagi.";

/** A point on P-256: web-push would otherwise fail at the first push (the test push a 500). */
function onP256(key: Buffer): boolean {
  try {
    ECDH.convertKey(key, "prime256v1");
    return true;
  } catch {
    return false;
  }
}

const base64urlOf = (bytes: number, check: (decoded: Buffer) => boolean = () => true) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => {
      const decoded = Buffer.from(value, "base64url");
      return decoded.length === bytes && check(decoded);
    });

export const PushSubscriptionSchema = z.object({
  endpoint: z.string().max(2000),
  p256dh: base64urlOf(65, (key) => key[0] === 4 && onP256(key)),
  auth: base64urlOf(16),
});

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const pushTargetColumns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

export type SubscribeResult =
  | WriteResult<{ id: number }>
  | Refusal
  // 503: the endpoint's host could not be checked now (DNS away).
  | { ok: false; status: 503; message: string };

export async function savePushSubscription(
  db: Database,
  adminId: string,
  input: unknown,
  userAgent: string | null,
): Promise<SubscribeResult> {
  const parsed = PushSubscriptionSchema.safeParse(input);
  if (!parsed.success) return refuse(400, INVALID_SUBSCRIPTION);
  const problem = await endpointProblem(parsed.data.endpoint);
  if (problem === "form") return refuse(400, INVALID_SUBSCRIPTION);
  if (problem === "unchecked") return { ok: false, status: 503, message: ENDPOINT_MESSAGES.unchecked };
  if (problem) return refuse(400, ENDPOINT_MESSAGES[problem]);
  const values = { ...parsed.data, user_id: adminId, device: deviceName(userAgent) };
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, adminId)).for("no key update");
    const [row] = await tx
      .insert(pushSubscriptions)
      // On the store's clock, as orders are: planPushes sends a device the orders placed after it.
      .values({ ...values, created_at: storeDate() })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, updated_at: new Date() },
      })
      .returning({ id: pushSubscriptions.id });
    const devices = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, adminId))
      .orderBy(asc(pushSubscriptions.updated_at), asc(pushSubscriptions.id));
    const extra = devices
      .slice(0, Math.max(0, devices.length - MAX_DEVICES_PER_ADMIN))
      .map((device) => device.id);
    if (extra.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
    return row!.id;
  });
  return written({ id });
}

export async function removePushSubscription(
  db: Database,
  adminId: string,
  endpoint: string,
): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, adminId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function findAdminDevice(
  db: Database,
  adminId: string,
  endpoint: string,
): Promise<PushTarget | null> {
  const [row] = await db
    .select(pushTargetColumns)
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, adminId), eq(pushSubscriptions.endpoint, endpoint)));
  return row ?? null;
}

export async function forgetSubscription(db: Database, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

// Lets the page tell whether this browser is known without handing out other devices' endpoints.
export const endpointHash = (endpoint: string) => createHash("sha256").update(endpoint).digest("hex");

export interface PushDevice {
  device: string;
  since: Date;
  endpointHash: string;
}

export async function listPushDevices(db: Database, adminId: string): Promise<PushDevice[]> {
  const rows = await db
    .select({
      device: pushSubscriptions.device,
      since: pushSubscriptions.created_at,
      endpoint: pushSubscriptions.endpoint,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, adminId))
    .orderBy(asc(pushSubscriptions.created_at), asc(pushSubscriptions.id));
  return rows.map((row) => ({
    device: row.device,
    since: row.since,
    endpointHash: endpointHash(row.endpoint),
  }));
}
