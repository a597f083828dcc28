import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return redirect("/admin/dashboard");
}

// A page route, not a resource route: a denial renders the Akses Ditolak page, not raw data.
export default function AdminIndex() {
  return null;
}
