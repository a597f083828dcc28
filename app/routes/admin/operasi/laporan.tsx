import { Link } from "react-router";
import type { Route } from "./+types/laporan";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { formatRupiah } from "~/lib/format.ts";
import { adminMeta } from "~/lib/meta.ts";
import { AdminTable } from "~/ui/admin-table.tsx";
import { orderReport, type ReportDay } from "~/features/reports/report.server.ts";
import { ReportSources } from "~/features/reports/report-sources.tsx";
import { PaymentSplitTable } from "~/features/reports/payment-split-table.tsx";
import { getStoreSettingsValues } from "~/features/store/settings.server.ts";

// /admin/laporan: the last 30 days' confirmed orders and revenue per day, and the best sellers.
export async function loader({ context }: Route.LoaderArgs) {
  requireAccess(context, "/admin/laporan");
  const db = await getDb();
  const { timezone } = await getStoreSettingsValues(db);
  return { report: await orderReport(db, timezone), timezone };
}

const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

function compactRupiah(amount: number) {
  if (amount >= 1_000_000)
    return `${(amount / 1_000_000).toLocaleString("id-ID", { maximumFractionDigits: 1 })} jt`;
  if (amount >= 1_000) return `${Math.round(amount / 1_000).toLocaleString("id-ID")} rb`;
  return String(amount);
}

// Plain SVG, no chart library; the table below has the same figures for screen readers.
function RevenueChart({ days }: { days: ReportDay[] }) {
  const width = 720;
  const height = 240;
  const left = 48;
  const bottom = 24;
  const top = 12;
  const plotHeight = height - bottom - top;
  const maxRevenue = Math.max(1, ...days.map((day) => day.revenue));
  const maxOrders = Math.max(1, ...days.map((day) => day.orders));
  const column = (width - left) / days.length;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full min-w-[600px] shrink-0"
      role="img"
      aria-label="Grafik pendapatan (batang) dan jumlah pesanan dikonfirmasi (titik) per hari, 30 hari terakhir"
    >
      {[0, 0.5, 1].map((fraction) => {
        const y = top + plotHeight * (1 - fraction);
        return (
          <g key={fraction}>
            <line x1={left} x2={width} y1={y} y2={y} className="stroke-stone-200" strokeWidth="1" />
            <text x={left - 6} y={y + 4} textAnchor="end" className="fill-stone-500 text-[11px]">
              {compactRupiah(maxRevenue * fraction)}
            </text>
          </g>
        );
      })}
      {days.map((day, index) => {
        const x = left + index * column;
        const barHeight = (day.revenue / maxRevenue) * plotHeight;
        const dotY = top + plotHeight * (1 - day.orders / maxOrders);
        return (
          <g key={day.date}>
            <rect
              x={x + column * 0.15}
              y={top + plotHeight - barHeight}
              width={column * 0.7}
              height={barHeight}
              rx="2"
              className="fill-chili-500"
            >
              <title>{`${shortDate(day.date)}: ${formatRupiah(day.revenue)}, ${day.orders} pesanan dikonfirmasi`}</title>
            </rect>
            {day.orders > 0 ? <circle cx={x + column / 2} cy={dotY} r="3" className="fill-charcoal" /> : null}
            {index % 5 === 4 || index === 0 ? (
              // The last day's date ends at the chart's edge instead of being cut by it.
              <text
                x={index === days.length - 1 ? width : x + column / 2}
                y={height - 6}
                textAnchor={index === days.length - 1 ? "end" : "middle"}
                className="fill-stone-500 text-[11px]"
              >
                {shortDate(day.date)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

function Figure({
  label,
  testId,
  accent = false,
  hint,
  children,
}: {
  label: string;
  testId: string;
  accent?: boolean;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="card p-5">
      <p className="text-sm text-stone-600">{label}</p>
      <p className={`text-3xl font-extrabold ${accent ? "text-chili-700" : ""}`} data-testid={testId}>
        {children}
      </p>
      {hint ? <p className="mt-1 text-xs text-stone-500">{hint}</p> : null}
    </div>
  );
}

export default function AdminReport({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const best = report.bestSellers;
  const maxSold = Math.max(1, ...best.map((item) => item.jumlah));
  return (
    <>
      <AdminPageHeader
        title="Laporan"
        description="Penjualan 30 hari terakhir dari pesanan yang sudah diterima dapur (status Diterima, Dimasak, Siap, atau Selesai). Pesanan yang masih Baru dan yang Dibatalkan dihitung terpisah, tanpa pendapatan."
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Pesanan dikonfirmasi (30 hari)" testId="report-orders">
          {report.totalOrders.toLocaleString("id-ID")}
        </Figure>
        <Figure
          label="Pendapatan bersih (30 hari)"
          testId="report-revenue"
          accent
          hint={
            report.totalDiscount > 0
              ? `${formatRupiah(report.totalGross)} sebelum promo, ${formatRupiah(report.totalDiscount)} potongan promo.`
              : "Yang dibayar pelanggan, setelah potongan promo."
          }
        >
          {formatRupiah(report.totalRevenue)}
        </Figure>
        <Figure
          label="Belum dikonfirmasi (status Baru)"
          testId="report-unconfirmed"
          hint="Tercatat saat checkout, tapi belum diterima. Bisa jadi pesannya tidak pernah dikirim."
        >
          {report.totalUnconfirmed.toLocaleString("id-ID")}
        </Figure>
        <Figure label="Dibatalkan" testId="report-cancelled">
          {report.totalCancelled.toLocaleString("id-ID")}
        </Figure>
      </div>

      <ReportSources
        all={{ orders: report.totalOrders, revenue: report.totalRevenue }}
        kasir={report.kasir}
      />
      <PaymentSplitTable rows={report.payments} title="Penjualan per cara bayar" />

      <section className="card mt-6 p-5" aria-labelledby="per-hari">
        <h2 id="per-hari" className="font-extrabold">
          Per hari
        </h2>
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-stone-600" aria-hidden="true">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-chili-500" /> Pendapatan
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2 rounded-full bg-charcoal" /> Jumlah pesanan dikonfirmasi
          </span>
        </p>
        {/* On a phone the days scroll sideways; row-reverse starts the scroll at the right end, on today. */}
        <div
          className="-mx-1 mt-2 flex flex-row-reverse overflow-x-auto px-1"
          role="region"
          tabIndex={0}
          aria-label="Grafik per hari, geser ke samping"
        >
          <RevenueChart days={report.days} />
        </div>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-chili-700">Lihat angka per hari</summary>
          <AdminTable
            compact
            className="mt-2"
            caption="Angka per hari, terbaru di atas"
            columns={[
              { header: "Tanggal", rowHeader: true, className: "font-normal", cell: (day) => day.date },
              { header: "Dikonfirmasi", align: "right", cell: (day) => day.orders },
              { header: "Pendapatan", align: "right", cell: (day) => formatRupiah(day.revenue) },
              { header: "Belum dikonfirmasi", align: "right", cell: (day) => day.unconfirmed },
              { header: "Batal", align: "right", cell: (day) => day.cancelled },
            ]}
            rows={[...report.days].reverse()}
            rowKey={(day) => day.date}
          />
        </details>
      </section>

      <section className="card mt-6 p-5" aria-labelledby="potongan-promo">
        <h2 id="potongan-promo" className="font-extrabold">
          Potongan per promo
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Dari pesanan yang dikonfirmasi, 30 hari terakhir. Pendapatan di atas sudah dikurangi potongan ini.
        </p>
        {report.discounts.length === 0 ? (
          <p className="mt-2 text-stone-600">Belum ada promo yang dipakai pada pesanan yang dikonfirmasi.</p>
        ) : (
          <AdminTable
            compact
            className="mt-3"
            caption="Potongan per promo"
            columns={[
              { header: "Promo", rowHeader: true, cell: (entry) => entry.title },
              { header: "Pesanan", align: "right", cell: (entry) => entry.orders },
              { header: "Potongan", align: "right", cell: (entry) => formatRupiah(entry.amount) },
            ]}
            rows={report.discounts}
            rowKey={(entry) => entry.title}
            rowProps={() => ({ "data-testid": "report-discount" })}
          />
        )}
      </section>

      <section className="card mt-6 p-5" aria-labelledby="terlaris">
        <h2 id="terlaris" className="font-extrabold">
          Menu terlaris
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Dari pesanan yang dikonfirmasi, 30 hari terakhir; nilai per menu sebelum potongan promo.
        </p>
        {best.length === 0 ? (
          <p className="mt-2 text-stone-600">Belum ada pesanan yang dikonfirmasi dalam 30 hari terakhir.</p>
        ) : (
          <ol className="mt-3 space-y-2">
            {best.map((item) => (
              <li key={item.nama} data-testid="report-best-seller">
                <div className="flex justify-between gap-2 text-sm">
                  <span className="font-semibold">{item.nama}</span>
                  <span>
                    {item.jumlah} porsi · {formatRupiah(item.revenue)}
                  </span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-stone-100" aria-hidden="true">
                  <div
                    className="h-2 rounded-full bg-ember-500"
                    style={{ width: `${Math.max(2, (item.jumlah / maxSold) * 100)}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      <p className="mt-6 text-sm">
        <Link to="/admin/log-perubahan" className="font-semibold text-chili-700 hover:underline">
          Lihat log perubahan
        </Link>
      </p>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Laporan");
