import type { SessionUser } from "../accounts/auth.server.ts";
import type { Context } from "../accounts/auth.server.ts";
import { requireAccess } from "../accounts/permissions.server.ts";

/** Never the password hash. */
export function profileOf(user: SessionUser) {
  return {
    nama: user.nama,
    email: user.email,
    photo_url: user.photo_url,
    phone_number: user.phone_number,
    provider: user.provider,
    role: user.role,
    created_at: user.created_at,
  };
}

/** The loader of the staff's own pages, Profil and Pengaturan. */
export const ownProfileLoader =
  (route: "/admin/profil" | "/admin/pengaturan") =>
  ({ context }: { context: Context }) => ({ profile: profileOf(requireAccess(context, route)) });
