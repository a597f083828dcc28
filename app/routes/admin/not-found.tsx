import { data, Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/not-found";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import type { loader as layoutLoader } from "./layout.tsx";

export function loader({ context }: Route.LoaderArgs) {
  requireAccess(context, "/admin/*");
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  const home = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout")?.home ?? "/admin/dashboard";
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <p className="text-7xl font-extrabold text-chili-600">404</p>
      <h1 className="mt-4 text-2xl font-extrabold">Halaman admin tidak ditemukan</h1>
      <p className="mt-2 text-stone-600">Halaman ini belum tersedia atau alamatnya salah.</p>
      <Link to={home} className="btn-primary mt-6">
        {home === "/admin/dashboard" ? "Kembali ke Dashboard" : "Kembali ke Pesanan"}
      </Link>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Halaman tidak ditemukan");
