import { isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/frame";
import type { loader as layoutLoader } from "./layout.tsx";

// Staff pages' errors inside the admin frame (0056): a page outside the role's matrix is a 403 here, with
// the menus of the role's own pages around it.
export default function AdminFrame() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const said = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "";
  const title = status === 403 ? "Akses Ditolak" : status === 404 ? "Tidak ditemukan" : "Terjadi kesalahan";
  const message =
    said && status < 500
      ? said
      : "Maaf, ada yang tidak beres di pihak kami. Silakan coba lagi sebentar lagi.";
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-16 text-center" data-testid="admin-error">
      <title>{`${title} | Mie Nyala`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-extrabold text-chili-600">{status}</p>
      <h1 className="mt-4 text-2xl font-extrabold">{title}</h1>
      <p className="mt-2 text-stone-600">{message}</p>
      <Link to={layout?.home ?? "/admin"} className="btn-primary mt-6">
        Kembali
      </Link>
    </div>
  );
}
