// The customer's order page: every word from the server; the live stream replaces the status part (0020).
import { WhatsAppIcon } from "~/ui/icons.tsx";
import { whatsappLink } from "~/lib/whatsapp.ts";
import type { OrderLiveState, OrderPageData } from "../order-page-data.server.ts";
import { OrderChanged } from "./order-changed.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { OrderPaymentPanel } from "../../payments/order-payment-panel.tsx";
import { useOrderLive } from "./use-order-live.ts";

const DOT: Record<OrderLiveState["steps"][number]["state"], string> = {
  done: "border-chili-600 bg-chili-600",
  current: "border-chili-600 bg-white",
  ahead: "border-stone-300 bg-white",
  cancelled: "border-stone-500 bg-stone-500",
};

export function Timeline({ steps }: { steps: OrderLiveState["steps"] }) {
  return (
    <ol className="mt-5" aria-label="Perjalanan pesanan" data-testid="order-timeline">
      {steps.map((step) => (
        <li
          key={step.status}
          className="relative flex gap-3 pb-5 before:absolute before:top-6 before:left-[11px] before:h-[calc(100%-1rem)] before:w-0.5 before:bg-stone-200 last:pb-0 last:before:hidden data-[state=done]:before:bg-chili-500"
          data-state={step.state}
        >
          <span
            aria-hidden="true"
            className={`relative mt-0.5 size-6 shrink-0 rounded-full border-4 ${DOT[step.state]}`}
          />
          <div className="min-w-0">
            <p className={`font-bold ${step.state === "ahead" ? "text-stone-500" : ""}`}>
              {step.label}
              {step.state === "current" ? <span className="sr-only"> (sekarang)</span> : null}
            </p>
            {step.time ? (
              <p className="text-sm text-stone-600">
                <time dateTime={step.at ?? undefined}>{step.time}</time>
              </p>
            ) : null}
            {step.reason ? (
              <p className="mt-1 rounded-xl bg-stone-100 px-3 py-2 text-sm" data-testid="cancel-reason">
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
}: {
  order: OrderPageData;
  store: { brand: string; whatsapp: string };
  liveUrl: string;
}) {
  const { state: live, connected } = useOrderLive(liveUrl, order.live);
  const ask = whatsappLink(
    store.whatsapp,
    `Halo ${store.brand}, saya ingin menanyakan pesanan ${order.code}.`,
  );
  const done = live.status === "selesai";
  const tone =
    live.status === "batal"
      ? "bg-stone-200"
      : done
        ? "bg-green-100 text-green-900"
        : "bg-chili-50 text-chili-700";

  return (
    <div className="mx-auto max-w-2xl px-4 pt-8">
      <p className="text-sm font-semibold text-stone-600">
        Dipesan <time dateTime={order.createdAt}>{order.orderedAt}</time>
      </p>
      <h1 className="section-title sm:text-4xl">Pesanan {order.code}</h1>

      <section className="card mt-6 p-5" aria-labelledby="status-pesanan">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="status-pesanan" className="text-lg font-extrabold">
            Status
          </h2>
          <p className="text-xs font-semibold text-stone-500" data-testid="order-live">
            {connected ? "Diperbarui otomatis" : "Muat ulang halaman untuk status terbaru"}
          </p>
        </div>
        <div aria-live="polite" className="mt-2">
          <p
            className={`inline-block rounded-full px-4 py-1.5 text-lg font-extrabold ${tone}`}
            data-testid="order-page-status"
          >
            {live.label}
          </p>
          <p className="mt-2 text-stone-700">{live.explanation}</p>
        </div>
        <Timeline steps={live.steps} />
        <noscript>
          <a href="" className="mt-4 inline-block font-semibold text-chili-700 underline">
            Muat ulang status
          </a>
        </noscript>
      </section>

      <OrderChanged live={live} shownVersion={order.live.version} />
      <OrderPaymentPanel code={order.code} payment={order.payment} live={live.payment} />
      <OrderSummary order={order} className="mt-4" />

      <a href={ask} target="_blank" rel="noopener" className="btn-whatsapp mt-4 w-full">
        <WhatsAppIcon className="size-5" />
        Tanya soal pesanan ini
      </a>
      <p className="mt-3 text-center text-xs text-stone-500">
        Dicatat pukul {order.orderedClock}. Tautan di pesan WhatsApp-mu membuka halaman ini lagi kapan saja.
      </p>
    </div>
  );
}
