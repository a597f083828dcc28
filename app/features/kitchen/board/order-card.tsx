// One order on the staff board, one big button to the next step (0020); plain forms, fetchers with JS.
import { Link, useFetcher } from "react-router";
import { WhatsAppIcon } from "~/ui/icons.tsx";
import { formatRupiah } from "~/lib/format.ts";
import { whatsappLink } from "~/lib/whatsapp.ts";
import { formatWhatsAppNumber } from "~/lib/whatsapp-format.ts";
import { orderLineLevel } from "../../orders/order-line-level.ts";
import type { FormAnswer } from "~/lib/form-answer.ts";
import { addressText, fulfilmentText, whenText, type FulfilmentDetails } from "../../orders/order-details.ts";
import { stepActionLabel, waitingText } from "./board-words.ts";
import { clockTime } from "../../store/order-time.ts";
import { nextStep, statusLabel, type OrderStatus } from "../../orders/order-status.ts";
import { OrderMarks } from "../counter/order-marks.tsx";
import { OrderPrintActions } from "../printing/order-print-actions.tsx";
import { adminOrderPath, type OrderPrints, type TicketKind } from "../printing/print-api.ts";
import { PaidControl, type BoardPayment } from "../../payments/paid-control.tsx";
import { PinField } from "../../accounts/pin-field.tsx";

export interface BoardOrder extends BoardPayment, FulfilmentDetails {
  code: string;
  status: OrderStatus;
  customer_name: string | null;
  /** Before promotions; `total` is what the customer pays. */
  subtotal: number;
  total: number;
  outside_hours: boolean;
  replaced_by: string | null;
  /** The earlier order of the same browser this one replaced, or followed (that one stays). */
  replaces: string | null;
  follows: string | null;
  /** An account's, the counter's, or confirmed sent (confirmed-order.server.ts). */
  confirmed: boolean;
  source: "online" | "kasir";
  version: number;
  sent_at: Date | string | null;
  cleared_unsent: boolean;
  created_at: Date | string;
  cancel_reason: string | null;
  items: { nama: string; jumlah: number; level: number | null; catatan: string; subtotal: number }[];
  discounts: { title: string; amount: number }[];
}

type PricedKeys =
  "subtotal" | "total" | "discounts" | "items" | "payment_method" | "paid_at" | "paid_amount" | "paid_by";

/** The kitchen's card (board.server.ts forKitchen): no price, no phone, no payment. */
export type KitchenOrder = Omit<BoardOrder, PricedKeys> & {
  kitchen: true;
  items: { nama: string; jumlah: number; level: number | null; catatan: string }[];
};

/** What the viewer's role may do here, from the matrix (access.ts), given by the board's loader. */
export interface BoardCan {
  cancel: boolean;
  paid: boolean;
  detail: boolean;
  tickets: TicketKind[];
  /** A cancel and undoing Lunas ask for a manager's PIN (0059). */
  pin: boolean;
}

const STATUS_STYLES: Record<OrderStatus, string> = {
  baru: "bg-sky-100 text-sky-900",
  diterima: "bg-amber-100 text-amber-900",
  dimasak: "bg-orange-100 text-orange-900",
  siap: "bg-lime-100 text-lime-900",
  selesai: "bg-green-100 text-green-900",
  batal: "bg-stone-200 text-stone-700",
};

const CANCEL_REASONS = [
  "Menu yang dipesan sedang habis.",
  "Toko sudah tutup.",
  "Alamat di luar jangkauan antar.",
  "Pelanggan tidak bisa dihubungi.",
];

export function OrderCard({
  order,
  timezone,
  now,
  prints,
  can,
}: {
  order: BoardOrder | KitchenOrder;
  timezone: string;
  now: number;
  prints: OrderPrints;
  can: BoardCan;
}) {
  const priced = "kitchen" in order ? null : order;
  const step = useFetcher<FormAnswer>();
  const cancel = useFetcher<FormAnswer>();
  const next = nextStep(order.status);
  const busy = step.state !== "idle" || cancel.state !== "idle";
  const answer = [cancel.data, step.data].find((data) => data?.status === "error");
  const active = next !== null;
  const address = addressText(order);
  const how = fulfilmentText(order);
  const unsent = order.status === "baru" && !order.sent_at;
  const reasonsId = `alasan-${order.code}`;

  return (
    <li
      className={`card p-4 ${unsent ? "border-dashed" : ""}`}
      data-testid="admin-order"
      data-code={order.code}
      data-status={order.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-mono text-2xl font-extrabold tracking-wide">
            {can.detail ? (
              <Link to={adminOrderPath(order.code)} className="hover:underline">
                {order.code}
              </Link>
            ) : (
              order.code
            )}
          </h2>
          <p className="text-sm text-stone-600">
            <time dateTime={new Date(order.created_at).toISOString()}>
              {clockTime(new Date(order.created_at), timezone)}
            </time>
            {active ? (
              <>
                {" · "}
                <strong className="text-charcoal" data-testid="order-waiting">
                  menunggu {waitingText(order.created_at, now)}
                </strong>
              </>
            ) : null}
            {order.outside_hours ? " · masuk saat tutup" : ""}
          </p>
          <OrderMarks order={order} editable={can.detail} />
        </div>
        <div className="text-right">
          <span
            className={`inline-block rounded-full px-3 py-1 text-sm font-bold ${STATUS_STYLES[order.status]}`}
            data-testid="order-status"
          >
            {statusLabel(order.status, order.fulfilment)}
          </span>
          {priced ? <p className="mt-1 text-lg font-extrabold">{formatRupiah(priced.total)}</p> : null}
        </div>
      </div>

      {unsent ? (
        <p
          className="mt-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
          data-testid="order-unsent"
        >
          Belum dikonfirmasi terkirim: pelanggan belum menekan “sudah terkirim”. Cocokkan dengan chat
          WhatsApp.{order.confirmed ? "" : " Tiket dapur dicetak otomatis setelah pesanan diterima."}
        </p>
      ) : null}
      {order.replaces ? (
        <p className="mt-2 text-sm font-semibold text-sky-900" data-testid="order-replaces">
          {order.code} menggantikan {order.replaces}
        </p>
      ) : order.follows ? (
        <p className="mt-2 text-sm font-semibold text-violet-900" data-testid="order-follows">
          Pelanggan yang sama dengan {order.follows}: pesanan tambahan, {order.follows} tetap berjalan.
        </p>
      ) : null}

      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-stone-600">Waktu</dt>
        <dd className="font-bold" data-testid="order-when">
          {order.fulfilment ? whenText(order, timezone) : "—"}
        </dd>
        <dt className="font-semibold text-stone-600">Cara</dt>
        <dd data-testid="order-fulfilment">
          <span className="font-bold">{how ?? "—"}</span>
          {address ? <span className="block">{address}</span> : null}
        </dd>
        <dt className="font-semibold text-stone-600">Pemesan</dt>
        <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{order.customer_name ?? "Tamu"}</span>
          {order.customer_phone ? (
            <a
              href={whatsappLink(
                order.customer_phone,
                `Halo ${order.customer_name ?? ""}, soal pesanan ${order.code}:`,
              )}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-green-50 px-3 font-semibold text-green-800"
            >
              <WhatsAppIcon className="size-4" />
              {formatWhatsAppNumber(order.customer_phone)}
            </a>
          ) : null}
        </dd>
      </dl>

      <ul className="mt-3 space-y-1 border-t border-stone-100 pt-3">
        {(priced?.items ?? order.items).map((line, index) => (
          <li key={index}>
            <span className="font-bold">
              {line.jumlah}x {line.nama}
            </span>
            {orderLineLevel(line.nama, line.level) ? (
              <span className="font-semibold text-chili-700"> · {orderLineLevel(line.nama, line.level)}</span>
            ) : null}
            {"subtotal" in line && typeof line.subtotal === "number" ? (
              <span className="text-stone-600"> — {formatRupiah(line.subtotal)}</span>
            ) : null}
            {line.catatan ? (
              <span className="block pl-4 text-sm font-semibold text-amber-800">Catatan: {line.catatan}</span>
            ) : null}
          </li>
        ))}
        {priced && priced.discounts.length > 0 ? (
          <li className="text-stone-600">Subtotal {formatRupiah(priced.subtotal)}</li>
        ) : null}
        {(priced?.discounts ?? []).map((entry, index) => (
          <li key={`promo-${index}`} className="font-semibold text-green-800" data-testid="order-discount">
            Promo {entry.title}: -{formatRupiah(entry.amount)}
          </li>
        ))}
      </ul>

      {order.replaced_by ? (
        <p className="mt-2 text-sm font-semibold text-stone-700" data-testid="order-replaced-by">
          Dibatalkan otomatis: pelanggan mengubah pesanan, diganti {order.replaced_by}
        </p>
      ) : order.status === "batal" && order.cancel_reason ? (
        <p className="mt-2 text-sm text-stone-700" data-testid="order-cancel-reason">
          Alasan: {order.cancel_reason}
        </p>
      ) : null}

      {priced && can.paid ? <PaidControl order={priced} timezone={timezone} pin={can.pin} /> : null}
      <OrderPrintActions code={order.code} prints={prints} kinds={can.tickets} />

      {answer ? (
        <p
          role="alert"
          className="mt-3 rounded-xl bg-chili-50 px-3 py-2 text-sm font-semibold text-chili-700"
        >
          {answer.message}
        </p>
      ) : null}

      {active ? (
        <div className="mt-3 grid gap-2">
          <step.Form method="post">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="code" value={order.code} />
            <input type="hidden" name="status" value={next} />
            <button type="submit" disabled={busy} className="btn-primary min-h-14 w-full text-lg">
              {stepActionLabel(next, order.fulfilment)}
              <span className="sr-only"> pesanan {order.code}</span>
            </button>
          </step.Form>
          {can.cancel ? (
            <details className="rounded-2xl border border-stone-200 open:bg-stone-50">
              <summary className="flex min-h-11 cursor-pointer items-center justify-center rounded-2xl px-3 font-bold text-chili-700">
                Batalkan<span className="sr-only"> pesanan {order.code}</span>
              </summary>
              <cancel.Form method="post" className="grid gap-2 p-3 pt-0">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="code" value={order.code} />
                <input type="hidden" name="status" value="batal" />
                <label htmlFor={`f-alasan-${order.code}`} className="field-label">
                  Alasan pembatalan (dibaca pelanggan)
                </label>
                <input
                  id={`f-alasan-${order.code}`}
                  name="alasan"
                  required
                  minLength={3}
                  maxLength={200}
                  list={reasonsId}
                  placeholder="Contoh: Menu yang dipesan sedang habis."
                  className="field-input"
                />
                <datalist id={reasonsId}>
                  {CANCEL_REASONS.map((reason) => (
                    <option key={reason} value={reason} />
                  ))}
                </datalist>
                {can.pin ? <PinField /> : null}
                <button type="submit" disabled={busy} className="btn-secondary min-h-12 text-chili-700">
                  Ya, batalkan pesanan {order.code}
                </button>
              </cancel.Form>
            </details>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
