import { data } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/features/accounts/auth.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { answerOutcome } from "~/lib/form-action.server.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import { readForm } from "~/lib/form.server.ts";

// POST only: the loader answers 405, so logging out never happens through a GET.
export function loader() {
  throw data("Keluar hanya bisa lewat tombol Keluar.", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const headers = { "Set-Cookie": await endSession(await getDb(), context) };
  return answerOutcome(form, { ok: true, headers, redirectTo: safeRedirect(form.get("redirectTo")) });
}
