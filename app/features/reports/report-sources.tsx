/** The report's split of sales by where the orders came from: online or at the counter (0039). */
import { formatRupiah } from "~/lib/format.ts";

interface Sales {
  orders: number;
  revenue: number;
}

export function ReportSources({ all, kasir }: { all: Sales; kasir: Sales }) {
  const rows = [
    {
      label: "Online",
      testId: "report-source-online",
      orders: all.orders - kasir.orders,
      revenue: all.revenue - kasir.revenue,
    },
    { label: "Kasir", testId: "report-source-kasir", ...kasir },
  ];
  return (
    <section className="card mt-6 p-5" aria-labelledby="sumber-pesanan">
      <h2 id="sumber-pesanan" className="font-extrabold">
        Sumber pesanan
      </h2>
      <dl className="mt-2 grid gap-2 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="rounded-lg bg-stone-50 p-3" data-testid={row.testId}>
            <dt className="text-sm text-stone-600">{row.label}</dt>
            <dd className="font-extrabold">
              {row.orders.toLocaleString("id-ID")} pesanan · {formatRupiah(row.revenue)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
