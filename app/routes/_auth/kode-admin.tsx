import { useNavigate } from "react-router";
import type { Route } from "./+types/kode-admin";
import { TextField } from "~/ui/form-fields.tsx";
import { ADMIN_CODE_MESSAGES } from "~/features/accounts/admin-code-schema.ts";
import { REGISTER_MESSAGES } from "~/features/accounts/auth-rules.ts";
import {
  AuthDialog,
  AuthEmailField,
  AuthFormErrors,
  AuthHeading,
  NewPasswordFields,
  rememberLogin,
  useAuthForm,
} from "~/features/accounts/auth-form-parts.tsx";
import { actionHeaders } from "~/lib/action-headers.ts";
import { pageMeta } from "~/lib/meta.ts";
import { adminCodeAction } from "./kode-admin.server.ts";
import type { SignedIn } from "./login.server.ts";

const adminCodeCheck = () =>
  import("~/features/accounts/admin-code-schema.ts").then((module) => module.AdminCodeSchema);

export const action = adminCodeAction;

export const headers = actionHeaders;

/** The owner proves the shop's ADMIN_EMAILS address with the code from the server's log. */
export default function KodeAdmin() {
  const navigate = useNavigate();
  const auth = useAuthForm<SignedIn>("kode-admin", adminCodeCheck, REGISTER_MESSAGES.empty);
  const { form, pending, fetched, problem } = auth;
  const done = fetched?.status === "success" ? fetched : null;

  return (
    <>
      <AuthHeading
        title="Kode admin"
        subtitle="Untuk pemilik toko: email dari pengaturan ADMIN_EMAILS, kode sekali pakai dari log server, dan kata sandi baru akun itu."
      />

      <form {...form.props} className="space-y-4">
        <AuthEmailField />
        <TextField
          label="Kode admin"
          name="kode"
          autoComplete="one-time-code"
          placeholder="XXXX-XXXX-XXXX"
          required
          maxLength={40}
        />
        <NewPasswordFields label="Kata sandi baru" />

        <AuthFormErrors {...auth} />

        <button type="submit" className="btn-primary w-full text-base" disabled={pending || Boolean(done)}>
          {pending ? "Memeriksa…" : "Jadikan admin"}
        </button>
      </form>

      {problem !== null ? (
        <AuthDialog tone="error" title="Kode tidak diterima" message={problem} onClose={auth.closeProblem} />
      ) : null}
      {done ? (
        <AuthDialog
          tone="success"
          title={ADMIN_CODE_MESSAGES.done}
          autoCloseMs={1500}
          onClose={() => {
            rememberLogin(done.email);
            void navigate(done.redirectTo, { replace: true });
          }}
        />
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Kode admin",
    description: "Pemilik toko membuktikan email admin dengan kode dari log server.",
    path: "/kode-admin",
  });
