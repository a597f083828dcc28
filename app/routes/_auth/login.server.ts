/**
 * POST /masuk. Order of checks: the form (same schema as the browser) → an early refusal while a
 * counter of this attempt is blocked → captcha (verified, single use; a failure counts against
 * the client address only) → the attempt counted → password. Unknown e-mail and wrong password
 * give the same answer in about the same time.
 *
 * Which counters an attempt is counted on depends on whether this browser is one the account has
 * signed in on (features/accounts/login-limits.server.ts, known-device.server.ts): someone
 * else's wrong passwords never lock the owner out of a device they used before. The attempt is
 * counted before the password is checked, with one atomic upsert per counter, and the answer
 * decides: requests sent at once each get their own count, so no more than the limit of them
 * reach the password check.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { endSession, startSession } from "~/features/accounts/auth.server.ts";
import { LOGIN_MESSAGES, LoginSchema } from "~/features/accounts/auth-schemas.ts";
import { verifyCaptcha } from "~/features/accounts/captcha.server.ts";
import { verifyPictureChallenge } from "~/features/accounts/captcha-picture.server.ts";
import { countCart, mergeGuestCart } from "~/features/cart/cart.server.ts";
import { readCartOwner } from "~/features/cart/cart-owner.server.ts";
import { knownDeviceId, rememberDevice } from "~/features/accounts/known-device.server.ts";
import { loginLimits } from "~/features/accounts/login-limits.server.ts";
import { deleteExpiredSessions } from "~/features/accounts/session.server.ts";
import { authenticate } from "~/features/accounts/users.server.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { boundedReply, readForm } from "~/lib/form.server.ts";
import { deleteExpiredRateLimits, tooManyAttemptsMessage } from "~/lib/rate-limit.server.ts";
import { safeRedirect } from "~/lib/redirect.ts";

const HIDDEN_FIELDS = ["password", "captcha", "captcha_gambar", "captcha_jawaban", "mode"];

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
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
        result: boundedReply(submission.reply({ formErrors: [message], hideFields: HIDDEN_FIELDS })),
      },
      { status, headers },
    );

  if (submission.status !== "success") {
    const message = submission.error?.[""]?.[0] ?? LOGIN_MESSAGES.empty;
    return fail(message, 400);
  }

  const { email, password, captcha, redirectTo } = submission.value;
  const db = await getDb();
  const address = getClientAddress(request);
  const limits = loginLimits({ email, address, deviceId: await knownDeviceId(request, email) });

  const tooMany = (until: Date) => {
    const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
    return fail(tooManyAttemptsMessage(until), 429, { "Retry-After": String(seconds) });
  };

  const blocked = await limits.blocked(db);
  if (blocked) return tooMany(blocked);

  const captchaPassed =
    captcha.kind === "picture"
      ? await verifyPictureChallenge(db, captcha.token, captcha.answer)
      : await verifyCaptcha(db, captcha.token, address);
  if (!captchaPassed) {
    await limits.captchaFailed(db);
    return fail(LOGIN_MESSAGES.captchaInvalid, 400);
  }

  const counted = await limits.count(db);
  if (counted) return tooMany(counted);

  const user = await authenticate(db, email, password);
  if (!user) return fail(LOGIN_MESSAGES.wrongCredentials, 401);

  await limits.succeeded(db);
  // The answer is decided before the session exists: nothing after the insert can fail, so a
  // session row never outlives an answer that did not carry its cookie.
  const target = safeRedirect(redirectTo, "/beranda");
  const device = await rememberDevice(request, user.email);
  // What this browser put in its cart before signing in joins the account's cart (before the
  // session, for the same reason).
  const cartCookie = await mergeGuestCart(db, readCartOwner(request, null), user.id);
  const cart = await countCart(db, { userId: user.id, guest: null });
  // A login always starts a new session; one this browser still held is ended first.
  await endSession(db, context);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await startSession(db, user.id));
  // This browser is now one the account signed in on (known-device.server.ts).
  headers.append("Set-Cookie", device);
  if (cartCookie) headers.append("Set-Cookie", cartCookie);
  if (Math.random() < 0.05) {
    // Housekeeping now and then, off the request's path.
    void Promise.all([deleteExpiredSessions(db), deleteExpiredRateLimits(db)]).catch(() => undefined);
  }

  if (!viaFetch) throw redirect(target, { headers });
  // The page moves on without a document load: the header's count becomes the account's cart's.
  return data({ status: "success" as const, email: user.email, redirectTo: target, cart }, { headers });
}
