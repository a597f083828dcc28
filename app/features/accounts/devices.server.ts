// Paired devices (0058): the owner makes a 6-digit code (HMAC kept, 10 minutes, one use); the device that
// types it becomes a user of provider `perangkat` with the code's name and role, until it is revoked.
import { createHmac, randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lte, max } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { devicePairings, sessions, users } from "../../../database/schema.ts";
import { deriveKey } from "../../lib/server-secret.server.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { ROLE_LABELS } from "./access.ts";
import { STAFF_EMAIL_DOMAIN } from "./email-rules.ts";
import { DEVICE_MESSAGES, PAIRING_CODE_LENGTH, PAIRING_MINUTES, type DeviceRole } from "./staff-rules.ts";
import { removeStaff, type StaffResult } from "./staff.server.ts";
import { isUniqueViolation, newUserId } from "./users.server.ts";

const hashCode = async (code: string) =>
  createHmac("sha256", await deriveKey("device-pairing"))
    .update(code)
    .digest("hex");

const newCode = () => String(randomInt(0, 10 ** PAIRING_CODE_LENGTH)).padStart(PAIRING_CODE_LENGTH, "0");

export async function createPairing(
  db: Database,
  actor: Actor,
  input: { nama: string; role: DeviceRole },
): Promise<StaffResult<{ code: string; expiresAt: Date }>> {
  // Codes nobody typed in time stop taking up values.
  await db
    .delete(devicePairings)
    .where(and(isNull(devicePairings.used_at), lte(devicePairings.expires_at, new Date())));
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newCode();
    const expiresAt = new Date(Date.now() + PAIRING_MINUTES * 60 * 1000);
    try {
      await db.transaction(async (tx) => {
        await tx.insert(devicePairings).values({
          code_hash: await hashCode(code),
          nama: input.nama,
          role: input.role,
          created_by: actor.id,
          expires_at: expiresAt,
        });
        await writeAudit(tx, actor, {
          action: "buat",
          entity: "perangkat",
          summary: `Kode pasang untuk ${input.nama} (${ROLE_LABELS[input.role]}) dibuat`,
          details: { role: input.role },
        });
      });
      return { ok: true, code, expiresAt };
    } catch (error) {
      // The same six digits are live for another device: draw again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { ok: false, status: 409, message: DEVICE_MESSAGES.busy };
}

/** The code is claimed by the statement that checks it: a replay, or a second tablet, finds nothing. */
export async function redeemPairingCode(
  db: Database,
  code: string,
): Promise<{ ok: true; device: { id: string; email: string; role: DeviceRole } } | { ok: false }> {
  const codeHash = await hashCode(code);
  return db.transaction(async (tx) => {
    const [pairing] = await tx
      .update(devicePairings)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(devicePairings.code_hash, codeHash),
          isNull(devicePairings.used_at),
          gt(devicePairings.expires_at, new Date()),
        ),
      )
      .returning();
    if (!pairing) return { ok: false as const };
    const id = newUserId();
    const email = `perangkat.${id.toLowerCase()}@${STAFF_EMAIL_DOMAIN}`;
    await tx
      .insert(users)
      .values({ id, nama: pairing.nama, email, provider: "perangkat", role: pairing.role });
    await tx.update(devicePairings).set({ device_id: id }).where(eq(devicePairings.id, pairing.id));
    const [owner] = pairing.created_by
      ? await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.id, pairing.created_by))
      : [];
    if (owner) {
      await writeAudit(tx, owner, {
        action: "buat",
        entity: "perangkat",
        entityId: id,
        summary: `Perangkat ${pairing.nama} (${ROLE_LABELS[pairing.role]}) dipasangkan`,
        details: { role: pairing.role },
      });
    }
    return { ok: true as const, device: { id, email, role: pairing.role } };
  });
}

export async function listDevices(db: Database) {
  const [devices, pending] = await Promise.all([
    db
      .select({
        id: users.id,
        nama: users.nama,
        role: users.role,
        created_at: users.created_at,
        lastSeen: max(sessions.last_seen_at),
      })
      .from(users)
      .leftJoin(sessions, eq(sessions.user_id, users.id))
      .where(eq(users.provider, "perangkat"))
      .groupBy(users.id)
      .orderBy(asc(users.nama), asc(users.id)),
    db
      .select({
        id: devicePairings.id,
        nama: devicePairings.nama,
        role: devicePairings.role,
        expiresAt: devicePairings.expires_at,
      })
      .from(devicePairings)
      .where(and(isNull(devicePairings.used_at), gt(devicePairings.expires_at, new Date())))
      .orderBy(desc(devicePairings.created_at)),
  ]);
  return {
    devices: devices.map((row) => ({ ...row, lastSeen: row.lastSeen ? new Date(row.lastSeen) : null })),
    pending,
  };
}

export async function revokeDevice(db: Database, actor: Actor, deviceId: string): Promise<StaffResult> {
  const result = await removeStaff(db, actor, deviceId, "perangkat");
  return !result.ok && result.status === 404 ? { ...result, message: DEVICE_MESSAGES.notFound } : result;
}
