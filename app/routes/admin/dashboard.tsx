import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { newestUsers, userStats } from "~/features/admin/users.server.ts";
import { mayUse } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { storeNow } from "~/lib/clock.server.ts";
import { formatNumber, providerLabel } from "~/features/admin/format.ts";
import { formatDate } from "~/lib/dates.ts";
import { useRootData } from "~/root.tsx";
import { adminMeta } from "~/lib/meta.ts";
import { formatRupiah } from "~/lib/format.ts";
import { waitingText } from "~/features/kitchen/board/board-words.ts";
import { todaySummary } from "~/features/reports/report.server.ts";
import { PaymentSplitTable } from "~/features/reports/payment-split-table.tsx";
import { getStoreSettings } from "~/features/store/settings.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireAccess(context, "/admin/dashboard");
  const db = await getDb();
  const { timezone } = await getStoreSettings(db);
  // Who the customers are is for whoever may open the users page (the owner), not for the counter.
  const withUsers = mayUse(staff.role, "/admin/users");
  const [stats, newest, today] = await Promise.all([
    withUsers ? userStats(db) : null,
    withUsers ? newestUsers(db, 5) : [],
    todaySummary(db, timezone),
  ]);
  return { stats, newest, today, now: storeNow() };
}

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: number | string;
  hint?: string;
  testId?: string;
}) {
  return (
    <div className="card p-5">
      <dt className="text-sm font-semibold text-stone-600">{label}</dt>
      <dd className="mt-1 text-3xl font-extrabold text-charcoal" data-testid={testId}>
        {typeof value === "number" ? formatNumber(value) : value}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-stone-500">{hint}</dd> : null}
    </div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, newest, today, now } = loaderData;
  const { timezone } = useRootData().store;
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Ringkasan pesanan hari ini dan pengguna toko Anda." />
      <section aria-labelledby="pesanan-hari-ini">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="pesanan-hari-ini" className="text-lg font-extrabold">
            Pesanan hari ini
          </h2>
          <Link to="/admin/pesanan" className="text-sm font-semibold text-chili-700 hover:underline">
            Buka papan pesanan
          </Link>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Figure
            label="Pesanan hari ini"
            value={today.orders}
            hint="Tanpa yang dibatalkan."
            testId="today-orders"
          />
          <Figure
            label="Pendapatan hari ini"
            value={formatRupiah(today.revenue)}
            hint="Dari pesanan yang sudah diterima dapur."
            testId="today-revenue"
          />
          <Figure
            label="Diskon hari ini"
            value={formatRupiah(today.discount)}
            hint="Potongan promo pada pesanan yang diterima."
            testId="today-discount"
          />
          <Figure
            label="Dibatalkan hari ini"
            value={today.cancelled}
            hint="Oleh restoran."
            testId="today-cancelled"
          />
          <Figure
            label="Pesanan menunggu"
            value={today.waiting}
            hint="Belum selesai."
            testId="today-waiting"
          />
          <Figure
            label="Terlama menunggu"
            value={today.oldestWaitingSince ? waitingText(today.oldestWaitingSince, now) : "—"}
            testId="today-oldest"
          />
        </dl>
        <PaymentSplitTable rows={today.payments} title="Hari ini per cara bayar" />
      </section>
      {stats ? (
        <>
          <h2 className="mt-8 mb-3 text-lg font-extrabold">Pengguna</h2>
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Figure label="Jumlah pengguna" value={stats.total} />
            <Figure label="Pengguna baru (7 hari terakhir)" value={stats.newLast7Days} />
            <Figure label="Daftar dengan email" value={stats.byProvider.password} />
            <Figure label="Daftar dengan Google" value={stats.byProvider.google} />
          </dl>
          <section className="card mt-6 p-5" aria-labelledby="pengguna-terbaru">
            <div className="flex items-center justify-between gap-3">
              <h2 id="pengguna-terbaru" className="text-lg font-extrabold">
                Pengguna terbaru
              </h2>
              <Link to="/admin/users" className="text-sm font-semibold text-chili-700 hover:underline">
                Lihat semua
              </Link>
            </div>
            {newest.length === 0 ? (
              <p className="mt-3 text-stone-600">Belum ada pengguna.</p>
            ) : (
              <ul className="mt-3 divide-y divide-stone-100">
                {newest.map((user) => (
                  <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="min-w-0">
                      <p className="truncate font-semibold">{user.nama}</p>
                      <p className="truncate text-sm text-stone-600">{user.email}</p>
                    </div>
                    <p className="text-sm text-stone-600">
                      {providerLabel(user.provider)} · {formatDate(user.created_at, timezone)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <p className="mt-4 text-sm text-stone-500">Staf: {formatNumber(stats.admins)} akun.</p>
        </>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Dashboard");
