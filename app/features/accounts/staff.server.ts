// Staff accounts (0058): the owner adds a person with an internal login and a one-time invitation link,
// changes or removes roles; every change is audited and ends the person's access (end-access.server.ts).
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, like, max, ne, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { sessions, staffInvitations, users } from "../../../database/schema.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { ROLE_LABELS, type StaffRole } from "./access.ts";
import { STAFF_EMAIL_DOMAIN } from "./email-rules.ts";
import { endAccess } from "./end-access.server.ts";
import { hashPassword } from "./password.server.ts";
import { DEVICE_ROLES, INVITATION_HOURS, STAFF_MESSAGES, type NEW_STAFF_ROLES } from "./staff-rules.ts";
import { isUniqueViolation, newUserId } from "./users.server.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type StaffResult<Done extends object = object> =
  ({ ok: true } & Done) | { ok: false; status: 400 | 403 | 404 | 409; message: string };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const isInternalLogin = (email: string) => email.endsWith(`@${STAFF_EMAIL_DOMAIN}`);

const STAFF_COLUMNS = {
  id: users.id,
  nama: users.nama,
  email: users.email,
  role: users.role,
  provider: users.provider,
};

export async function listStaff(db: Database) {
  const rows = await db
    .select({
      ...STAFF_COLUMNS,
      hasPassword: sql<boolean>`${users.password_hash} is not null`,
      lastSeen: max(sessions.last_seen_at),
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.user_id, users.id))
    .where(ne(users.role, "customer"))
    .groupBy(users.id)
    .orderBy(asc(users.nama), asc(users.id));
  return rows.map((row) => ({
    ...row,
    role: row.role as StaffRole,
    kind: row.provider === "perangkat" ? ("perangkat" as const) : ("orang" as const),
    lastSeen: row.lastSeen ? new Date(row.lastSeen) : null,
  }));
}

/** `Budi Santoso` → `budi.santoso`; letters outside a–z are dropped. */
export function loginSlug(nama: string): string {
  const slug = nama
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.+|\.+$/g, "")
    .slice(0, 30)
    .replace(/\.+$/, "");
  return slug || "staf";
}

async function freeLogin(db: Pick<Database, "select">, nama: string): Promise<string> {
  const slug = loginSlug(nama);
  const taken = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(like(users.email, `${slug}%@${STAFF_EMAIL_DOMAIN}`))
    ).map((row) => row.email),
  );
  for (let n = 1; ; n++) {
    const email = `${n === 1 ? slug : `${slug}${n}`}@${STAFF_EMAIL_DOMAIN}`;
    if (!taken.has(email)) return email;
  }
}

/** A new link replaces the person's unused ones; the token itself is shown once and never stored. */
async function newInvitation(tx: Transaction, actorId: string, userId: string) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 60 * 60 * 1000);
  await tx
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.user_id, userId), isNull(staffInvitations.used_at)));
  await tx
    .insert(staffInvitations)
    .values({ token_hash: hashToken(token), user_id: userId, created_by: actorId, expires_at: expiresAt });
  return { token, expiresAt };
}

export interface Invitation {
  token: string;
  expiresAt: Date;
  nama: string;
  login: string;
}

export async function addStaff(
  db: Database,
  actor: Actor,
  input: { nama: string; role: (typeof NEW_STAFF_ROLES)[number] },
  attempt = 0,
): Promise<StaffResult<{ invitation: Invitation }>> {
  const email = await freeLogin(db, input.nama);
  const id = newUserId();
  try {
    const invitation = await db.transaction(async (tx) => {
      await tx.insert(users).values({ id, nama: input.nama, email, provider: "password", role: input.role });
      await writeAudit(tx, actor, {
        action: "buat",
        entity: "staf",
        entityId: id,
        summary: `${input.nama} (${email}) ditambahkan sebagai ${ROLE_LABELS[input.role]}`,
        details: { role: input.role, login: email },
      });
      return newInvitation(tx, actor.id, id);
    });
    return { ok: true, invitation: { ...invitation, nama: input.nama, login: email } };
  } catch (error) {
    // Another owner took the same login in between: pick the next one.
    if (isUniqueViolation(error) && attempt < 3) return addStaff(db, actor, input, attempt + 1);
    throw error;
  }
}

type StaffRow = { id: string; nama: string; email: string; role: string; provider: string };

/**
 * Locks every owner's row, so two owners changing each other wait and the second sees the first's change;
 * the actor must still be an owner when the lock is held.
 */
async function lockedTarget(
  tx: Transaction,
  actorId: string,
  targetId: string,
): Promise<StaffResult<{ target: StaffRow; owners: string[] }>> {
  if (!targetId) return { ok: false, status: 404, message: STAFF_MESSAGES.notFound };
  if (targetId === actorId) return { ok: false, status: 400, message: STAFF_MESSAGES.self };
  const owners = (
    await tx.select({ id: users.id }).from(users).where(eq(users.role, "pemilik")).for("update")
  ).map((row) => row.id);
  if (!owners.includes(actorId)) return { ok: false, status: 403, message: STAFF_MESSAGES.notOwner };
  const [target] = await tx
    .select(STAFF_COLUMNS)
    .from(users)
    .where(and(eq(users.id, targetId), ne(users.role, "customer")))
    .for("update");
  if (!target) return { ok: false, status: 404, message: STAFF_MESSAGES.notFound };
  return { ok: true, target, owners };
}

const lastOwner = (target: StaffRow, owners: string[]) =>
  target.role === "pemilik" && owners.filter((id) => id !== target.id).length === 0;

export async function changeStaffRole(
  db: Database,
  actor: Actor,
  input: { userId: string; role: StaffRole },
): Promise<StaffResult> {
  const result = await db.transaction(async (tx): Promise<StaffResult> => {
    const found = await lockedTarget(tx, actor.id, input.userId);
    if (!found.ok) return found;
    const { target, owners } = found;
    if (target.provider === "perangkat" && !(DEVICE_ROLES as readonly string[]).includes(input.role)) {
      return { ok: false, status: 400, message: STAFF_MESSAGES.deviceRole };
    }
    if (input.role !== "pemilik" && lastOwner(target, owners)) {
      return { ok: false, status: 409, message: STAFF_MESSAGES.lastOwner };
    }
    if (target.role === input.role) return { ok: true };
    await tx.update(users).set({ role: input.role, updated_at: new Date() }).where(eq(users.id, target.id));
    const from = ROLE_LABELS[target.role as StaffRole];
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: target.provider === "perangkat" ? "perangkat" : "staf",
      entityId: target.id,
      summary: `Peran ${target.nama} (${target.email}) diubah dari ${from} menjadi ${ROLE_LABELS[input.role]}`,
      details: { from: target.role, to: input.role },
    });
    return { ok: true };
  });
  if (result.ok) await endAccess(db, input.userId);
  return result;
}

/** An internal login or a device goes with its row; an account with a real e-mail becomes a customer again. */
export async function removeStaff(
  db: Database,
  actor: Actor,
  userId: string,
  kind: "staf" | "perangkat" = "staf",
): Promise<StaffResult> {
  const result = await db.transaction(async (tx): Promise<StaffResult> => {
    const found = await lockedTarget(tx, actor.id, userId);
    if (!found.ok) return found;
    const { target, owners } = found;
    const isDevice = target.provider === "perangkat";
    if (kind === "perangkat" && !isDevice)
      return { ok: false, status: 404, message: STAFF_MESSAGES.notFound };
    if (lastOwner(target, owners)) return { ok: false, status: 409, message: STAFF_MESSAGES.lastOwner };
    if (isDevice || isInternalLogin(target.email)) {
      await tx.delete(users).where(eq(users.id, target.id));
    } else {
      await tx.update(users).set({ role: "customer", updated_at: new Date() }).where(eq(users.id, target.id));
    }
    await writeAudit(tx, actor, {
      action: "hapus",
      entity: isDevice ? "perangkat" : "staf",
      entityId: target.id,
      summary: isDevice
        ? `Perangkat ${target.nama} (${ROLE_LABELS[target.role as StaffRole]}) dicabut`
        : `${target.nama} (${target.email}) tidak lagi staf (sebelumnya ${ROLE_LABELS[target.role as StaffRole]})`,
      details: { role: target.role },
    });
    return { ok: true };
  });
  if (result.ok) await endAccess(db, userId);
  return result;
}

/** A fresh link for a person who has not set a password yet or forgot it; Google accounts need none. */
export async function reinvite(
  db: Database,
  actor: Actor,
  userId: string,
): Promise<StaffResult<{ invitation: Invitation }>> {
  return db.transaction(async (tx) => {
    const found = await lockedTarget(tx, actor.id, userId);
    if (!found.ok) return found;
    const { target } = found;
    if (target.provider !== "password")
      return { ok: false, status: 400, message: STAFF_MESSAGES.noInvitation };
    const invitation = await newInvitation(tx, actor.id, target.id);
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "staf",
      entityId: target.id,
      summary: `Tautan undangan baru untuk ${target.nama} (${target.email})`,
    });
    return { ok: true, invitation: { ...invitation, nama: target.nama, login: target.email } };
  });
}

type InvitationState =
  | { ok: true; user: { id: string; nama: string; email: string; role: StaffRole } }
  | { ok: false; status: 404 | 410; reason: "unknown" | "used" | "expired" };

export async function findInvitation(db: Pick<Database, "select">, token: string): Promise<InvitationState> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return { ok: false, status: 404, reason: "unknown" };
  const [row] = await db
    .select({
      id: users.id,
      nama: users.nama,
      email: users.email,
      role: users.role,
      usedAt: staffInvitations.used_at,
      expiresAt: staffInvitations.expires_at,
    })
    .from(staffInvitations)
    .innerJoin(users, eq(users.id, staffInvitations.user_id))
    .where(eq(staffInvitations.token_hash, hashToken(token)))
    .limit(1);
  if (!row || row.role === "customer") return { ok: false, status: 404, reason: "unknown" };
  if (row.usedAt) return { ok: false, status: 410, reason: "used" };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, status: 410, reason: "expired" };
  return { ok: true, user: { id: row.id, nama: row.nama, email: row.email, role: row.role as StaffRole } };
}

/** Used once: the row is claimed in the same statement that checks it, so two tabs cannot both use it. */
export async function acceptInvitation(
  db: Database,
  token: string,
  password: string,
): Promise<InvitationState> {
  const state = await findInvitation(db, token);
  if (!state.ok) return state;
  const passwordHash = await hashPassword(password);
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(staffInvitations.token_hash, hashToken(token)),
          isNull(staffInvitations.used_at),
          gt(staffInvitations.expires_at, new Date()),
        ),
      )
      .returning({ userId: staffInvitations.user_id });
    if (!row) return false;
    await tx
      .update(users)
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where(and(eq(users.id, row.userId), ne(users.role, "customer")));
    return true;
  });
  if (!claimed) return findInvitation(db, token);
  // Sessions started with the old password end: a new link doubles as a reset.
  await endAccess(db, state.user.id);
  return state;
}
