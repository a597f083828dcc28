// An order's payment on its board card and admin page; plain forms that work without JavaScript (0040).
import { useFetcher } from "react-router";
import type { FormAnswer } from "~/lib/form-answer.ts";
import { formatRupiah } from "~/lib/format.ts";
import { clockTime } from "../store/order-time.ts";
import { PAYMENT_LABELS } from "./payment-labels.ts";
import { differenceText, PAID_INTENTS, type OrderPaymentState } from "./order-payment.ts";
import { PinField } from "../accounts/pin-field.tsx";

export interface BoardPayment extends OrderPaymentState {
  code: string;
  paid_by: string | null;
  status: string;
}

export function PaidControl({
  order,
  timezone,
  answer,
  pin = false,
}: {
  order: BoardPayment;
  timezone: string;
  /** Undoing Lunas asks for a manager's PIN (0059). */
  pin?: boolean;
  /** The action's answer to a form sent without JavaScript. */
  answer?: FormAnswer;
}) {
  const fetcher = useFetcher<FormAnswer>();
  const busy = fetcher.state !== "idle";
  // A fetcher's success shows as the new state; a plain POST's answer (no JavaScript) is said.
  const said = fetcher.data ? (fetcher.data.status === "error" ? fetcher.data : undefined) : answer;
  const method = order.payment_method ? PAYMENT_LABELS[order.payment_method] : "Belum dipilih";
  const difference = differenceText(order);
  return (
    <div className="mt-3 rounded-xl border border-stone-200 p-3 text-sm" data-testid="order-payment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-semibold text-stone-600">Bayar:</span> <strong>{method}</strong>{" "}
          <span
            className={`ml-1 rounded-full px-2 py-0.5 font-bold ${order.paid_at ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
            data-testid="order-paid-state"
          >
            {order.paid_at ? "Lunas" : "Belum dibayar"}
          </span>
          {order.paid_at ? (
            <span className="block text-stone-600">
              {clockTime(new Date(order.paid_at), timezone)}
              {order.paid_by ? ` · ${order.paid_by}` : ""}
            </span>
          ) : null}
        </p>
        {order.paid_at || order.status === "batal" ? null : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value={PAID_INTENTS.paid} />
            <input type="hidden" name="code" value={order.code} />
            <button type="submit" disabled={busy} className="btn-secondary min-h-11">
              Tandai lunas {formatRupiah(order.total)}
              <span className="sr-only"> pesanan {order.code}</span>
            </button>
          </fetcher.Form>
        )}
      </div>
      {difference ? (
        <p className="mt-2 font-semibold text-amber-800" data-testid="order-paid-difference">
          {difference}
        </p>
      ) : null}
      {order.paid_at ? (
        <details className="mt-2">
          <summary className="cursor-pointer font-semibold text-stone-600">Batalkan lunas</summary>
          <fetcher.Form method="post" className="mt-2 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value={PAID_INTENTS.unpaid} />
            <input type="hidden" name="code" value={order.code} />
            <input
              name="alasan"
              required
              minLength={3}
              maxLength={200}
              aria-label={`Alasan membatalkan lunas ${order.code}`}
              placeholder="Contoh: salah tekan"
              className="field-input flex-1"
            />
            {pin ? <PinField /> : null}
            <button type="submit" disabled={busy} className="btn-secondary min-h-11">
              Batalkan lunas
            </button>
          </fetcher.Form>
        </details>
      ) : null}
      {said?.message ? (
        <p
          role={said.status === "error" ? "alert" : "status"}
          className={`mt-2 font-semibold ${said.status === "error" ? "text-chili-700" : "text-green-800"}`}
        >
          {said.message}
        </p>
      ) : null}
    </div>
  );
}
