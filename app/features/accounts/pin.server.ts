// The PIN for risky taps (0059): a pemilik's or admin's PIN hashed like a password, checked against every
// manager's; the 6th wrong one in 15 minutes locks PIN entry for that device (its user) for 15 minutes.
import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { rateLimits, users } from "../../../database/schema.ts";
import { clockTime } from "../../lib/dates.ts";
import { clear, hit, peek } from "../../lib/rate-limit.server.ts";
import { writeAudit, type Actor, type PinApprover } from "../audit/audit-log.server.ts";
import type { SessionUser } from "./auth.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { checkNewPin, needsPin, PIN_FIELD, PIN_MESSAGES, PIN_MINUTES, PIN_WRONG_LIMIT } from "./pin-rules.ts";

const WINDOW_MS = PIN_MINUTES * 60 * 1000;
const wrongKey = (userId: string) => `pin-salah:${userId}`;
const lockKey = (userId: string) => `pin-kunci:${userId}`;

type Refused = { ok: false; status: 400 | 403 | 404 | 429; message: string };

export async function setOwnPin(
  db: Database,
  user: Actor,
  input: { pin: unknown; again: unknown },
): Promise<{ ok: true; message: string } | Refused> {
  const pin = typeof input.pin === "string" ? input.pin.trim() : "";
  const again = typeof input.again === "string" ? input.again.trim() : "";
  const problem = checkNewPin(pin, again);
  if (problem) return { ok: false, status: 400, message: problem };
  const pinHash = await hashPassword(pin);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ pin_hash: pinHash, updated_at: new Date() }).where(eq(users.id, user.id));
    await writeAudit(tx, user, { action: "ubah", entity: "staf", entityId: user.id, summary: "PIN diatur" });
  });
  return { ok: true, message: PIN_MESSAGES.saved };
}

export async function hasPin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.pin_hash)));
  return Boolean(row);
}

export async function pinLockedUntil(db: Database, userId: string): Promise<Date | null> {
  const lock = await peek(db, { key: lockKey(userId), limit: 1, windowMs: WINDOW_MS });
  return lock?.blocked ? lock.resetAt : null;
}

/** The tapper's actor for a risky write: as is when no PIN is needed, else with whose PIN it was. */
export async function approveRiskyTap(
  db: Database,
  user: SessionUser,
  form: FormData,
  timezone: string,
): Promise<{ ok: true; actor: SessionUser & { approvedBy?: PinApprover } } | Refused> {
  if (!needsPin(user)) return { ok: true, actor: user };
  const locked = await pinLockedUntil(db, user.id);
  if (locked) return { ok: false, status: 429, message: PIN_MESSAGES.locked(clockTime(locked, timezone)) };
  const pin = String(form.get(PIN_FIELD) ?? "").trim();
  if (!pin) return { ok: false, status: 403, message: PIN_MESSAGES.missing };
  if (!/^\d{4,6}$/.test(pin)) return { ok: false, status: 400, message: PIN_MESSAGES.format };
  const managers = await db
    .select({
      id: users.id,
      nama: users.nama,
      email: users.email,
      role: users.role,
      pin_hash: users.pin_hash,
    })
    .from(users)
    .where(and(inArray(users.role, ["pemilik", "admin"]), isNotNull(users.pin_hash)));
  if (managers.length === 0) return { ok: false, status: 403, message: PIN_MESSAGES.none };
  // Every hash is compared, so the time taken says nothing about whose PIN came close.
  const matches = await Promise.all(managers.map((row) => verifyPassword(pin, row.pin_hash)));
  const approver = managers.find((_, index) => matches[index]);
  if (approver) {
    const { pin_hash: _hash, ...named } = approver;
    return { ok: true, actor: { ...user, approvedBy: named } };
  }
  const wrong = await hit(db, { key: wrongKey(user.id), limit: PIN_WRONG_LIMIT, windowMs: WINDOW_MS });
  if (!wrong.blocked) return { ok: false, status: 403, message: PIN_MESSAGES.wrong };
  const lock = await hit(db, { key: lockKey(user.id), limit: 1, windowMs: WINDOW_MS });
  await clear(db, wrongKey(user.id));
  return {
    ok: false,
    status: 429,
    message: `${PIN_MESSAGES.wrong} ${PIN_MESSAGES.locked(clockTime(lock.resetAt, timezone))}`,
  };
}

/** The users among `ids` whose PIN entry is locked now, and until when. */
export async function pinLocks(db: Database, ids: string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ key: rateLimits.key, resetAt: rateLimits.reset_at })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, ids.map(lockKey)), gt(rateLimits.reset_at, new Date())));
  return new Map(rows.map((row) => [row.key.slice(lockKey("").length), row.resetAt]));
}

export const formatPinLock = clockTime;

export async function liftPinLock(
  db: Database,
  owner: Actor,
  userId: string,
): Promise<{ ok: true; message: string } | Refused> {
  const [staff] = await db
    .select({ id: users.id, nama: users.nama, provider: users.provider })
    .from(users)
    .where(eq(users.id, userId));
  if (!staff || !(await pinLockedUntil(db, staff.id)))
    return { ok: false, status: 404, message: PIN_MESSAGES.notLocked };
  await db.transaction(async (tx) => {
    await clear(tx, lockKey(staff.id));
    await clear(tx, wrongKey(staff.id));
    await writeAudit(tx, owner, {
      action: "ubah",
      entity: staff.provider === "perangkat" ? "perangkat" : "staf",
      entityId: staff.id,
      summary: `Kunci PIN ${staff.nama} dibuka`,
    });
  });
  return { ok: true, message: PIN_MESSAGES.lifted(staff.nama) };
}
