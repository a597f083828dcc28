import { Link } from "react-router";
import type { Route } from "./+types/profil";
import { AdminPageHeader, Avatar } from "~/features/admin/admin-shell.tsx";
import { providerLabel, roleLabel } from "~/features/admin/format.ts";
import { formatDate } from "~/lib/dates.ts";
import { useRootData } from "~/root.tsx";
import { profileOf } from "~/features/admin/profile.server.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { adminMeta } from "~/lib/meta.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { profile: profileOf(requireAccess(context, "/admin/profil")) };
}

export default function AdminProfile({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const { timezone } = useRootData().store;
  const rows = [
    { label: "Nama", value: profile.nama },
    { label: "Email", value: profile.email },
    { label: "Nomor HP", value: profile.phone_number || "Belum diisi" },
    { label: "Masuk dengan", value: providerLabel(profile.provider) },
    { label: "Peran", value: roleLabel(profile.role) },
    { label: "Bergabung", value: formatDate(profile.created_at, timezone) },
  ];
  return (
    <>
      <AdminPageHeader title="Profil" description="Data akun Anda." />
      <section className="card max-w-2xl p-6">
        <div className="flex items-center gap-4">
          <Avatar nama={profile.nama} photoUrl={profile.photo_url} size="size-20 text-2xl" />
          <div className="min-w-0">
            <p className="truncate text-xl font-extrabold">{profile.nama}</p>
            <p className="truncate text-stone-600">{profile.email}</p>
          </div>
        </div>
        <dl className="mt-6 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.label}>
              <dt className="text-sm font-semibold text-stone-500">{row.label}</dt>
              <dd className="mt-0.5 font-semibold break-words">{row.value}</dd>
            </div>
          ))}
        </dl>
        <Link to="/admin/pengaturan" className="btn-secondary mt-6">
          Pengaturan akun
        </Link>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Profil");
