import type { Route } from "./+types/pengaturan";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { providerLabel, roleLabel } from "~/features/admin/format.ts";
import { formatDate } from "~/lib/dates.ts";
import { useRootData } from "~/root.tsx";
import { profileOf } from "~/features/admin/profile.server.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { adminMeta } from "~/lib/meta.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { profile: profileOf(requireAccess(context, "/admin/pengaturan")) };
}

export default function AdminAccountSettings({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const { timezone } = useRootData().store;
  const fields = [
    { id: "nama", label: "Nama", value: profile.nama },
    { id: "email", label: "Email", value: profile.email },
    { id: "telepon", label: "Nomor HP", value: profile.phone_number ?? "" },
    { id: "metode", label: "Masuk dengan", value: providerLabel(profile.provider) },
    { id: "peran", label: "Peran", value: roleLabel(profile.role) },
    { id: "bergabung", label: "Bergabung", value: formatDate(profile.created_at, timezone) },
  ];
  return (
    <>
      <AdminPageHeader
        title="Pengaturan"
        description="Pengaturan akun Anda. Halaman ini hanya untuk dibaca."
      />
      <section className="card max-w-2xl p-6">
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.id}>
              <label htmlFor={`akun-${field.id}`} className="field-label">
                {field.label}
              </label>
              <input
                id={`akun-${field.id}`}
                className="field-input bg-stone-50"
                value={field.value}
                placeholder={field.id === "telepon" ? "Belum diisi" : undefined}
                readOnly
              />
            </div>
          ))}
        </div>
        <p className="mt-4 text-sm text-stone-600">
          Data akun tidak bisa diubah dari sini. Akun Google mengikuti data di akun Google Anda.
        </p>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Pengaturan");
