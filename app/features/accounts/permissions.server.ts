// The gate in front of /admin (0005): the admin layout's middleware answers 401 or 403 before any admin
// loader or action runs; every admin handler also calls `requireAdmin` itself.
import { data, redirect, type MiddlewareFunction } from "react-router";
import { ACCESS_DENIED_ANONYMOUS, ACCESS_DENIED_NOT_ADMIN } from "./access-messages.ts";
import { getOptionalUser, type Context, type SessionUser } from "./auth.server.ts";
import { isAdmin } from "./permissions.ts";

export function requireAdmin(context: Context): SessionUser {
  const user = getOptionalUser(context);
  if (!user) throw data(ACCESS_DENIED_ANONYMOUS, { status: 401 });
  if (!isAdmin(user)) throw data(ACCESS_DENIED_NOT_ADMIN, { status: 403 });
  return user;
}

const LOGIN_FIRST_PATHS = new Set(["/admin/profil", "/admin/pengaturan"]);

// Also for client navigations (`/admin/profil.data`) and trailing slashes.
function pagePath(url: URL): string {
  const path = url.pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  return path || "/";
}

export const adminMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  if (!getOptionalUser(context)) {
    const url = new URL(request.url);
    const path = pagePath(url);
    if (request.method === "GET" && LOGIN_FIRST_PATHS.has(path)) {
      throw redirect(`/masuk?redirectTo=${encodeURIComponent(path)}`);
    }
  }
  requireAdmin(context);
};
