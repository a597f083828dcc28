/**
 * POST /daftar: the browser's schema checks the form, registrations are limited per client address,
 * and the unique index decides between simultaneous registrations of one e-mail: the others get the
 * duplicate message (docs/decisions/0017-input-limits-and-edges.md).
 */
import { REGISTER_MESSAGES } from "~/features/accounts/auth-rules.ts";
import { RegisterSchema } from "~/features/accounts/auth-schemas.ts";
import { registerUser } from "~/features/accounts/users.server.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { formAction } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { hit, REGISTER_WINDOW_MS, tooManyAttemptsMessage } from "~/lib/rate-limit.server.ts";

export async function registerAction({ request }: { request: Request }) {
  const form = await readForm(request);
  return formAction(form, {
    schema: RegisterSchema,
    hidden: ["password", "confirmPassword"],
    empty: REGISTER_MESSAGES.empty,
    async write(values) {
      const db = await getDb();
      const limit = await hit(db, {
        key: `register:address:${getClientAddress(request)}`,
        limit: getEnv().RATE_LIMIT_REGISTER_ADDRESS,
        windowMs: REGISTER_WINDOW_MS,
      });
      if (limit.blocked) {
        const seconds = Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000));
        const headers = { "Retry-After": String(seconds) };
        return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.resetAt), headers };
      }
      const result = await registerUser(db, values);
      if (!result.ok) return { ok: false, status: 409, message: REGISTER_MESSAGES.duplicate };
      return { ok: true, message: REGISTER_MESSAGES.created, redirectTo: "/masuk?terdaftar=1" };
    },
  });
}
