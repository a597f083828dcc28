/**
 * Who gets the admin role (docs/decisions/0050-accounts-are-who-they-say.md): an ADMIN_EMAILS
 * address once its owner proved it, by a Google sign-in whose e-mail Google verified or by the
 * server's one-time code (admin-code.server.ts). A password proves nothing: no e-mail is confirmed.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { users } from "../../../database/schema.ts";
import { getEnv } from "../../lib/env.server.ts";
import { isTestMode } from "../../lib/test-mode.server.ts";
import { forgetUserSessions } from "./auth.server.ts";
import { normalizeEmail } from "./email-rules.ts";

export type Role = "customer" | "admin";

/** What the auth flows hand back: enough to start a session and greet the user. */
export interface AccountSummary {
  id: string;
  nama: string;
  email: string;
  role: Role;
}

export function isAdminEmail(email: string, adminEmails = getEnv().ADMIN_EMAILS): boolean {
  const normalized = normalizeEmail(email);
  return adminEmails.some((listed) => normalizeEmail(listed) === normalized);
}

/**
 * Test runs only: with NYALA_TEST_MODE=1 (the process's environment, never a request) a password
 * proves an address under `.test`, a top-level domain reserved for testing that no one can own
 * or receive mail at, so the suites can register their admins. Never true for a real address.
 */
export const provenByPasswordInTests = (email: string) =>
  isTestMode() && normalizeEmail(email).endsWith(".test");

/** The role a new account starts with, given whether its e-mail was proven. */
export const startingRole = (email: string, proven: boolean): Role =>
  proven && isAdminEmail(email) ? "admin" : "customer";

/** Gives the admin role to a proven ADMIN_EMAILS account (never takes it away). */
export async function promoteIfProven(
  db: Database,
  user: AccountSummary,
  proven: boolean,
): Promise<AccountSummary> {
  if (user.role === "admin" || startingRole(user.email, proven) !== "admin") return user;
  await db.update(users).set({ role: "admin", updated_at: new Date() }).where(eq(users.id, user.id));
  forgetUserSessions(user.id); // its other sessions see the role at their next page
  return { ...user, role: "admin" };
}
