// Accounts: registration and password login. E-mails are stored normalised and unique (the unique index
// decides races); `password_hash` is never returned; unknown e-mail and wrong password cost the same.
import { randomInt } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { users } from "../../../database/schema.ts";
import { notifyAdmins } from "../notifications/notifications.server.ts";
import {
  promoteIfProven,
  provenByPasswordInTests,
  startingRole,
  type AccountSummary,
} from "./admin-proof.server.ts";
import { normalizeName } from "./auth-rules.ts";
import { normalizeEmail } from "./email-rules.ts";
import type { RegisterData } from "./auth-schemas.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";

export const summaryColumns = { id: users.id, nama: users.nama, email: users.email, role: users.role };

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

// The shape of the original Firestore document ids.
export function newUserId(): string {
  let id = "";
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && current.code === "23505") return true;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

export const notifyAdminsOfNewUser = (db: Pick<Database, "execute">, user: AccountSummary) =>
  notifyAdmins(
    db,
    "penggunaBaru",
    { judul: "Pengguna baru", pesan: `${user.nama} (${user.email}) baru saja mendaftar.` },
    user.id,
  );

type RegisterResult = { ok: true; user: AccountSummary } | { ok: false; reason: "duplicate" };

async function emailIsTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return Boolean(row);
}

export async function registerUser(db: Database, input: RegisterData): Promise<RegisterResult> {
  const email = normalizeEmail(input.email);
  if (await emailIsTaken(db, email)) return { ok: false, reason: "duplicate" };
  const passwordHash = await hashPassword(input.password);
  const user: AccountSummary = {
    id: newUserId(),
    nama: normalizeName(input.nama),
    email,
    role: startingRole(email, provenByPasswordInTests(email)),
  };
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ ...user, password_hash: passwordHash, provider: "password" });
      await notifyAdminsOfNewUser(tx, user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
  return { ok: true, user };
}

// An account stored before e-mails were normalised is found by `legacy`, which wins: its owner types it.
export async function authenticate(
  db: Database,
  email: string,
  password: string,
  legacy = email,
): Promise<AccountSummary | null> {
  const normalized = normalizeEmail(email);
  const rows = await db
    .select({ ...summaryColumns, password_hash: users.password_hash })
    .from(users)
    .where(inArray(users.email, [...new Set([normalized, legacy])]))
    .limit(2);
  const row = rows.find((each) => each.email === legacy) ?? rows[0];
  const matches = await verifyPassword(password, row?.password_hash ?? null);
  if (!row || !matches) return null;
  const { password_hash: _hash, ...user } = row;
  return promoteIfProven(db, user, provenByPasswordInTests(user.email));
}
