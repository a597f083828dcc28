import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/undangan";
import { homeOf } from "~/features/accounts/access.ts";
import { AuthHeading, NewPasswordFields } from "~/features/accounts/auth-form-parts.tsx";
import { newPasswordProblem, REGISTER_MESSAGES } from "~/features/accounts/auth-rules.ts";
import { INVITATION_MESSAGES } from "~/features/accounts/staff-rules.ts";
import { acceptInvitation, findInvitation } from "~/features/accounts/staff.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageMeta } from "~/lib/meta.ts";
import { signedInHeaders } from "./login.server.ts";

// The token is in the address: no cache keeps the page, no other site sees it as a referrer.
export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "no-store");
  headers.set("Referrer-Policy", "no-referrer");
  return headers;
};

export async function loader({ params }: Route.LoaderArgs) {
  const state = await findInvitation(await getDb(), params.token);
  if (!state.ok) {
    return data(
      { invalid: INVITATION_MESSAGES[state.reason], nama: null, login: null },
      { status: state.status },
    );
  }
  return { invalid: null, nama: state.user.nama, login: state.user.email };
}

function passwordProblem(password: string, confirmation: string): string | null {
  if (!password.trim() || !confirmation.trim()) return REGISTER_MESSAGES.empty;
  return newPasswordProblem(password, confirmation);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const db = await getDb();
  const state = await findInvitation(db, params.token);
  if (!state.ok) return data({ problem: INVITATION_MESSAGES[state.reason] }, { status: state.status });
  const password = String(form.get("password") ?? "");
  const problem = passwordProblem(password, String(form.get("confirmPassword") ?? ""));
  if (problem) return data({ problem }, { status: 400 });
  const accepted = await acceptInvitation(db, params.token, password);
  if (!accepted.ok)
    return data({ problem: INVITATION_MESSAGES[accepted.reason] }, { status: accepted.status });
  const { headers } = await signedInHeaders(db, request, context, accepted.user);
  throw redirect(homeOf(accepted.user.role), { headers });
}

export default function Undangan({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  if (loaderData.invalid) {
    return (
      <>
        <AuthHeading title="Undangan tidak berlaku" subtitle="" />
        <p role="alert" className="font-semibold text-chili-700" data-testid="undangan-tidak-berlaku">
          {loaderData.invalid}
        </p>
      </>
    );
  }
  return (
    <>
      <AuthHeading
        title={`Selamat datang, ${loaderData.nama}`}
        subtitle={`Buat kata sandimu. Selanjutnya kamu masuk di /masuk dengan login ${loaderData.login} dan kata sandi ini.`}
      />
      <Form method="post" className="space-y-4">
        <NewPasswordFields />
        {answer?.problem ? (
          <p role="alert" className="font-semibold text-chili-700" data-testid="undangan-masalah">
            {answer.problem}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full text-base" disabled={pending}>
          {pending ? "Menyimpan…" : "Simpan kata sandi dan masuk"}
        </button>
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Undangan staf",
    description: "Buat kata sandi akun staf.",
    path: "/undangan",
    robots: "noindex, nofollow",
  }),
];
