import { useForm, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { Link, useActionData, useFetcher, useNavigate } from "react-router";
import type { Route } from "./+types/daftar";
import { MessageDialog } from "~/ui/dialog.tsx";
import { PasswordField, TextField } from "~/ui/form-fields.tsx";
import {
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REGISTER_MESSAGES,
  RegisterSchema,
} from "~/features/accounts/auth-schemas.ts";
import { pageMeta } from "~/lib/meta.ts";
import { AuthHeading, FormAlert, isValidationIntent } from "~/features/accounts/auth-form-parts.tsx";
import { registerAction } from "./register.server.ts";
import { actionHeaders } from "~/lib/action-headers.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";

export const action = registerAction;

// A 429 tells when to try again (Retry-After), also on the page and .data answers.
export const headers = actionHeaders;

export default function Daftar() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>();
  const documentAnswer = useActionData<typeof action>();
  const lastValidation = useRef<Submission<unknown> | null>(null);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form] = useForm({
    id: "daftar",
    lastResult: answer?.status === "error" ? answer.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema: RegisterSchema });
      lastValidation.current = submission;
      return submission;
    },
  });

  const [browserProblem, setBrowserProblem] = useState<string | null>(null);
  const [closedAnswer, setClosedAnswer] = useState<unknown>(null);
  const serverProblem = answer?.status === "error" && answer !== closedAnswer ? answer.message : null;
  const problem = browserProblem ?? serverProblem;
  const created = answer?.status === "success";
  const pending = fetcher.state !== "idle";

  return (
    <>
      <AuthHeading title="Daftar" subtitle="Buat akun untuk pesan lebih cepat dan dapatkan promo terbaru." />

      <fetcher.Form
        method="post"
        id={form.id}
        noValidate={form.noValidate}
        aria-describedby={form.errors ? form.errorId : undefined}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (event.defaultPrevented && !isValidationIntent(event)) {
            const validation = lastValidation.current;
            const error = validation?.status === "error" ? validation.error?.[""]?.[0] : undefined;
            setBrowserProblem(error ?? REGISTER_MESSAGES.empty);
          }
        }}
        className="space-y-4"
      >
        {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
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

        {documentAnswer?.status === "error" ? <FormAlert>{documentAnswer.message}</FormAlert> : null}
        {form.errors && !problem ? (
          <p id={form.errorId} className="text-sm font-medium text-chili-700" aria-live="polite">
            {form.errors[0]}
          </p>
        ) : null}

        <button type="submit" className="btn-primary w-full text-base" disabled={pending || created}>
          {pending ? "Mendaftarkan…" : "Daftar"}
        </button>
      </fetcher.Form>

      <p className="mt-8 text-center text-stone-600">
        Sudah punya akun?{" "}
        <Link to="/masuk" className="font-bold text-chili-700 underline-offset-4 hover:underline">
          Masuk
        </Link>
      </p>

      <MessageDialog
        open={problem !== null}
        tone="error"
        title="Pendaftaran gagal"
        message={problem}
        onClose={() => {
          setBrowserProblem(null);
          setClosedAnswer(answer ?? null);
        }}
      />
      <MessageDialog
        open={created}
        tone="success"
        title={REGISTER_MESSAGES.created}
        autoCloseMs={1500}
        onClose={() => void navigate("/masuk", { replace: true })}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Daftar",
    description: "Buat akun untuk memesan mie pedas favorit lebih cepat.",
    path: "/daftar",
  });
