import type { SessionUser } from "../accounts/auth.server.ts";
import { requireAdmin } from "../accounts/permissions.server.ts";

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

/** The loader of the admin's own pages, Profil and Pengaturan. */
export function ownProfileLoader({ context }: { context: Parameters<typeof requireAdmin>[0] }) {
  return { profile: profileOf(requireAdmin(context)) };
}
