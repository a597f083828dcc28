/**
 * The customer's order page: where the order is (a timeline with times, live), what was ordered
 * and how it reaches them. The status part follows the live stream (use-order-live.ts); the rest
 * never changes. Everything is in the server's HTML, so the page reads the same without
 * JavaScript, where a reload shows the latest status.
 */
import { WhatsAppIcon } from "~/components/ui/icons.tsx";
import { formatRupiah } from "~/lib/format.ts";
import { formatWhatsAppNumber, whatsappLink } from "~/lib/whatsapp.ts";
import { spiceLevelLabel } from "../../catalog/spice-levels.ts";
import { addressText, fulfilmentText, whenText } from "../order-details.ts";
import { clockTime, formatSlot } from "../order-slots.ts";
import { statusExplanation, statusLabel, type Fulfilment, type OrderStatus } from "../order-status.ts";
import { timelineSteps } from "../order-timeline.ts";
import { ReorderButton } from "./reorder-button.tsx";
import { useOrderLive, type LiveOrderState } from "./use-order-live.ts";

export interface OrderPageOrder extends LiveOrderState {
  code: string;
  fulfilment: Fulfilment | null;
  customer_name: string | null;
  customer_phone: string | null;
  address: string | null;
  landmark: string | null;
  table_number: string | null;
  scheduled_for: string | null;
  created_at: string;
  total: number;
  lines: {
    menu_item_id: string | null;
    nama: string;
    harga: number;
    jumlah: number;
    level: number | null;
    catatan: string;
    subtotal: number;
  }[];
}

interface Store {
  brand: string;
  whatsapp: string;
  timezone: string;
}

const STATUS_STYLES: Record<OrderStatus, string> = {
  baru: "bg-sky-100 text-sky-900",
  diterima: "bg-amber-100 text-amber-900",
  dimasak: "bg-orange-100 text-orange-900",
  siap: "bg-lime-100 text-lime-900",
  selesai: "bg-green-100 text-green-900",
  batal: "bg-stone-200 text-stone-800",
};

function Timeline({
  order,
  timezone,
}: {
  order: OrderPageOrder & { status: OrderStatus };
  timezone: string;
}) {
  const steps = timelineSteps(order.status, order.fulfilment, order.timeline);
  return (
    <ol className="mt-5 space-y-0" aria-label="Perjalanan pesanan" data-testid="order-timeline">
      {steps.map((step, index) => (
        <li key={step.status} className="relative flex gap-3 pb-5 last:pb-0" data-state={step.state}>
          {index < steps.length - 1 ? (
            <span
              aria-hidden="true"
              className={`absolute top-6 left-[11px] h-[calc(100%-1rem)] w-0.5 ${
                step.state === "done" ? "bg-chili-500" : "bg-stone-200"
              }`}
            />
          ) : null}
          <span
            aria-hidden="true"
            className={`relative z-10 mt-0.5 size-6 shrink-0 rounded-full border-4 ${
              step.state === "cancelled"
                ? "border-stone-500 bg-stone-500"
                : step.state === "done"
                  ? "border-chili-600 bg-chili-600"
                  : step.state === "current"
                    ? "border-chili-600 bg-white"
                    : "border-stone-300 bg-white"
            }`}
          />
          <div className="min-w-0">
            <p className={`font-bold ${step.state === "ahead" ? "text-stone-400" : "text-charcoal"}`}>
              {step.label}
              {step.state === "current" ? <span className="sr-only"> (sekarang)</span> : null}
            </p>
            {step.at ? (
              <p className="text-sm text-stone-600">
                <time dateTime={step.at}>{formatSlot(new Date(step.at), timezone)}</time>
              </p>
            ) : null}
            {step.reason ? (
              <p
                className="mt-1 rounded-xl bg-stone-100 px-3 py-2 text-sm text-stone-800"
                data-testid="cancel-reason"
              >
                Alasan dari restoran: {step.reason}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

export function OrderPage({
  order,
  store,
  liveUrl,
  catalog,
}: {
  order: OrderPageOrder;
  store: Store;
  liveUrl: string;
  catalog: readonly { id: string; gambar: string }[];
}) {
  const live = useOrderLive(liveUrl, {
    status: order.status,
    timeline: order.timeline,
    eventId: order.eventId,
  });
  const current = { ...order, ...live };
  const how = fulfilmentText(order);
  const address = addressText(order);
  const ask = whatsappLink(
    store.whatsapp,
    `Halo ${store.brand}, saya ingin menanyakan pesanan ${order.code}.`,
  );

  return (
    <div className="mx-auto max-w-2xl px-4 pt-8">
      <p className="text-sm font-semibold text-stone-600">
        Dipesan{" "}
        <time dateTime={order.created_at}>{formatSlot(new Date(order.created_at), store.timezone)}</time>
      </p>
      <h1 className="section-title sm:text-4xl">
        Pesanan <span className="font-mono">{order.code}</span>
      </h1>

      <section className="card mt-6 p-5" aria-labelledby="status-pesanan">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="status-pesanan" className="text-lg font-extrabold">
            Status
          </h2>
          <p className="text-xs font-semibold text-stone-500" data-testid="order-live">
            {live.connected ? "Diperbarui otomatis" : "Muat ulang halaman untuk status terbaru"}
          </p>
        </div>
        <div aria-live="polite" className="mt-2">
          <p>
            <span
              className={`inline-block rounded-full px-4 py-1.5 text-lg font-extrabold ${STATUS_STYLES[current.status]}`}
              data-testid="order-page-status"
            >
              {statusLabel(current.status, order.fulfilment)}
            </span>
          </p>
          <p className="mt-2 text-stone-700">{statusExplanation(current.status, order.fulfilment)}</p>
        </div>
        <Timeline order={current} timezone={store.timezone} />
        <noscript>
          <p className="mt-4">
            <a href="" className="font-semibold text-chili-700 underline">
              Muat ulang status
            </a>
          </p>
        </noscript>
      </section>

      <section className="card mt-4 p-5" aria-labelledby="rincian-pesanan">
        <h2 id="rincian-pesanan" className="text-lg font-extrabold">
          Rincian
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {order.customer_name ? (
            <>
              <dt className="font-semibold text-stone-600">Atas nama</dt>
              <dd>{order.customer_name}</dd>
            </>
          ) : null}
          {order.customer_phone ? (
            <>
              <dt className="font-semibold text-stone-600">WhatsApp</dt>
              <dd>{formatWhatsAppNumber(order.customer_phone)}</dd>
            </>
          ) : null}
          {how ? (
            <>
              <dt className="font-semibold text-stone-600">Cara</dt>
              <dd>{how}</dd>
            </>
          ) : null}
          {address ? (
            <>
              <dt className="font-semibold text-stone-600">Alamat</dt>
              <dd>{address}</dd>
            </>
          ) : null}
          {how ? (
            <>
              <dt className="font-semibold text-stone-600">Waktu</dt>
              <dd data-testid="order-page-when">{whenText(order, store.timezone)}</dd>
            </>
          ) : null}
        </dl>
        <ul
          className="mt-4 divide-y divide-stone-100 border-t border-stone-100"
          aria-label="Menu yang dipesan"
        >
          {order.lines.map((line, index) => (
            <li key={index} className="flex justify-between gap-3 py-2.5" data-testid="order-page-line">
              <div className="min-w-0">
                <p className="font-bold">
                  {line.jumlah}x {line.nama}
                </p>
                {line.level !== null ? (
                  <p className="text-sm font-semibold text-chili-700">{spiceLevelLabel(line.level)}</p>
                ) : null}
                {line.catatan ? <p className="text-sm text-stone-600">Catatan: {line.catatan}</p> : null}
              </div>
              <p className="shrink-0 font-semibold">{formatRupiah(line.subtotal)}</p>
            </li>
          ))}
        </ul>
        <p className="flex justify-between border-t border-stone-200 pt-3 text-lg font-extrabold">
          <span>Total</span>
          <span className="text-chili-700" data-testid="order-page-total">
            {formatRupiah(order.total)}
          </span>
        </p>
      </section>

      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        <a href={ask} target="_blank" rel="noopener" className="btn-whatsapp">
          <WhatsAppIcon className="size-5" />
          Tanya soal pesanan ini
        </a>
        <ReorderButton lines={order.lines} catalog={catalog} />
      </div>
      <p className="mt-3 text-center text-xs text-stone-500">
        Dicatat pukul {clockTime(new Date(order.created_at), store.timezone)}. Tautan di pesan WhatsApp-mu
        membuka halaman ini lagi kapan saja.
      </p>
    </div>
  );
}
