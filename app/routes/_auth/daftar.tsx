import { useNavigate } from "react-router";
import type { Route } from "./+types/daftar";
import { TextField } from "~/ui/form-fields.tsx";
import { NAME_MAX, REGISTER_MESSAGES } from "~/features/accounts/auth-rules.ts";
import { pageMeta } from "~/lib/meta.ts";
import {
  AuthDialog,
  AuthEmailField,
  AuthFormErrors,
  AuthHeading,
  NewPasswordFields,
  AuthSwitch,
  rememberLogin,
  useAuthForm,
} from "~/features/accounts/auth-form-parts.tsx";
import { replaceCartCount } from "~/features/cart/cart-count.ts";
import { registerAction } from "./register.server.ts";
import type { SignedIn } from "./login.server.ts";
import { actionHeaders } from "~/lib/action-headers.ts";

const registerCheck = () =>
  import("~/features/accounts/auth-schemas.ts").then((module) => module.RegisterSchema);

export const action = registerAction;

export const headers = actionHeaders;

export default function Daftar() {
  const navigate = useNavigate();
  const auth = useAuthForm<SignedIn>("daftar", registerCheck, REGISTER_MESSAGES.empty);
  const { form, pending, fetched, problem } = auth;
  const created = fetched?.status === "success" ? fetched : null;

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
        <AuthEmailField />
        <NewPasswordFields />

        <AuthFormErrors {...auth} />

        <button type="submit" className="btn-primary w-full text-base" disabled={pending || Boolean(created)}>
          {pending ? "Mendaftarkan…" : "Daftar"}
        </button>
      </form>

      <AuthSwitch question="Sudah punya akun?" to="/masuk" label="Masuk" />

      {problem !== null ? (
        <AuthDialog tone="error" title="Pendaftaran gagal" message={problem} onClose={auth.closeProblem} />
      ) : null}
      {created ? (
        <AuthDialog
          tone="success"
          title={REGISTER_MESSAGES.created}
          autoCloseMs={1500}
          onClose={() => {
            // Signed in already: the header shows the account and its cart from now on.
            rememberLogin(created.email);
            replaceCartCount(created.cart);
            void navigate(created.redirectTo, { replace: true });
          }}
        />
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
