// The account a Google identity signs in to (0004, 0050): by subject; else the one with its e-mail, joined
// only when Google verified it (ending a password set on it and its sessions); else a new, verified one.
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { sessions, users } from "../../../database/schema.ts";
import { promoteIfProven, startingRole, type AccountSummary } from "./admin-proof.server.ts";
import { forgetUserSessions } from "./auth.server.ts";
import { NAME_MAX, normalizeName } from "./auth-rules.ts";
import { isReservedEmail, normalizeEmail } from "./email-rules.ts";
import { isUniqueViolation, newUserId, notifyAdminsOfNewUser, summaryColumns } from "./users.server.ts";

export interface GoogleIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
  phoneNumber?: string;
}

type GoogleSignInResult =
  | { ok: true; user: AccountSummary; created: boolean; passwordRemoved: boolean }
  | { ok: false; reason: "no-email" | "unverified" | "unverified-new" | "linked-elsewhere" | "reserved" };

const cleanText = (value: string | undefined, max: number) => {
  const text = value?.trim();
  return text ? text.slice(0, max) : null;
};

const cleanName = (value: string | undefined) => {
  const name = Array.from(normalizeName(value ?? ""))
    .slice(0, NAME_MAX)
    .join("")
    .trim();
  return name || null;
};

const httpUrl = (value: string | undefined) =>
  value && /^https?:\/\//i.test(value) && value.length <= 2048 ? value : null;

export async function signInWithGoogle(
  db: Database,
  identity: GoogleIdentity,
  attempt = 0,
): Promise<GoogleSignInResult> {
  if (attempt > 2) throw new Error("Google sign-in kept racing with another request");
  const email = identity.email ? normalizeEmail(identity.email) : "";
  if (isReservedEmail(email)) return { ok: false, reason: "reserved" };
  const [bySubject] = await db
    .select(summaryColumns)
    .from(users)
    .where(eq(users.google_sub, identity.sub))
    .limit(1);
  if (bySubject) {
    const proven = identity.emailVerified && email === bySubject.email;
    const user = await promoteIfProven(db, bySubject, proven);
    return { ok: true, user, created: false, passwordRemoved: false };
  }

  if (!email) return { ok: false, reason: "no-email" };
  const [byEmail] = await db
    .select({ ...summaryColumns, google_sub: users.google_sub, photo_url: users.photo_url })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (byEmail) {
    if (byEmail.google_sub) return { ok: false, reason: "linked-elsewhere" };
    if (!identity.emailVerified) return { ok: false, reason: "unverified" };
    const linked = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ password_hash: users.password_hash })
        .from(users)
        .where(and(eq(users.id, byEmail.id), isNull(users.google_sub)))
        .for("update");
      if (!row) return null;
      const passwordRemoved = row.password_hash !== null;
      await tx
        .update(users)
        .set({
          google_sub: identity.sub,
          photo_url: byEmail.photo_url ?? httpUrl(identity.picture),
          ...(passwordRemoved ? { password_hash: null, provider: "google" as const } : {}),
          updated_at: new Date(),
        })
        .where(eq(users.id, byEmail.id));
      if (passwordRemoved) await tx.delete(sessions).where(eq(sessions.user_id, byEmail.id));
      return { passwordRemoved };
    });
    // Another request linked it in between: start over, which finds it by subject.
    if (!linked) return signInWithGoogle(db, identity, attempt + 1);
    if (linked.passwordRemoved) forgetUserSessions(byEmail.id);
    const { google_sub: _sub, photo_url: _photo, ...found } = byEmail;
    const user = await promoteIfProven(db, found, true);
    return { ok: true, user, created: false, passwordRemoved: linked.passwordRemoved };
  }

  if (!identity.emailVerified) return { ok: false, reason: "unverified-new" };
  const user: AccountSummary = {
    id: newUserId(),
    nama: cleanName(identity.name) ?? email.split("@")[0]!.slice(0, NAME_MAX),
    email,
    role: startingRole(email, true),
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
  return { ok: true, user, created: true, passwordRemoved: false };
}
