import { data, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/features/accounts/auth.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import { readForm } from "~/lib/form.server.ts";

/**
 * POST /keluar ends the session on the server (the row is deleted, the cookie cleared).
 * Logging out never happens through a GET: the loader only answers 405.
 * With `mode=fetch` (the confirmation dialog's request) it answers `{ ok: true }` and the page
 * shows "Berhasil keluar dari akun" before moving on; a plain form post is redirected.
 */
export function loader() {
  throw data("Keluar hanya bisa lewat tombol Keluar.", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const setCookie = await endSession(await getDb(), context);
  const headers = { "Set-Cookie": setCookie };
  if (form.get("mode") === "fetch") return data({ ok: true as const }, { headers });
  throw redirect(safeRedirect(form.get("redirectTo")), { headers });
}
