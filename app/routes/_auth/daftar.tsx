import { lazy, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/daftar";
import { PasswordField, TextField } from "~/ui/form-fields.tsx";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, REGISTER_MESSAGES } from "~/features/accounts/auth-rules.ts";
import { pageMeta } from "~/lib/meta.ts";
import { useEnhancedForm } from "~/lib/use-enhanced-form.ts";
import { AuthHeading, FormAlert } from "~/features/accounts/auth-form-parts.tsx";
import { registerAction } from "./register.server.ts";
import { actionHeaders } from "~/lib/action-headers.ts";

/** Fetched when a dialog opens: the page's first load has no room for it (decision 0029). */
const MessageDialog = lazy(() =>
  import("~/ui/dialog.tsx").then((module) => ({ default: module.MessageDialog })),
);

/** The form's schema, loaded when the form is first used (decision 0029). */
const registerCheck = () =>
  import("~/features/accounts/auth-schemas.ts").then((module) => module.RegisterSchema);

export const action = registerAction;

// A 429 tells when to try again (Retry-After), also on the page and .data answers.
export const headers = actionHeaders;

export default function Daftar() {
  const navigate = useNavigate();
  const [browserProblem, setBrowserProblem] = useState<string | null>(null);
  const [closedAnswer, setClosedAnswer] = useState<unknown>(null);
  const { form, answer, answeredInPage, pending } = useEnhancedForm({
    id: "daftar",
    check: registerCheck,
    fetch: true,
    onInvalid: (message) => setBrowserProblem(message ?? REGISTER_MESSAGES.empty),
  });
  const fetched = pending || answeredInPage ? undefined : answer;
  const serverProblem = fetched?.status === "error" && fetched !== closedAnswer ? fetched.message : null;
  const problem = browserProblem ?? serverProblem;
  const created = fetched?.status === "success";

  return (
    <>
      <AuthHeading title="Daftar" subtitle="Buat akun untuk pesan lebih cepat dan dapatkan promo terbaru." />

      <form {...form.props} className="space-y-4">
        <TextField
          label="Nama"
          name="nama"
          autoComplete="name"
          placeholder="Nama lengkap"
          required
          maxLength={NAME_MAX}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="nama@contoh.com"
          required
          maxLength={254}
        />
        <PasswordField
          label="Kata sandi"
          name="password"
          autoComplete="new-password"
          placeholder={`${PASSWORD_MIN}–${PASSWORD_MAX} karakter`}
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
        />
        <PasswordField
          label="Konfirmasi kata sandi"
          name="confirmPassword"
          autoComplete="new-password"
          placeholder="Ulangi kata sandi"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
        />

        {answeredInPage && answer?.status === "error" ? <FormAlert>{answer.message}</FormAlert> : null}
        {form.errors && !problem && !answeredInPage ? (
          <p id={form.errorId} className="text-sm font-medium text-chili-700" aria-live="polite">
            {form.errors[0]}
          </p>
        ) : null}

        <button type="submit" className="btn-primary w-full text-base" disabled={pending || created}>
          {pending ? "Mendaftarkan…" : "Daftar"}
        </button>
      </form>

      <p className="mt-8 text-center text-stone-600">
        Sudah punya akun?{" "}
        <Link to="/masuk" className="font-bold text-chili-700 underline-offset-4 hover:underline">
          Masuk
        </Link>
      </p>

      {problem !== null ? (
        <Suspense fallback={null}>
          <MessageDialog
            open
            tone="error"
            title="Pendaftaran gagal"
            message={problem}
            onClose={() => {
              setBrowserProblem(null);
              setClosedAnswer(fetched ?? null);
            }}
          />
        </Suspense>
      ) : null}
      {created ? (
        <Suspense fallback={null}>
          <MessageDialog
            open
            tone="success"
            title={REGISTER_MESSAGES.created}
            autoCloseMs={1500}
            onClose={() => void navigate("/masuk", { replace: true })}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Daftar",
    description: "Buat akun untuk memesan mie pedas favorit lebih cepat.",
    path: "/daftar",
  });
