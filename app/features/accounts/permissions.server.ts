// The gate in front of /admin (0005, 0056): the layout's middleware lets only staff past (401 or 403, as
// before, for everyone else); every loader, action and stream then asks the matrix with `requireAccess`.
import { data, redirect, type MiddlewareFunction } from "react-router";
import { mayUse, NOT_FOR_YOUR_ROLE, type IntentOf, type StaffRole, type StaffRoute } from "./access.ts";
import { ACCESS_DENIED_ANONYMOUS, ACCESS_DENIED_NOT_ADMIN } from "./access-messages.ts";
import { getOptionalUser, type Context, type SessionUser } from "./auth.server.ts";
import { isStaff } from "./permissions.ts";

export type StaffUser = SessionUser & { role: StaffRole };

export function requireStaff(context: Context): StaffUser {
  const user = getOptionalUser(context);
  if (!user) throw data(ACCESS_DENIED_ANONYMOUS, { status: 401 });
  if (!isStaff(user)) throw data(ACCESS_DENIED_NOT_ADMIN, { status: 403 });
  return user as StaffUser;
}

/** A customer or a visitor is answered as before; staff outside the matrix get 403 in the admin frame. */
export function requireAccess<R extends StaffRoute>(
  context: Context,
  route: R,
  intent?: IntentOf<R> | (string & {}),
): StaffUser {
  const user = requireStaff(context);
  if (!mayUse(user.role, route, intent)) throw data(NOT_FOR_YOUR_ROLE, { status: 403 });
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
  requireStaff(context);
};
