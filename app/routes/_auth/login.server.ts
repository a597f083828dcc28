// POST /masuk (0016): the attempt is counted before the password check; an unknown e-mail and a wrong
// password get the same answer in about the same time.
import type { RouterContextProvider } from "react-router";
import { LOGIN_MESSAGES } from "~/features/accounts/auth-rules.ts";
import { LoginSchema } from "~/features/accounts/auth-schemas.ts";
import { getCaptchaConfig, verifyCaptcha } from "~/features/accounts/captcha.server.ts";
import { verifyPictureChallenge } from "~/features/accounts/captcha-picture.server.ts";
import { countCart, mergeGuestCart } from "~/features/cart/cart.server.ts";
import { readCartOwner } from "~/features/cart/cart-owner.server.ts";
import { knownDeviceId } from "~/features/accounts/known-device.server.ts";
import { loginLimits } from "~/features/accounts/login-limits.server.ts";
import { PICTURE_MESSAGES, pictureBudget } from "~/features/accounts/picture-budget.server.ts";
import { deleteExpiredSessions } from "~/features/accounts/session.server.ts";
import { signInCookies } from "~/features/accounts/sign-in.server.ts";
import { authenticate } from "~/features/accounts/users.server.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { formAction, type Outcome } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { deleteExpiredRateLimits, tooManyAttemptsMessage } from "~/lib/rate-limit.server.ts";
import { safeRedirect } from "~/lib/redirect.ts";

const HIDDEN_FIELDS = ["password", "captcha", "captcha_gambar", "captcha_jawaban"];

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export interface SignedIn {
  email: string;
  redirectTo: string;
  cart: Awaited<ReturnType<typeof countCart>>;
}

function tooMany(until: Date, message = tooManyAttemptsMessage(until)) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const headers = { "Retry-After": String(seconds) };
  return { ok: false, status: 429, message, headers } as const;
}

// A guest's cart joins the account's cart, then the new session is set.
export async function signedInHeaders(
  db: Awaited<ReturnType<typeof getDb>>,
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: { id: string; email: string },
) {
  const cartCookie = await mergeGuestCart(db, readCartOwner(request, null), user.id);
  const cart = await countCart(db, { userId: user.id, guest: null });
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of await signInCookies(db, request, context, user)) headers.append("Set-Cookie", cookie);
  if (cartCookie) headers.append("Set-Cookie", cartCookie);
  return { headers, cart };
}

export async function loginAction({ request, context }: ActionArgs) {
  const form = await readForm(request);
  return formAction(form, {
    schema: LoginSchema,
    hidden: HIDDEN_FIELDS,
    empty: LOGIN_MESSAGES.empty,
    async write({ email, legacyEmail, password, captcha, redirectTo }): Promise<Outcome<SignedIn>> {
      const db = await getDb();
      const address = getClientAddress(request);
      const deviceId = await knownDeviceId(request, email);
      const limits = loginLimits({ email, address, deviceId });
      const config = getCaptchaConfig();
      // Never a weaker captcha than the configured one: the picture stands in for ALTCHA only.
      const pictureAllowed = captcha.kind === "picture" && config.kind === "altcha";
      const budget = pictureAllowed && !deviceId ? pictureBudget(address) : null;

      const blocked = await limits.blocked(db);
      if (blocked) return tooMany(blocked);
      const spent = await budget?.blocked(db);
      if (spent) return tooMany(spent, PICTURE_MESSAGES.spent(spent));

      const captchaPassed =
        captcha.kind === "picture"
          ? pictureAllowed && (await verifyPictureChallenge(db, captcha.token, captcha.answer, address))
          : await verifyCaptcha(db, captcha.token, address, config);
      if (!captchaPassed) {
        await limits.captchaFailed(db);
        const message =
          captcha.kind === "picture" && !pictureAllowed
            ? PICTURE_MESSAGES.unavailable
            : LOGIN_MESSAGES.captchaInvalid;
        return { ok: false, status: 400, message };
      }

      const overBudget = await budget?.count(db);
      if (overBudget) return tooMany(overBudget, PICTURE_MESSAGES.spent(overBudget));
      const counted = await limits.count(db);
      if (counted) return tooMany(counted);

      const user = await authenticate(db, email, password, legacyEmail);
      if (!user) return { ok: false, status: 401, message: LOGIN_MESSAGES.wrongCredentials };

      await limits.succeeded(db);
      // The answer is decided before the session exists: nothing after the insert can fail, so a
      // session row never outlives an answer that did not carry its cookie.
      const target = safeRedirect(redirectTo, "/beranda");
      const { headers, cart } = await signedInHeaders(db, request, context, user);
      if (Math.random() < 0.05) {
        void Promise.all([deleteExpiredSessions(db), deleteExpiredRateLimits(db)]).catch(() => undefined);
      }
      return { ok: true, done: { email: user.email, redirectTo: target, cart }, headers, redirectTo: target };
    },
  });
}
