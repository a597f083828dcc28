import { data } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/features/accounts/auth.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { answerOutcome } from "~/lib/form-action.server.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import { readForm } from "~/lib/form.server.ts";

/**
 * POST /keluar ends the session on the server (the row is deleted, the cookie cleared).
 * Logging out never happens through a GET: the loader only answers 405.
 * The confirmation dialog's request (`mode=fetch`) gets a success answer and the page shows
 * "Berhasil keluar dari akun" before moving on; a plain form post is redirected.
 */
export function loader() {
  throw data("Keluar hanya bisa lewat tombol Keluar.", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const headers = { "Set-Cookie": await endSession(await getDb(), context) };
  return answerOutcome(form, { ok: true, headers, redirectTo: safeRedirect(form.get("redirectTo")) });
}
