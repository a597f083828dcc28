/**
 * The gate in front of everything under /admin: the admin layout's middleware runs before any
 * admin loader or action, for documents, client navigations (`.data`) and form posts alike.
 *
 * - Nobody signed in: 401 "Akses Ditolak" / "Anda harus login terlebih dahulu!" (the page then
 *   sends the visitor to /beranda); /admin/profil and /admin/pengaturan redirect to /masuk.
 * - Signed in without the admin role: 403.
 * The layout's error boundary renders those answers without any admin content. Every admin
 * loader and action also calls `requireAdmin` itself, so a route moved out of the layout stays
 * protected.
 */
import { data, redirect, type MiddlewareFunction } from "react-router";
import { ACCESS_DENIED_ANONYMOUS, ACCESS_DENIED_NOT_ADMIN } from "./access-messages.ts";
import { getOptionalUser, type Context, type SessionUser } from "./auth.server.ts";
import { isAdmin } from "./permissions.ts";

/** The signed-in admin; anyone else gets 401 (nobody signed in) or 403 (not an admin). */
export function requireAdmin(context: Context): SessionUser {
  const user = getOptionalUser(context);
  if (!user) throw data(ACCESS_DENIED_ANONYMOUS, { status: 401 });
  if (!isAdmin(user)) throw data(ACCESS_DENIED_NOT_ADMIN, { status: 403 });
  return user;
}

/** SPEC.md section 2: these two pages send a signed-out visitor to the login page. */
const LOGIN_FIRST_PATHS = new Set(["/admin/profil", "/admin/pengaturan"]);

/** The page's own path, also for client navigations (`/admin/profil.data`) and trailing slashes. */
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
