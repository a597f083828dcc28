/**
 * Accounts: registration, password login, Google identities, admin roles. E-mails are stored
 * trimmed, lower-case and unique (the unique index decides races); `password_hash` is never
 * returned, and unknown e-mail and wrong password take the same path and time.
 */
import { forgetUserSessions } from "./auth.server.ts";
import { randomInt } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { users } from "../../../database/schema.ts";
import { notifyAdmins } from "../notifications/notifications.server.ts";
import { NAME_MAX, normalizeEmail, normalizeName } from "./auth-rules.ts";
import type { RegisterData } from "./auth-schemas.ts";
import { getEnv } from "../../lib/env.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";

export type Role = "customer" | "admin";

/** What the auth flows hand back: enough to start a session and greet the user. */
interface AccountSummary {
  id: string;
  nama: string;
  email: string;
  role: Role;
}

const summaryColumns = { id: users.id, nama: users.nama, email: users.email, role: users.role };

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A 20-character random id, the shape of the original Firestore document ids. */
export function newUserId(): string {
  let id = "";
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

function isAdminEmail(email: string, adminEmails = getEnv().ADMIN_EMAILS): boolean {
  return adminEmails.includes(normalizeEmail(email));
}

export const roleFor = (email: string, adminEmails?: string[]): Role =>
  isAdminEmail(email, adminEmails) ? "admin" : "customer";

/** True for PostgreSQL's unique_violation (23505), wherever the driver or Drizzle wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && current.code === "23505") return true;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

/** One "Pengguna baru" notification for every admin who wants it, other than the new user. */
const notifyAdminsOfNewUser = (db: Pick<Database, "execute">, user: AccountSummary) =>
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

/**
 * Creates a password account. A taken e-mail (in any letter case, also when another request
 * takes it at the same moment) is reported as `duplicate`, never thrown.
 */
export async function registerUser(db: Database, input: RegisterData): Promise<RegisterResult> {
  const email = normalizeEmail(input.email);
  // Cheap early answer for the common case; the unique index below is what guarantees it.
  if (await emailIsTaken(db, email)) return { ok: false, reason: "duplicate" };
  const passwordHash = await hashPassword(input.password);
  const user: AccountSummary = {
    id: newUserId(),
    nama: normalizeName(input.nama),
    email,
    role: roleFor(email),
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

/** Gives the admin role to an account whose e-mail is in ADMIN_EMAILS (never takes it away). */
async function promoteIfAdminEmail(db: Database, user: AccountSummary): Promise<AccountSummary> {
  if (user.role === "admin" || !isAdminEmail(user.email)) return user;
  await db.update(users).set({ role: "admin", updated_at: new Date() }).where(eq(users.id, user.id));
  forgetUserSessions(user.id); // its other sessions see the role at their next page
  return { ...user, role: "admin" };
}

/**
 * The account for this e-mail and password, or null. Unknown e-mails, Google-only accounts
 * (no password) and wrong passwords all cost one bcrypt comparison and return null.
 */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
): Promise<AccountSummary | null> {
  const [row] = await db
    .select({ ...summaryColumns, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  const matches = await verifyPassword(password, row?.password_hash ?? null);
  if (!row || !matches) return null;
  const { password_hash: _hash, ...user } = row;
  return promoteIfAdminEmail(db, user);
}

// ---------------------------------------------------------------- Google

export interface GoogleIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
  phoneNumber?: string;
}

type GoogleSignInResult =
  | { ok: true; user: AccountSummary; created: boolean }
  | { ok: false; reason: "no-email" | "unverified" | "linked-elsewhere" };

const cleanText = (value: string | undefined, max: number) => {
  const text = value?.trim();
  return text ? text.slice(0, max) : null;
};

/** The profile name Google gives, as a stored name (one line, at most NAME_MAX characters). */
const cleanName = (value: string | undefined) => {
  const name = Array.from(normalizeName(value ?? ""))
    .slice(0, NAME_MAX)
    .join("")
    .trim();
  return name || null;
};

const httpUrl = (value: string | undefined) =>
  value && /^https?:\/\//i.test(value) && value.length <= 2048 ? value : null;

/**
 * The account a Google identity signs in to: found by Google subject; else an account with the
 * same e-mail, joined only when Google says the e-mail is verified; else a new account.
 */
export async function signInWithGoogle(
  db: Database,
  identity: GoogleIdentity,
  attempt = 0,
): Promise<GoogleSignInResult> {
  if (attempt > 2) throw new Error("Google sign-in kept racing with another request");
  const [bySubject] = await db
    .select(summaryColumns)
    .from(users)
    .where(eq(users.google_sub, identity.sub))
    .limit(1);
  if (bySubject) return { ok: true, user: await promoteIfAdminEmail(db, bySubject), created: false };

  const email = identity.email ? normalizeEmail(identity.email) : "";
  if (!email) return { ok: false, reason: "no-email" };

  const [byEmail] = await db
    .select({ ...summaryColumns, google_sub: users.google_sub, photo_url: users.photo_url })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (byEmail) {
    if (byEmail.google_sub) return { ok: false, reason: "linked-elsewhere" };
    if (!identity.emailVerified) return { ok: false, reason: "unverified" };
    const linked = await db
      .update(users)
      .set({
        google_sub: identity.sub,
        photo_url: byEmail.photo_url ?? httpUrl(identity.picture),
        updated_at: new Date(),
      })
      .where(and(eq(users.id, byEmail.id), isNull(users.google_sub)))
      .returning({ id: users.id });
    // Another request linked it in between: start over, which finds it by subject.
    if (linked.length === 0) return signInWithGoogle(db, identity, attempt + 1);
    const { google_sub: _sub, photo_url: _photo, ...user } = byEmail;
    return { ok: true, user: await promoteIfAdminEmail(db, user), created: false };
  }

  const user: AccountSummary = {
    id: newUserId(),
    nama: cleanName(identity.name) ?? email.split("@")[0]!.slice(0, NAME_MAX),
    email,
    role: roleFor(email),
  };
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        ...user,
        photo_url: httpUrl(identity.picture),
        phone_number: cleanText(identity.phoneNumber, 32),
        provider: "google",
        google_sub: identity.sub,
      });
      await notifyAdminsOfNewUser(tx, user);
    });
  } catch (error) {
    // The same person signing in twice at once, or the e-mail registered meanwhile: decide again.
    if (isUniqueViolation(error)) return signInWithGoogle(db, identity, attempt + 1);
    throw error;
  }
  return { ok: true, user, created: true };
}
