import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/masuk";
import { PasswordField } from "~/ui/form-fields.tsx";
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import { LOGIN_MESSAGES } from "~/features/accounts/auth-rules.ts";
import { getCaptchaConfig, getCaptchaWidget } from "~/features/accounts/captcha.server.ts";
import { createPictureChallenge } from "~/features/accounts/captcha-picture.server.ts";
import { PICTURE_MESSAGES } from "~/features/accounts/picture-budget.server.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import {
  GOOGLE_PASSWORD_REMOVED,
  googleErrorMessage,
  isGoogleEnabled,
} from "~/features/accounts/google.server.ts";
import { replaceCartCount } from "~/features/cart/cart-count.ts";
import { pageMeta } from "~/lib/meta.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import { CaptchaField, type CaptchaHandle } from "~/features/accounts/captcha-field.tsx";
import {
  AuthDialog,
  AuthEmailField,
  AuthFormErrors,
  AuthHeading,
  AuthSwitch,
  FormAlert,
  rememberLogin,
  useAuthForm,
} from "~/features/accounts/auth-form-parts.tsx";
import { loginAction, type SignedIn } from "./login.server.ts";
import { actionHeaders } from "~/lib/action-headers.ts";

const loginCheck = () => import("~/features/accounts/auth-schemas.ts").then((module) => module.LoginSchema);

export async function loader({ context, url, request }: Route.LoaderArgs) {
  const user = getOptionalUser(context);
  const google = url.searchParams.get("google");
  const config = getCaptchaConfig();
  return {
    captcha: getCaptchaWidget(config),
    // Without JavaScript a picture takes ALTCHA's place, never reCAPTCHA's (0041).
    picture:
      config.kind === "altcha"
        ? await createPictureChallenge(getClientAddress(request))
        : { unavailable: PICTURE_MESSAGES.unavailable },
    googleEnabled: isGoogleEnabled(),
    googleError: googleErrorMessage(google),
    // Set by /auth/google/callback after a successful Google sign-in.
    googleSignedIn:
      (google === "ok" || google === "ok-tanpa-sandi") && user
        ? { email: user.email, notice: google === "ok-tanpa-sandi" ? GOOGLE_PASSWORD_REMOVED : null }
        : null,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/beranda"),
  };
}

export const action = loginAction;

export const headers = actionHeaders;

export default function Masuk({ loaderData }: Route.ComponentProps) {
  const { captcha, picture, googleEnabled, googleError, googleSignedIn, redirectTo } = loaderData;
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaHandle>(null);
  const auth = useAuthForm<SignedIn>("masuk", loginCheck, LOGIN_MESSAGES.empty);
  const { form, pending, fetched, problem } = auth;
  const success = fetched?.status === "success" ? fetched : null;

  // Every server answer used up the captcha solution: ask for a fresh one.
  useEffect(() => {
    if (fetched?.status === "error") captchaRef.current?.reset();
  }, [fetched]);

  const googleHref = `/auth/google${redirectTo === "/beranda" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`}`;

  return (
    <>
      <AuthHeading title="Masuk" subtitle="Selamat datang kembali! Masuk untuk melanjutkan pesananmu." />

      <form {...form.props} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AuthEmailField />
        <PasswordField
          label="Kata sandi"
          name="password"
          autoComplete="current-password"
          placeholder="Kata sandi kamu"
          required
          maxLength={128}
        />
        <CaptchaField widget={captcha} picture={picture} ref={captchaRef} />

        <AuthFormErrors {...auth} />

        <button type="submit" className="btn-primary w-full text-base" disabled={pending || Boolean(success)}>
          {pending ? "Memeriksa…" : "Masuk"}
        </button>
      </form>

      {googleEnabled ? (
        <>
          <div className="my-6 flex items-center gap-3 text-sm text-stone-500" aria-hidden="true">
            <span className="h-px flex-1 bg-stone-200" />
            atau
            <span className="h-px flex-1 bg-stone-200" />
          </div>
          <a
            href={googleHref}
            className="inline-flex min-h-11 w-full items-center justify-center gap-3 rounded-full border border-stone-300 bg-white px-5 py-2.5 font-bold text-charcoal shadow-sm transition hover:bg-stone-50 active:scale-[0.98]"
          >
            {/* Google's "G", in its brand colours (allowed on a sign-in button). */}
            <img src="/images/google-g.svg" alt="" width={20} height={20} className="size-5" />
            Masuk dengan Google
          </a>
        </>
      ) : null}

      {googleError ? (
        <div className="mt-4">
          <FormAlert>{googleError}</FormAlert>
        </div>
      ) : null}

      <AuthSwitch question="Belum punya akun?" to="/daftar" label="Daftar" />

      {problem !== null ? (
        <AuthDialog tone="error" title="Gagal masuk" message={problem} onClose={auth.closeProblem} />
      ) : null}
      {success !== null || googleSignedIn !== null ? (
        <AuthDialog
          tone="success"
          title={LOGIN_MESSAGES.success}
          message={googleSignedIn?.notice ?? undefined}
          autoCloseMs={googleSignedIn?.notice ? 6000 : 1500}
          onClose={() => {
            const email = success?.email ?? googleSignedIn?.email;
            if (email) rememberLogin(email);
            // The header shows the account's cart from now on (the guest cart joined it).
            if (success) replaceCartCount(success.cart);
            void navigate(success?.redirectTo ?? redirectTo, { replace: true });
          }}
        />
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Masuk",
    description: "Masuk ke akunmu untuk memesan mie pedas favorit lebih cepat.",
    path: "/masuk",
  });
