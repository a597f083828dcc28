import { lazy, Suspense, useState, type ComponentProps } from "react";
import { Link } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { useEnhancedForm, type FormCheck } from "../../lib/use-enhanced-form.ts";
import { PasswordField, TextField } from "../../ui/form-fields.tsx";
import { PASSWORD_MAX, PASSWORD_MIN } from "./auth-rules.ts";

/** Fetched when a dialog opens: the page's first load has no room for it (decision 0029). */
const MessageDialog = lazy(() =>
  import("../../ui/dialog.tsx").then((module) => ({ default: module.MessageDialog })),
);

export function FormAlert({
  id,
  tone = "error",
  children,
}: {
  id?: string;
  tone?: "error" | "info";
  children: React.ReactNode;
}) {
  const style =
    tone === "error"
      ? "border-chili-100 bg-chili-50 text-chili-800"
      : "border-amber-200 bg-amber-50 text-amber-900";
  return (
    <p
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-2xl border px-4 py-3 text-sm font-medium ${style}`}
    >
      {children}
    </p>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-charcoal">{title}</h1>
      <p className="mt-1.5 text-stone-600">{subtitle}</p>
    </div>
  );
}

export function useAuthForm<Done extends object = object, S extends $ZodType = $ZodType>(
  id: string,
  check: FormCheck<S>,
  empty: string,
) {
  const [browserProblem, setBrowserProblem] = useState<string | null>(null);
  const [closedAnswer, setClosedAnswer] = useState<unknown>(null);
  const enhanced = useEnhancedForm<Done, S>({
    id,
    check,
    fetch: true,
    onInvalid: (message) => setBrowserProblem(message ?? empty),
  });
  const { answer, answeredInPage, pending } = enhanced;
  const fetched = pending || answeredInPage ? undefined : answer;
  const serverProblem = fetched?.status === "error" && fetched !== closedAnswer ? fetched.message : null;
  const closeProblem = () => {
    setBrowserProblem(null);
    setClosedAnswer(fetched ?? null);
  };
  return { ...enhanced, fetched, problem: browserProblem ?? serverProblem, closeProblem };
}

export function AuthFormErrors({
  form,
  answer,
  answeredInPage,
  problem,
}: Pick<ReturnType<typeof useAuthForm>, "form" | "answer" | "answeredInPage" | "problem">) {
  return (
    <>
      {answeredInPage && answer?.status === "error" ? <FormAlert>{answer.message}</FormAlert> : null}
      {form.errors && !problem && !answeredInPage ? (
        <p id={form.errorId} className="text-sm font-medium text-chili-700" aria-live="polite">
          {form.errors[0]}
        </p>
      ) : null}
    </>
  );
}

export function AuthSwitch({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p className="mt-8 text-center text-stone-600">
      {question}{" "}
      <Link to={to} className="font-bold text-chili-700 underline-offset-4 hover:underline">
        {label}
      </Link>
    </p>
  );
}

export function AuthDialog(props: Omit<ComponentProps<typeof MessageDialog>, "open">) {
  return (
    <Suspense fallback={null}>
      <MessageDialog open {...props} />
    </Suspense>
  );
}

// For display only (`data-login`); never a token.
export function rememberLogin(email: string) {
  try {
    window.localStorage.setItem("data-login", JSON.stringify({ email }));
  } catch {
    // storage unavailable (private mode): nothing to remember
  }
}

export function AuthEmailField() {
  return (
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
  );
}

/** A new password and its confirmation, as registration, the admin code and a staff invitation ask them. */
export function NewPasswordFields({ label = "Kata sandi" }: { label?: string }) {
  const limits = {
    required: true,
    minLength: PASSWORD_MIN,
    maxLength: PASSWORD_MAX,
    autoComplete: "new-password",
  };
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        placeholder={`${PASSWORD_MIN}–${PASSWORD_MAX} karakter`}
        {...limits}
      />
      <PasswordField
        label="Konfirmasi kata sandi"
        name="confirmPassword"
        placeholder="Ulangi kata sandi"
        {...limits}
      />
    </>
  );
}
