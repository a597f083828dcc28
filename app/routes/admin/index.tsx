import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { homeOf } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return redirect(homeOf(requireAccess(context, "/admin").role));
}

// A page route, not a resource route: a denial renders the Akses Ditolak page, not raw data.
export default function AdminIndex() {
  return null;
}
