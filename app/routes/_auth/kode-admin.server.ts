// POST /kode-admin: the owner's one-time code makes an ADMIN_EMAILS account an admin (0050).
// Limited per client address, though the code (59 bits, one use, 24 hours) needs no limit.
import type { RouterContextProvider } from "react-router";
import { claimAdminWithCode } from "~/features/accounts/admin-code.server.ts";
import { ADMIN_CODE_MESSAGES, AdminCodeSchema } from "~/features/accounts/admin-code-schema.ts";
import { REGISTER_MESSAGES } from "~/features/accounts/auth-rules.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { formAction, type Outcome } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { hit, tooManyAttemptsMessage } from "~/lib/rate-limit.server.ts";
import { signedInHeaders, type SignedIn } from "./login.server.ts";

const TRIES_PER_HOUR = 10;

export async function adminCodeAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const form = await readForm(request);
  return formAction(form, {
    schema: AdminCodeSchema,
    hidden: ["kode", "password", "confirmPassword"],
    empty: REGISTER_MESSAGES.empty,
    async write(values): Promise<Outcome<SignedIn>> {
      const db = await getDb();
      const limit = await hit(db, {
        key: `kode-admin:address:${getClientAddress(request)}`,
        limit: TRIES_PER_HOUR,
        windowMs: 60 * 60 * 1000,
      });
      if (limit.blocked) {
        const seconds = Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000));
        const headers = { "Retry-After": String(seconds) };
        return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.resetAt), headers };
      }
      const claimed = await claimAdminWithCode(db, values);
      if (!claimed.ok) {
        const message =
          claimed.reason === "code" ? ADMIN_CODE_MESSAGES.wrong : ADMIN_CODE_MESSAGES.alreadyAdmin;
        return { ok: false, status: claimed.reason === "code" ? 400 : 409, message };
      }
      const { headers, cart } = await signedInHeaders(db, request, context, claimed.user);
      const target = "/admin/dashboard";
      const done = { email: claimed.user.email, redirectTo: target, cart };
      return { ok: true, message: ADMIN_CODE_MESSAGES.done, done, headers, redirectTo: target };
    },
  });
}
