import { formatDateTime } from "~/lib/dates.ts";
import type { Route } from "./+types/log-perubahan";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { listAuditLog } from "~/features/audit/audit-log.server.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { Pager } from "~/ui/admin-table.tsx";
import { getStoreSettingsValues } from "~/features/store/settings.server.ts";

const ENTITY_LABELS: Record<string, string> = {
  menu: "Menu",
  "menu-populer": "Menu populer",
  promo: "Promo",
  slide: "Banner",
  outlet: "Outlet",
  pesanan: "Pesanan",
  pengguna: "Pengguna",
  staf: "Staf",
  perangkat: "Perangkat",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAccess(context, "/admin/log-perubahan");
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
          {/* One entry a row: on a phone stacked (when and where, then what, then who), never cut or scrolled. */}
          <div className="card">
            <p
              aria-hidden="true"
              className="hidden gap-x-4 border-b border-stone-200 bg-stone-50 px-4 py-2 text-xs font-semibold text-stone-600 uppercase md:grid md:grid-cols-[10rem_7rem_1fr_14rem]"
            >
              <span>Waktu</span>
              <span>Bagian</span>
              <span>Perubahan</span>
              <span>Admin</span>
            </p>
            <ol className="divide-y divide-stone-100" aria-label="Log perubahan">
              {rows.map((row) => (
                <li
                  key={row.id}
                  className="grid gap-x-4 gap-y-0.5 px-4 py-2.5 text-sm md:grid-cols-[10rem_7rem_1fr_14rem]"
                  data-testid="audit-row"
                >
                  <span className="text-xs text-stone-500 md:text-sm md:text-stone-700">
                    {row.when}
                    <span className="font-semibold text-stone-600 md:hidden"> · {row.entity}</span>
                  </span>
                  <span className="hidden font-semibold text-stone-600 md:block">{row.entity}</span>
                  <span className="min-w-0 [overflow-wrap:anywhere]">{row.summary}</span>
                  <span className="min-w-0 truncate text-xs text-stone-500 md:text-sm" title={row.who}>
                    {row.who}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </>
      )}
      <Pager
        label="Halaman log"
        page={page}
        pageCount={pages}
        href={(target) => (target === 1 ? "." : `?halaman=${target}`)}
        previous="Lebih baru"
        next="Lebih lama"
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Log perubahan");
