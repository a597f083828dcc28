/** The report's and the dashboard's sales by payment method, paid and unpaid (decision 0040). */
import { formatRupiah } from "~/lib/format.ts";
import { PAYMENT_LABELS } from "../payments/payment-labels.ts";
import type { PaymentSplitRow } from "./payment-split.server.ts";

export function PaymentSplitTable({ rows, title }: { rows: readonly PaymentSplitRow[]; title: string }) {
  const methods = [...new Set(rows.map((row) => row.method))];
  const cell = (method: PaymentSplitRow["method"], paid: boolean) =>
    rows.find((row) => row.method === method && row.paid === paid) ?? { orders: 0, revenue: 0 };
  return (
    <section className="card mt-6 p-5" aria-labelledby="penjualan-per-bayar" data-testid="payment-split">
      <h2 id="penjualan-per-bayar" className="text-lg font-extrabold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-stone-600">Belum ada penjualan.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-stone-600">
              <th className="py-1">Metode</th>
              <th className="py-1 text-right">Lunas</th>
              <th className="py-1 text-right">Belum dibayar</th>
            </tr>
          </thead>
          <tbody>
            {methods.map((method) => (
              <tr key={method ?? "lama"} className="border-t border-stone-100" data-method={method ?? ""}>
                <th scope="row" className="py-1 text-left font-semibold">
                  {method ? PAYMENT_LABELS[method] : "Tanpa metode"}
                </th>
                {[true, false].map((paid) => (
                  <td key={String(paid)} className="py-1 text-right" data-paid={paid}>
                    {formatRupiah(cell(method, paid).revenue)}
                    <span className="block text-xs text-stone-500">{cell(method, paid).orders} pesanan</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
