/**
 * The admins' devices that receive Web Push (docs/decisions/0036-web-push.md); an admin changes
 * only their own. Endpoints must be `https://` on a named host, so the server never posts to a
 * made-up local address (only NYALA_TEST_MODE=1 allows local `http://`).
 */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../database/client.server.ts";
import { pushSubscriptions } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { refuse, written, type WriteResult } from "../../lib/write-result.ts";
import { deviceName } from "./device-name.ts";

/** A device past this many makes the admin's oldest one stop receiving. */
export const MAX_DEVICES_PER_ADMIN = 10;
export const INVALID_SUBSCRIPTION =
  "Langganan push dari browser ini tidak valid. Muat ulang halaman lalu coba lagi.";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

export function isPushEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (process.env.NYALA_TEST_MODE === "1" && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))
    return true;
  return url.protocol === "https:" && !IP_LITERAL.test(url.hostname) && url.hostname !== "localhost";
}

/** base64url of exactly `bytes` bytes (a key, a secret), as browsers give them. */
const base64urlOf = (bytes: number, check: (decoded: Buffer) => boolean = () => true) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => {
      const decoded = Buffer.from(value, "base64url");
      return decoded.length === bytes && check(decoded);
    });

export const PushSubscriptionSchema = z.object({
  endpoint: z.string().max(2000).refine(isPushEndpoint),
  /** An uncompressed P-256 point. */
  p256dh: base64urlOf(65, (key) => key[0] === 4),
  auth: base64urlOf(16),
});

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The columns a push is sent with. */
export const pushTargetColumns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/** Turns push on for this browser: a new device, or one that subscribed again (new keys). */
export async function savePushSubscription(
  db: Database,
  adminId: string,
  input: unknown,
  userAgent: string | null,
): Promise<WriteResult<{ id: number }>> {
  const parsed = PushSubscriptionSchema.safeParse(input);
  if (!parsed.success) return refuse(400, INVALID_SUBSCRIPTION);
  const values = { ...parsed.data, user_id: adminId, device: deviceName(userAgent) };
  const id = await db.transaction(async (tx) => {
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
      .orderBy(asc(pushSubscriptions.updated_at), asc(pushSubscriptions.id))
      .for("update");
    const extra = devices
      .slice(0, Math.max(0, devices.length - MAX_DEVICES_PER_ADMIN))
      .map((device) => device.id);
    if (extra.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
    return row!.id;
  });
  return written({ id });
}

/** Turns push off for one of the admin's devices; false when it is not theirs (or gone already). */
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

/** The admin's device with this endpoint, to send it a test push; null when it is not theirs. */
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

/** A push service said the subscription is gone (404, 410): nothing is sent to it again. */
export async function forgetSubscription(db: Database, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/**
 * SHA-256 (hex) of an endpoint: the settings page tells whether this browser's subscription is
 * one the server knows without the server handing out the endpoints of the admin's other devices.
 */
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
