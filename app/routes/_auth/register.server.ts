// POST /daftar (0017): limited per address; the unique index decides between simultaneous registrations.
import type { RouterContextProvider } from "react-router";
import { REGISTER_MESSAGES } from "~/features/accounts/auth-rules.ts";
import { RegisterSchema } from "~/features/accounts/auth-schemas.ts";
import { registerUser } from "~/features/accounts/users.server.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { formAction, type Outcome } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { hit, REGISTER_WINDOW_MS, tooManyAttemptsMessage } from "~/lib/rate-limit.server.ts";
import { signedInHeaders, type SignedIn } from "./login.server.ts";

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export async function registerAction({ request, context }: ActionArgs) {
  const form = await readForm(request);
  return formAction(form, {
    schema: RegisterSchema,
    hidden: ["password", "confirmPassword"],
    empty: REGISTER_MESSAGES.empty,
    async write(values): Promise<Outcome<SignedIn>> {
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
      // Signed in at once, as after a login (decision 0050).
      const { headers, cart } = await signedInHeaders(db, request, context, result.user);
      const target = "/beranda";
      const done = { email: result.user.email, redirectTo: target, cart };
      return { ok: true, message: REGISTER_MESSAGES.created, done, headers, redirectTo: target };
    },
  });
}
