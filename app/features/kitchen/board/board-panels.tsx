// The board's panels around the orders: live bar, "Toko sibuk", clearing unsent orders, filters; plain forms.
import { Form, Link } from "react-router";
import { useHydrated } from "~/lib/use-hydrated.ts";
import type { FormAnswer } from "~/lib/form-answer.ts";
import { useAdminLive } from "../live/admin-live.tsx";
import { clockTime } from "../../store/order-time.ts";
import { ORDER_STATUSES } from "../../orders/order-status.ts";
import { STATUS_FILTER_LABELS } from "./board-words.ts";

export function BoardMessage({ answer }: { answer: FormAnswer | undefined }) {
  if (!answer) return null;
  const done = answer.status === "success";
  return (
    <p
      role={done ? "status" : "alert"}
      className={`rounded-xl px-4 py-2 text-sm font-semibold ${
        done ? "bg-green-50 text-green-800" : "bg-chili-50 text-chili-700"
      }`}
    >
      {answer.message}
    </p>
  );
}

const LIVE_WORDS = {
  connected: "Langsung: pesanan baru muncul sendiri",
  connecting: "Menyambungkan… (muat ulang untuk melihat yang terbaru)",
  reload: "Muat ulang untuk melihat pesanan terbaru.",
};
const liveLine = "col-start-1 row-start-1 flex items-center gap-2 text-sm font-semibold";

export function LiveBar() {
  const live = useAdminLive();
  // Without JavaScript (and in the server's HTML) nothing connects: a reload is the way.
  const hydrated = useHydrated();
  return (
    <div className="card flex flex-wrap items-center justify-between gap-3 p-3">
      {/* The longest word, unseen, in the same cell: the bar keeps its height as the words change. */}
      <div className="grid">
        <p className={liveLine} role="status" data-testid="board-live">
          <span
            aria-hidden="true"
            className={`size-3 shrink-0 rounded-full ${live.connected ? "bg-green-500" : "bg-stone-300"}`}
          />
          {live.connected ? LIVE_WORDS.connected : hydrated ? LIVE_WORDS.connecting : LIVE_WORDS.reload}
        </p>
        <p className={`${liveLine} invisible`} aria-hidden="true">
          <span className="size-3 shrink-0" />
          {LIVE_WORDS.connecting}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={live.toggleSound}
          aria-pressed={live.soundOn}
          // The chime needs JavaScript: not offered without it.
          className={`js-only min-h-11 rounded-full px-4 text-sm font-bold ${
            live.soundOn ? "bg-chili-600 text-white" : "border border-stone-300 bg-white text-stone-700"
          }`}
        >
          {live.soundOn ? "Suara pesanan baru: nyala" : "Nyalakan suara pesanan baru"}
        </button>
        <Link to="." reloadDocument className="btn-secondary min-h-11 py-2 text-sm">
          Muat ulang
        </Link>
      </div>
    </div>
  );
}

interface Busy {
  until: string | null;
}

export function BusyPanel({
  busy,
  busyText,
  timezone,
}: {
  busy: Busy | null;
  busyText: string;
  timezone: string;
}) {
  return (
    <section
      aria-labelledby="toko-sibuk"
      className={`card p-4 ${busy ? "border-2 border-amber-400 bg-amber-50" : ""}`}
      data-testid="busy-panel"
    >
      <h2 id="toko-sibuk" className="font-extrabold">
        Toko sibuk
      </h2>
      {busy ? (
        <Form method="post" className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-semibold text-amber-950">
            {busy.until
              ? `Pesanan baru dijeda sampai pukul ${clockTime(new Date(busy.until), timezone)}.`
              : "Pesanan baru dijeda sampai Anda membukanya lagi."}{" "}
            Pelanggan melihat: “{busyText}”
          </p>
          <button type="submit" name="intent" value="buka" className="btn-primary min-h-12">
            Buka pesanan lagi
          </button>
        </Form>
      ) : (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="sibuk" />
          <p className="text-sm text-stone-600">
            Dapur kewalahan? Jeda pesanan baru sebentar; pesanan yang sudah masuk tetap jalan.
          </p>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {[15, 30, 60].map((minutes) => (
              <button
                key={minutes}
                type="submit"
                name="menit"
                value={minutes}
                className="btn-secondary min-h-12"
              >
                {minutes} menit
              </button>
            ))}
            <button type="submit" name="menit" value="0" className="btn-secondary min-h-12">
              Sampai dibuka lagi
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

export function UnsentPanel({ count, minutes }: { count: number; minutes: number }) {
  if (count === 0) return null;
  return (
    <details className="card p-4" data-testid="unsent-panel">
      <summary className="flex min-h-11 cursor-pointer items-center font-bold">
        {count} pesanan tidak pernah dikonfirmasi terkirim (lebih dari {minutes} menit)
      </summary>
      <Form method="post" className="mt-2 grid gap-2">
        <p className="text-sm text-stone-600">
          Pelanggannya tidak menekan “sudah terkirim” setelah checkout, dan pesanannya masih Baru. Bila tidak
          ada chat WhatsApp-nya, bersihkan dari daftar: pesanan dibatalkan sebagai tidak terkirim dan tidak
          dihitung di laporan.
        </p>
        <button
          type="submit"
          name="intent"
          value="bersihkan"
          className="btn-secondary min-h-12 text-chili-700"
        >
          Bersihkan {count} pesanan tidak terkirim
        </button>
      </Form>
    </details>
  );
}

interface Filters {
  status: string;
  from: string;
  to: string;
  q: string;
  sort: string;
}

/** Folded on a phone until used, so the orders come first; open while a filter is on. */
export function BoardFilters({ filters, filtered }: { filters: Filters; filtered: boolean }) {
  return (
    <details className="card p-4" open={filtered}>
      <summary className="flex min-h-11 cursor-pointer items-center font-bold">
        Cari dan saring pesanan
      </summary>
      <Form
        method="get"
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
        role="search"
      >
        <div>
          <label htmlFor="f-status" className="field-label">
            Status
          </label>
          <select id="f-status" name="status" defaultValue={filters.status} className="field-input py-2">
            <option value="aktif">Belum selesai</option>
            <option value="semua">Semua status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_FILTER_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-urut" className="field-label">
            Urutan
          </label>
          <select id="f-urut" name="urut" defaultValue={filters.sort} className="field-input py-2">
            <option value="terlama">Terlama menunggu dulu</option>
            <option value="terbaru">Terbaru dulu</option>
          </select>
        </div>
        <div>
          <label htmlFor="f-kode" className="field-label">
            Kode pesanan
          </label>
          <input
            id="f-kode"
            name="kode"
            defaultValue={filters.q}
            placeholder="NY-7K3Q"
            maxLength={20}
            className="field-input py-2"
          />
        </div>
        <div>
          <label htmlFor="f-dari" className="field-label">
            Dari tanggal
          </label>
          <input
            id="f-dari"
            name="dari"
            type="date"
            defaultValue={filters.from}
            className="field-input py-2"
          />
        </div>
        <div>
          <label htmlFor="f-sampai" className="field-label">
            Sampai tanggal
          </label>
          <input
            id="f-sampai"
            name="sampai"
            type="date"
            defaultValue={filters.to}
            className="field-input py-2"
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">
            Cari
          </button>
          <Link to="." className="btn-secondary">
            Reset
          </Link>
        </div>
      </Form>
    </details>
  );
}
