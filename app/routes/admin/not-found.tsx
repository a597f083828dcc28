import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { adminMeta } from "~/lib/meta.ts";

export function loader({ context }: Route.LoaderArgs) {
  requireAccess(context, "/admin/*");
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <p className="text-7xl font-extrabold text-chili-600">404</p>
      <h1 className="mt-4 text-2xl font-extrabold">Halaman admin tidak ditemukan</h1>
      <p className="mt-2 text-stone-600">Halaman ini belum tersedia atau alamatnya salah.</p>
      <Link to="/admin/dashboard" className="btn-primary mt-6">
        Kembali ke Dashboard
      </Link>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Halaman tidak ditemukan");
