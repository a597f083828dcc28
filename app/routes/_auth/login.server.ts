/**
 * POST /masuk. Order of checks: the form (same schema as the browser) → an early refusal while
 * the account or the client address is blocked → captcha (verified, single use; a failure counts
 * against the address) → the attempt counted against the account and the address → password.
 * Unknown e-mail and wrong password give the same answer in about the same time.
 *
 * The attempt is counted before the password is checked, with one atomic upsert per counter, and
 * the answer decides: requests sent at once each get their own count, so no more than the limit
 * of them reach the password check. A successful login clears the account's counter and gives its
 * attempt back to the address's. Captcha failures do not count against the account: without a
 * valid captcha nobody can lock someone else's account.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { endSession, startSession } from "~/features/accounts/auth.server.ts";
import { LOGIN_MESSAGES, LoginSchema } from "~/features/accounts/auth-schemas.ts";
import { verifyCaptcha } from "~/features/accounts/captcha.server.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import {
  clear,
  deleteExpiredRateLimits,
  giveBack,
  hit,
  LOGIN_WINDOW_MS,
  peek,
  tooManyAttemptsMessage,
  type RateLimitState,
} from "~/lib/rate-limit.server.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import { deleteExpiredSessions } from "~/features/accounts/session.server.ts";
import { authenticate } from "~/features/accounts/users.server.ts";
import { readForm } from "~/lib/form.server.ts";

const HIDDEN_FIELDS = ["password", "captcha", "mode"];

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The latest reset among the blocked counters, or null when none is blocked. */
function blockedUntil(states: (RateLimitState | null)[]): Date | null {
  const blocked = states.filter((state): state is RateLimitState => Boolean(state?.blocked));
  if (blocked.length === 0) return null;
  return new Date(Math.max(...blocked.map((state) => state.resetAt.getTime())));
}

export async function loginAction({ request, context }: ActionArgs) {
  const formData = await readForm(request);
  const viaFetch = formData.get("mode") === "fetch";
  const submission = parseWithZod(formData, { schema: LoginSchema });
  const fail = (message: string, status: number, headers?: HeadersInit) =>
    data(
      {
        status: "error" as const,
        message,
        result: submission.reply({ formErrors: [message], hideFields: HIDDEN_FIELDS }),
      },
      { status, headers },
    );

  if (submission.status !== "success") {
    const message = submission.error?.[""]?.[0] ?? LOGIN_MESSAGES.empty;
    return fail(message, 400);
  }

  const { email, password, captcha, redirectTo } = submission.value;
  const env = getEnv();
  const db = await getDb();
  const address = getClientAddress(request);
  const accountRule = {
    key: `login:account:${email}`,
    limit: env.RATE_LIMIT_LOGIN_ACCOUNT,
    windowMs: LOGIN_WINDOW_MS,
  };
  const addressRule = {
    key: `login:address:${address}`,
    limit: env.RATE_LIMIT_LOGIN_ADDRESS,
    windowMs: LOGIN_WINDOW_MS,
  };

  const tooMany = (until: Date) => {
    const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
    return fail(tooManyAttemptsMessage(until), 429, { "Retry-After": String(seconds) });
  };

  const blocked = blockedUntil(await Promise.all([peek(db, accountRule), peek(db, addressRule)]));
  if (blocked) return tooMany(blocked);

  if (!(await verifyCaptcha(db, captcha, address))) {
    await hit(db, addressRule);
    return fail(LOGIN_MESSAGES.captchaInvalid, 400);
  }

  const counted = blockedUntil(await Promise.all([hit(db, accountRule), hit(db, addressRule)]));
  if (counted) return tooMany(counted);

  const user = await authenticate(db, email, password);
  if (!user) return fail(LOGIN_MESSAGES.wrongCredentials, 401);

  await Promise.all([clear(db, accountRule.key), giveBack(db, addressRule)]);
  // The answer is decided before the session exists: nothing after the insert can fail, so a
  // session row never outlives an answer that did not carry its cookie.
  const target = safeRedirect(redirectTo, "/beranda");
  // A login always starts a new session; one this browser still held is ended first.
  await endSession(db, context);
  const headers = { "Set-Cookie": await startSession(db, user.id), "Cache-Control": "no-store" };
  if (Math.random() < 0.05) {
    // Housekeeping now and then, off the request's path.
    void Promise.all([deleteExpiredSessions(db), deleteExpiredRateLimits(db)]).catch(() => undefined);
  }

  if (!viaFetch) throw redirect(target, { headers });
  return data({ status: "success" as const, email: user.email, redirectTo: target }, { headers });
}
