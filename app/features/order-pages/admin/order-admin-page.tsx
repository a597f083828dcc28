// An order's admin page (/admin/pesanan/<code>): details, lines and total, payment (0040), printing, status.
import { Link } from "react-router";
import type { FormAnswer } from "~/lib/form-answer.ts";
import type { OrderPageData } from "../order-page-data.server.ts";
import { PaidControl, type BoardPayment } from "../../payments/paid-control.tsx";
import { Timeline } from "../customer/order-page.tsx";
import { OrderSummary } from "../customer/order-summary.tsx";
import { OrderPrintActions } from "../../kitchen/printing/order-print-actions.tsx";
import type { OrderPrints } from "../../kitchen/printing/print-api.ts";

export function OrderAdminPage({
  order,
  prints,
  payment,
  timezone,
  paidAnswer,
  pin,
}: {
  order: OrderPageData;
  prints: OrderPrints;
  payment: BoardPayment;
  timezone: string;
  paidAnswer: FormAnswer | undefined;
  /** Undoing Lunas asks for a manager's PIN (0059). */
  pin: boolean;
}) {
  return (
    <div
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
      data-testid="admin-order-page"
    >
      <OrderSummary order={order} />
      <div className="grid gap-4">
        <section className="card p-5" aria-labelledby="bayar-pesanan">
          <h2 id="bayar-pesanan" className="text-lg font-extrabold">
            Pembayaran
          </h2>
          <PaidControl order={payment} timezone={timezone} answer={paidAnswer} pin={pin} />
        </section>
        <section className="card p-5" aria-labelledby="cetak-pesanan">
          <h2 id="cetak-pesanan" className="text-lg font-extrabold">
            Cetak
          </h2>
          <OrderPrintActions code={order.code} prints={prints} />
          <p className="mt-2 text-sm text-stone-600">
            Printer perangkat ini dan Auto-cetak diatur di{" "}
            <Link to="/admin/pesanan" className="font-semibold text-chili-700 underline">
              papan pesanan
            </Link>
            .
          </p>
        </section>
        <section className="card p-5" aria-labelledby="perjalanan-pesanan">
          <h2 id="perjalanan-pesanan" className="text-lg font-extrabold">
            Perjalanan: <span data-testid="admin-order-status">{order.live.label}</span>
          </h2>
          <Timeline steps={order.live.steps} />
        </section>
      </div>
    </div>
  );
}
