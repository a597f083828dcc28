import { useId, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/keranjang";
import { useCart } from "~/features/cart/cart-provider.tsx";
import { CheckoutPanel } from "~/features/orders/checkout-panel.tsx";
import { CartIcon, MinusIcon, PlusIcon, TrashIcon } from "~/components/ui/icons.tsx";
import { ChiliMeter } from "~/features/catalog/spice-level-picker.tsx";
import { useRootData } from "~/root.tsx";
import { StoreHoursNotice } from "~/features/store/store-hours-notice.tsx";
import { lineKey, lineSubtotal, MAX_NOTE_LENGTH, MAX_QUANTITY, type CartLine } from "~/features/cart/cart.ts";
import { formatRupiah } from "~/lib/format.ts";
import { pageMeta } from "~/lib/meta.ts";
import { SPICE_LEVELS, spiceLevelLabel } from "~/features/catalog/spice-levels.ts";
import { pictureSrcSet } from "~/features/media/images.ts";

/** How a line is named to screen readers: the item, and its level when it has one. */
const lineLabel = (line: CartLine) =>
  line.level === undefined ? line.nama : `${line.nama} (Level ${line.level})`;

function CartLineItem({ line }: { line: CartLine }) {
  const cart = useCart();
  const key = lineKey(line);
  const problem = cart.problemOf(line);
  const soldOut = problem === "habis";
  const takesLevel = cart.takesLevel(line.id);
  const label = lineLabel(line);
  const levelId = useId();
  const noteId = useId();
  const note = line.catatan ?? "";

  return (
    <li
      className={`card flex gap-4 p-4 ${soldOut ? "bg-stone-50" : ""}`}
      data-testid="cart-line"
      data-level={line.level}
      data-sold-out={soldOut ? "true" : undefined}
    >
      {line.gambar ? (
        <img
          src={line.gambar}
          srcSet={pictureSrcSet(line.gambar, "menu")}
          sizes="96px"
          alt=""
          width={96}
          height={72}
          className={`h-16 w-20 shrink-0 rounded-2xl bg-chili-50 object-cover sm:h-18 sm:w-24 ${
            soldOut ? "opacity-60 grayscale" : ""
          }`}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-extrabold">{line.nama}</h2>
            {line.level !== undefined && (!takesLevel || soldOut) ? (
              <p
                className="flex items-center gap-1.5 text-sm font-semibold text-chili-700"
                data-testid="line-level"
              >
                {spiceLevelLabel(line.level)} <ChiliMeter level={line.level} />
              </p>
            ) : null}
            <p className="text-sm text-stone-600">{formatRupiah(line.harga)} / porsi</p>
            {soldOut ? (
              <p className="mt-1 inline-flex items-center gap-2 text-sm font-semibold text-stone-700">
                <span className="rounded-full bg-stone-700 px-2.5 py-0.5 text-xs font-bold text-white uppercase">
                  Habis
                </span>
                Tidak ikut dipesan
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => cart.remove(key)}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-chili-50 hover:text-chili-700"
            aria-label={`Hapus ${label}`}
          >
            <TrashIcon className="size-5" />
          </button>
        </div>

        {takesLevel && !soldOut ? (
          <div>
            <div className="flex items-center justify-between">
              <label htmlFor={levelId} className="field-label">
                Level pedas
              </label>
              {line.level !== undefined ? <ChiliMeter level={line.level} className="mb-1.5" /> : null}
            </div>
            <select
              id={levelId}
              value={line.level ?? ""}
              onChange={(event) => cart.setLevel(key, Number(event.target.value))}
              aria-invalid={problem === "pilih-level" ? true : undefined}
              className={`field-input py-2 ${problem === "pilih-level" ? "border-chili-600 ring-2 ring-chili-600/30" : ""}`}
            >
              {line.level === undefined ? (
                <option value="" disabled>
                  Pilih level pedas
                </option>
              ) : null}
              {SPICE_LEVELS.map((entry) => (
                <option key={entry.level} value={entry.level}>
                  {spiceLevelLabel(entry.level)}
                </option>
              ))}
            </select>
            {problem === "pilih-level" ? (
              <p className="mt-1 text-sm font-semibold text-chili-700">Pilih level pedas untuk menu ini.</p>
            ) : null}
          </div>
        ) : null}

        <div className="flex flex-wrap items-center justify-between gap-2">
          <div
            className="flex items-center rounded-full border border-stone-300"
            role="group"
            aria-label={`Jumlah ${label}`}
          >
            <button
              type="button"
              onClick={() => cart.decrease(key)}
              disabled={line.jumlah <= 1}
              className="inline-flex size-11 items-center justify-center rounded-full disabled:opacity-40"
              aria-label={`Kurangi ${label}`}
            >
              <MinusIcon className="size-4" />
            </button>
            <output className="w-8 text-center font-bold" aria-live="polite" data-testid="quantity">
              {line.jumlah}
            </output>
            <button
              type="button"
              onClick={() => cart.increase(key)}
              disabled={line.jumlah >= MAX_QUANTITY}
              className="inline-flex size-11 items-center justify-center rounded-full disabled:opacity-40"
              aria-label={`Tambah ${label}`}
            >
              <PlusIcon className="size-4" />
            </button>
          </div>
          <p
            className={`font-extrabold ${soldOut ? "text-stone-400 line-through" : ""}`}
            data-testid="subtotal"
          >
            {formatRupiah(lineSubtotal(line))}
          </p>
        </div>

        {soldOut ? null : (
          <div>
            <div className="flex items-baseline justify-between">
              <label htmlFor={noteId} className="field-label">
                Catatan <span className="font-normal text-stone-500">(opsional)</span>
              </label>
              <span className="text-xs text-stone-500" aria-hidden="true">
                {Array.from(note).length}/{MAX_NOTE_LENGTH}
              </span>
            </div>
            <input
              id={noteId}
              type="text"
              value={note}
              maxLength={MAX_NOTE_LENGTH}
              onChange={(event) => cart.setNote(key, event.target.value)}
              placeholder="Contoh: tanpa sayur, kuah dipisah"
              className="field-input py-2"
              data-testid="line-note"
            />
          </div>
        )}
      </div>
    </li>
  );
}

export default function Keranjang() {
  const cart = useCart();
  const { store } = useRootData();
  const [sentCode, setSentCode] = useState<string | null>(null);

  const orderable = cart.lines.filter((line) => cart.problemOf(line) !== "habis");
  const missingLevel = cart.lines.find((line) => cart.problemOf(line) === "pilih-level");
  const blockedMessage = missingLevel
    ? `Pilih level pedas untuk ${missingLevel.nama} dulu.`
    : orderable.length === 0
      ? "Semua menu di keranjang sedang habis."
      : null;

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Keranjang</h1>
      <StoreHoursNotice store={store} className="mt-4" />

      {sentCode ? (
        <div
          role="status"
          className="card mt-6 flex flex-col items-center gap-2 p-8 text-center"
          data-testid="order-sent"
        >
          <p className="text-xl font-extrabold">Terima kasih!</p>
          <p className="text-stone-600">
            Pesanan <strong className="font-mono text-chili-700">{sentCode}</strong> kami balas lewat
            WhatsApp. Sebutkan kode ini bila kamu menghubungi kami.
          </p>
        </div>
      ) : null}

      {cart.lines.length === 0 ? (
        <div className="card mt-6 flex flex-col items-center gap-3 p-10 text-center">
          <CartIcon className="size-12 text-chili-600" />
          <p className="text-xl font-extrabold">Keranjang kosong</p>
          <p className="text-stone-600">Yuk, pilih mie pedas favoritmu dulu.</p>
          <Link to="/produk" className="btn-primary mt-2">
            Lihat Produk
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-6 space-y-4" aria-label="Isi keranjang">
            {cart.lines.map((line) => (
              <CartLineItem key={lineKey(line)} line={line} />
            ))}
          </ul>

          <div className="card mt-6 p-6">
            <div className="flex items-center justify-between text-lg">
              <span className="font-semibold">Total</span>
              <span className="text-2xl font-extrabold text-chili-700" data-testid="total">
                {formatRupiah(cart.total)}
              </span>
            </div>
            <CheckoutPanel
              lines={orderable}
              blockedMessage={blockedMessage}
              onSent={(code, ordered) => {
                setSentCode(code);
                // Sold-out lines were not in the order: they stay, flagged, for when they are back.
                cart.removeOrdered(ordered);
                window.scrollTo({ top: 0 });
              }}
            />
          </div>
          <p className="mt-6 text-center">
            <Link to="/produk" className="font-semibold text-chili-700 underline-offset-4 hover:underline">
              Tambah menu lain
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Keranjang",
    description: "Periksa pesananmu, atur jumlahnya, lalu kirim lewat WhatsApp.",
    path: "/keranjang",
  });
