// The owner's proof without Google (0050): while an ADMIN_EMAILS address has no admin, each start logs a
// one-time code (only its SHA-256 is stored); using it ends any other password and session of the account.
import { createHash, randomInt } from "node:crypto";
import { and, eq, gt, inArray, like, lt } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { serverSecrets, sessions, users } from "../../../database/schema.ts";
import { getEnv } from "../../lib/env.server.ts";
import { isAdminEmail, type AccountSummary } from "./admin-proof.server.ts";
import { forgetUserSessions } from "./auth.server.ts";
import { NAME_MAX } from "./auth-rules.ts";
import { normalizeEmail } from "./email-rules.ts";
import { hashPassword } from "./password.server.ts";
import { isUniqueViolation, newUserId, notifyAdminsOfNewUser, summaryColumns } from "./users.server.ts";

const CODE_PREFIX = "admin-code:";
const CODE_LIFE_MS = 24 * 60 * 60 * 1000;
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

const codeName = (code: string) =>
  `${CODE_PREFIX}${createHash("sha256").update(code.toUpperCase().replace(/[\s-]/g, "")).digest("hex")}`;

async function unprovenAdminEmails(db: Database, adminEmails: string[]): Promise<string[]> {
  const listed = [...new Set(adminEmails.map(normalizeEmail))];
  if (listed.length === 0) return [];
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, listed), eq(users.role, "pemilik")));
  return listed.filter((email) => !admins.some((admin) => admin.email === email));
}

export async function announceAdminCode(
  db: Database,
  log: (line: string) => void = console.log,
  adminEmails = getEnv().ADMIN_EMAILS,
): Promise<string | null> {
  await db
    .delete(serverSecrets)
    .where(
      and(
        like(serverSecrets.name, `${CODE_PREFIX}%`),
        lt(serverSecrets.created_at, new Date(Date.now() - CODE_LIFE_MS)),
      ),
    );
  const waiting = await unprovenAdminEmails(db, adminEmails);
  if (waiting.length === 0) return null;
  const raw = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
  const code = raw.match(/.{4}/g)!.join("-");
  await db.insert(serverSecrets).values({ name: codeName(code), value: "" });
  log(
    `Kode admin sekali pakai untuk ${waiting.join(", ")}: ${code} — buka /kode-admin dalam 24 jam. ` +
      "Jangan bagikan kode ini.",
  );
  return code;
}

type ClaimResult = { ok: true; user: AccountSummary } | { ok: false; reason: "code" | "already-admin" };

export async function claimAdminWithCode(
  db: Database,
  input: { email: string; code: string; password: string },
  attempt = 0,
): Promise<ClaimResult> {
  const email = normalizeEmail(input.email);
  if (!isAdminEmail(email)) return { ok: false, reason: "code" };
  const [existing] = await db.select(summaryColumns).from(users).where(eq(users.email, email)).limit(1);
  if (existing?.role === "pemilik") return { ok: false, reason: "already-admin" };
  const passwordHash = await hashPassword(input.password);
  const claim = db.transaction(async (tx) => {
    const [used] = await tx
      .delete(serverSecrets)
      .where(
        and(
          eq(serverSecrets.name, codeName(input.code)),
          gt(serverSecrets.created_at, new Date(Date.now() - CODE_LIFE_MS)),
        ),
      )
      .returning({ name: serverSecrets.name });
    if (!used) return null;
    const set = { password_hash: passwordHash, provider: "password" as const, role: "pemilik" as const };
    const [updated] = await tx
      .update(users)
      .set({ ...set, updated_at: new Date() })
      .where(eq(users.email, email))
      .returning(summaryColumns);
    if (updated) {
      await tx.delete(sessions).where(eq(sessions.user_id, updated.id));
      return updated;
    }
    const user = {
      id: newUserId(),
      nama: email.split("@")[0]!.slice(0, NAME_MAX),
      email,
      role: "pemilik" as const,
    };
    await tx.insert(users).values({ ...user, ...set });
    await notifyAdminsOfNewUser(tx, user);
    return user;
  });
  // The e-mail registered in between: the transaction (and the code's use) rolled back; again.
  const claimed = await claim.catch((error: unknown) => {
    if (attempt === 0 && isUniqueViolation(error)) return "again" as const;
    throw error;
  });
  if (claimed === "again") return claimAdminWithCode(db, input, 1);
  if (!claimed) return { ok: false, reason: "code" };
  forgetUserSessions(claimed.id);
  return { ok: true, user: claimed };
}
