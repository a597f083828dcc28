// An order's details, lines, promotions and total, for its customer's page and its admin page.
import { formatRupiah } from "~/lib/format.ts";
import type { OrderPageData } from "../order-page-data.server.ts";

type Summary = Pick<OrderPageData, "details" | "lines" | "subtotal" | "discounts" | "total">;

export function OrderSummary({ order, className = "" }: { order: Summary; className?: string }) {
  return (
    <section className={`card p-5 ${className}`} aria-labelledby="rincian-pesanan">
      <h2 id="rincian-pesanan" className="text-lg font-extrabold">
        Rincian
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {order.details.map((row) => [
          <dt key={`${row.label}-t`} className="font-semibold text-stone-600">
            {row.label}
          </dt>,
          <dd key={`${row.label}-d`}>{row.value}</dd>,
        ])}
      </dl>
      <ul className="mt-4 divide-y divide-stone-100 border-t border-stone-100" aria-label="Menu yang dipesan">
        {order.lines.map((line, index) => (
          <li key={index} className="flex justify-between gap-3 py-2.5" data-testid="order-page-line">
            <div className="min-w-0">
              <p className="font-bold">{line.title}</p>
              {line.level ? <p className="text-sm font-semibold text-chili-700">{line.level}</p> : null}
              {line.catatan ? <p className="text-sm text-stone-600">Catatan: {line.catatan}</p> : null}
            </div>
            <p className="shrink-0 font-semibold">{formatRupiah(line.subtotal)}</p>
          </li>
        ))}
      </ul>
      {order.discounts.length > 0 ? (
        <dl className="space-y-1 border-t border-stone-200 py-3 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">Subtotal</dt>
            <dd>{formatRupiah(order.subtotal)}</dd>
          </div>
          {order.discounts.map((entry, index) => (
            <div key={index} className="flex justify-between gap-3 font-semibold text-green-800">
              <dt>Promo {entry.title}</dt>
              <dd className="shrink-0" data-testid="order-page-discount">
                -{formatRupiah(entry.amount)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="flex justify-between border-t border-stone-200 pt-3 text-lg font-extrabold">
        Total
        <span className="text-chili-700" data-testid="order-page-total">
          {formatRupiah(order.total)}
        </span>
      </p>
    </section>
  );
}
