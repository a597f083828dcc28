import { formatDateTime } from "~/lib/dates.ts";
import type { Route } from "./+types/log-perubahan";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { listAuditLog } from "~/features/audit/audit-log.server.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { AdminTable, Pager } from "~/ui/admin-table.tsx";
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
          <AdminTable
            caption="Log perubahan"
            columns={[
              { header: "Waktu", className: "whitespace-nowrap", cell: (row) => row.when },
              { header: "Admin", className: "break-all", cell: (row) => row.who },
              { header: "Bagian", cell: (row) => row.entity },
              { header: "Perubahan", cell: (row) => row.summary },
            ]}
            rows={rows}
            rowKey={(row) => row.id}
            rowProps={() => ({ "data-testid": "audit-row" })}
          />
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
