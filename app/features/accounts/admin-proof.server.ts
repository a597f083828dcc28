// Who becomes an owner, `pemilik` (0050, 0056): an ADMIN_EMAILS address proven by a Google-verified e-mail or the
// server's one-time code. A password proves nothing: no e-mail is confirmed.
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { users } from "../../../database/schema.ts";
import { getEnv } from "../../lib/env.server.ts";
import { isTestMode } from "../../lib/test-mode.server.ts";
import { forgetUserSessions } from "./auth.server.ts";
import type { Role } from "./access.ts";
import { normalizeEmail } from "./email-rules.ts";

export type { Role };

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

// NYALA_TEST_MODE=1 only: a password proves a `.test` address (a reserved domain no one can own).
export const provenByPasswordInTests = (email: string) =>
  isTestMode() && normalizeEmail(email).endsWith(".test");

export const startingRole = (email: string, proven: boolean): Role =>
  proven && isAdminEmail(email) ? "pemilik" : "customer";

export async function promoteIfProven(
  db: Database,
  user: AccountSummary,
  proven: boolean,
): Promise<AccountSummary> {
  // Only a customer is promoted: a role the owner gave (kasir, admin) is the owner's to change.
  if (user.role !== "customer" || startingRole(user.email, proven) !== "pemilik") return user;
  await db.update(users).set({ role: "pemilik", updated_at: new Date() }).where(eq(users.id, user.id));
  forgetUserSessions(user.id); // its other sessions see the role at their next page
  return { ...user, role: "pemilik" };
}
