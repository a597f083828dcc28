import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates.ts";
import type { Route } from "./+types/log-perubahan";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { listAuditLog } from "~/features/audit/audit-log.server.ts";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { getStoreSettingsValues } from "~/features/store/settings.server.ts";

const ENTITY_LABELS: Record<string, string> = {
  menu: "Menu",
  "menu-populer": "Menu populer",
  promo: "Promo",
  slide: "Banner",
  outlet: "Outlet",
  pesanan: "Pesanan",
};

/** /admin/log-perubahan: who changed what in the catalog, the store and the orders, and when. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context);
  const db = await getDb();
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(url.searchParams.get("halaman")) || 1)));
  const [log, { timezone }] = await Promise.all([listAuditLog(db, { page }), getStoreSettingsValues(db)]);
  return {
    ...log,
    rows: log.rows.map((row) => ({
      id: row.id,
      who: row.actor_email,
      entity: ENTITY_LABELS[row.entity] ?? row.entity,
      summary: row.summary,
      when: formatDateTime(row.created_at, timezone),
    })),
  };
}

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageSize } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <AdminPageHeader
        title="Log perubahan"
        description="Setiap perubahan menu, promo, banner, outlet, dan status pesanan: siapa, apa, kapan."
      />
      {rows.length === 0 ? (
        <p className="card p-6 text-stone-600">Belum ada perubahan.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-stone-600">
            <span data-testid="audit-total">{total.toLocaleString("id-ID")}</span> perubahan tercatat, terbaru
            di atas.
          </p>
          <div className="card overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="bg-stone-50 text-stone-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Waktu
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Admin
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Bagian
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Perubahan
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-t border-stone-100 align-top" data-testid="audit-row">
                    <td className="px-4 py-3 whitespace-nowrap">{row.when}</td>
                    <td className="px-4 py-3 break-all">{row.who}</td>
                    <td className="px-4 py-3">{row.entity}</td>
                    <td className="px-4 py-3">{row.summary}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {pages > 1 ? (
        <nav aria-label="Halaman log" className="mt-6 flex justify-between">
          {page > 1 ? (
            <Link to={page === 2 ? "." : `?halaman=${page - 1}`} className="btn-secondary">
              Lebih baru
            </Link>
          ) : (
            <span />
          )}
          {page < pages ? (
            <Link to={`?halaman=${page + 1}`} className="btn-secondary">
              Lebih lama
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Log perubahan");
