/**
 * POST /daftar. The form is checked with the schema the browser uses (SPEC.md's order and
 * texts), registrations are limited per client address, and the database's unique index decides
 * which of several simultaneous registrations of one e-mail wins; the others get the duplicate
 * message, never an error page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { REGISTER_MESSAGES, RegisterSchema } from "~/features/accounts/auth-schemas.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { hit, REGISTER_WINDOW_MS, tooManyAttemptsMessage } from "~/lib/rate-limit.server.ts";
import { registerUser } from "~/features/accounts/users.server.ts";
import { boundedReply, readForm } from "~/lib/form.server.ts";

const HIDDEN_FIELDS = ["password", "confirmPassword", "mode"];

export async function registerAction({ request }: { request: Request }) {
  const formData = await readForm(request);
  const viaFetch = formData.get("mode") === "fetch";
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  const fail = (message: string, status: number, headers?: HeadersInit) =>
    data(
      {
        status: "error" as const,
        message,
        result: boundedReply(submission.reply({ formErrors: [message], hideFields: HIDDEN_FIELDS })),
      },
      { status, headers },
    );

  if (submission.status !== "success") {
    return fail(submission.error?.[""]?.[0] ?? REGISTER_MESSAGES.empty, 400);
  }

  const db = await getDb();
  const limit = await hit(db, {
    key: `register:address:${getClientAddress(request)}`,
    limit: getEnv().RATE_LIMIT_REGISTER_ADDRESS,
    windowMs: REGISTER_WINDOW_MS,
  });
  if (limit.blocked) {
    const seconds = Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000));
    return fail(tooManyAttemptsMessage(limit.resetAt), 429, { "Retry-After": String(seconds) });
  }

  const result = await registerUser(db, submission.value);
  if (!result.ok) return fail(REGISTER_MESSAGES.duplicate, 409);

  if (!viaFetch) throw redirect("/masuk?terdaftar=1");
  return data({ status: "success" as const, message: REGISTER_MESSAGES.created });
}
