// User list, dashboard figures, roles and account deletion (0005, 0056). Nothing here selects
// `password_hash`; nobody deletes or demotes themselves, and the last owner stays an owner.
import { isRole, ROLE_LABELS, type Role } from "../accounts/access.ts";
import { endAccess } from "../accounts/end-access.server.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { and, count, desc, eq, gte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { users } from "../../../database/schema.ts";
import { normalizeUserQuery } from "./users.ts";

const USERS_PAGE_SIZE = 20;
/** Counting stops here: "lebih dari 1.000" is as useful as the exact figure and far cheaper. */
export const USER_COUNT_CAP = 1_000;

interface UserRow {
  id: string;
  nama: string;
  email: string;
  provider: "password" | "google" | "perangkat";
  role: Role;
  created_at: Date;
}

interface UserPage {
  users: UserRow[];
  query: string;
  page: number;
  pageSize: number;
  total: number;
  totalCapped: boolean;
  /** null when there are more than USER_COUNT_CAP matches. */
  pageCount: number | null;
  hasNext: boolean;
}

/** `%text%` for LIKE, the text's own `%`, `_` and `\` taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function searchCondition(query: string): SQL | undefined {
  if (!query) return undefined;
  const pattern = containsPattern(query.toLowerCase());
  return or(sql`lower(${users.nama}) like ${pattern}`, sql`${users.email} like ${pattern}`);
}

const rowColumns = {
  id: users.id,
  nama: users.nama,
  email: users.email,
  provider: users.provider,
  role: users.role,
  created_at: users.created_at,
};

// Pages past the count's cap stay reachable: a page asks for one row more to know whether a next one exists.
export async function listUsers(
  db: Database,
  options: { query?: string; page?: number; pageSize?: number } = {},
): Promise<UserPage> {
  const query = normalizeUserQuery(options.query);
  const pageSize = options.pageSize ?? USERS_PAGE_SIZE;
  const where = searchCondition(query);
  const counted = db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(USER_COUNT_CAP + 1)
    .as("counted");
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(counted);
  const totalCapped = total > USER_COUNT_CAP;
  const pageCount = totalCapped ? null : Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(options.page ?? 1, pageCount ?? Number.MAX_SAFE_INTEGER);
  const rows = await db
    .select(rowColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.created_at), desc(users.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    users: rows.slice(0, pageSize),
    query,
    page,
    pageSize,
    total: Math.min(total, USER_COUNT_CAP),
    totalCapped,
    pageCount,
    hasNext: rows.length > pageSize,
  };
}

interface UserStats {
  total: number;
  newLast7Days: number;
  admins: number;
  byProvider: { password: number; google: number };
}

export async function userStats(db: Database, now = new Date()): Promise<UserStats> {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({
      total: count(),
      newLast7Days: sql<number>`count(*) filter (where ${gte(users.created_at, weekAgo)})`.mapWith(Number),
      admins: sql<number>`count(*) filter (where ${ne(users.role, "customer")})`.mapWith(Number),
      google: sql<number>`count(*) filter (where ${eq(users.provider, "google")})`.mapWith(Number),
    })
    .from(users);
  const total = row?.total ?? 0;
  const google = row?.google ?? 0;
  return {
    total,
    newLast7Days: row?.newLast7Days ?? 0,
    admins: row?.admins ?? 0,
    byProvider: { password: total - google, google },
  };
}

export async function newestUsers(db: Database, limit = 5): Promise<UserRow[]> {
  return db.select(rowColumns).from(users).orderBy(desc(users.created_at), desc(users.id)).limit(limit);
}

export const DELETE_USER_MESSAGES = {
  emptyId: "User ID tidak boleh kosong",
  self: "Anda tidak bisa menghapus akun Anda sendiri.",
  lastAdmin: "Pemilik terakhir tidak bisa dihapus. Jadikan pengguna lain pemilik terlebih dahulu.",
  failed: "Terjadi kesalahan saat menghapus pengguna.",
  notFound: "Pengguna tidak ditemukan atau sudah dihapus.",
} as const;

type DeleteUserResult =
  | { ok: true; deleted: { id: string; nama: string } }
  | { ok: false; status: 400 | 404 | 409; message: string };

// Sessions and notifications go with the row (ON DELETE CASCADE); every server forgets its sessions at once.
export async function deleteUser(db: Database, actorId: string, targetId: string): Promise<DeleteUserResult> {
  const id = targetId.trim();
  if (!id) return { ok: false, status: 400, message: DELETE_USER_MESSAGES.emptyId };
  if (id === actorId) return { ok: false, status: 400, message: DELETE_USER_MESSAGES.self };
  const result = await db.transaction(async (tx): Promise<DeleteUserResult> => {
    const owners = await lockOwners(tx);
    const [target] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
    if (!target) return { ok: false, status: 404, message: DELETE_USER_MESSAGES.notFound };
    if (target.role === "pemilik" && owners.filter((owner) => owner.id !== id).length === 0) {
      return { ok: false, status: 409, message: DELETE_USER_MESSAGES.lastAdmin };
    }
    const [deleted] = await tx
      .delete(users)
      .where(and(eq(users.id, id), ne(users.id, actorId)))
      .returning({ id: users.id, nama: users.nama });
    if (!deleted) return { ok: false, status: 404, message: DELETE_USER_MESSAGES.notFound };
    return { ok: true, deleted };
  });
  // Committed: no app server may still hold on to the sessions or the streams.
  if (result.ok) await endAccess(db, result.deleted.id);
  return result;
}

// Lock every owner row: two owners demoting or deleting each other wait, and the second sees one left.
const lockOwners = (tx: Pick<Database, "select">) =>
  tx.select({ id: users.id }).from(users).where(eq(users.role, "pemilik")).for("update");

export const ROLE_MESSAGES = {
  role: "Pilih peran: pemilik, admin, kasir, dapur, atau pelanggan.",
  self: "Anda tidak bisa mengubah peran akun Anda sendiri.",
  lastOwner: "Pemilik terakhir tidak bisa diturunkan. Jadikan pengguna lain pemilik terlebih dahulu.",
  notFound: DELETE_USER_MESSAGES.notFound,
  same: "Peran pengguna ini sudah itu.",
} as const;

type RoleChangeResult =
  | { ok: true; user: { id: string; nama: string }; from: Role; to: Role }
  | { ok: false; status: 400 | 404 | 409; message: string };

/** The change ends the person's sessions and open streams on every server (end-access.server.ts). */
export async function changeUserRole(
  db: Database,
  actor: Actor,
  targetId: string,
  role: unknown,
): Promise<RoleChangeResult> {
  const id = targetId.trim();
  if (!isRole(role)) return { ok: false, status: 400, message: ROLE_MESSAGES.role };
  if (!id) return { ok: false, status: 400, message: DELETE_USER_MESSAGES.emptyId };
  if (id === actor.id) return { ok: false, status: 400, message: ROLE_MESSAGES.self };
  const result = await db.transaction(async (tx): Promise<RoleChangeResult> => {
    const owners = await lockOwners(tx);
    const [target] = await tx
      .select({ id: users.id, nama: users.nama, role: users.role })
      .from(users)
      .where(eq(users.id, id))
      .for("update");
    if (!target) return { ok: false, status: 404, message: ROLE_MESSAGES.notFound };
    if (target.role === role) return { ok: false, status: 409, message: ROLE_MESSAGES.same };
    if (target.role === "pemilik" && owners.filter((owner) => owner.id !== id).length === 0) {
      return { ok: false, status: 409, message: ROLE_MESSAGES.lastOwner };
    }
    await tx.update(users).set({ role, updated_at: new Date() }).where(eq(users.id, id));
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "pengguna",
      entityId: id,
      summary: `Peran ${target.nama}: ${ROLE_LABELS[target.role]} → ${ROLE_LABELS[role]}`,
      details: { dari: target.role, ke: role },
    });
    return { ok: true, user: { id, nama: target.nama }, from: target.role, to: role };
  });
  if (result.ok) await endAccess(db, id);
  return result;
}
