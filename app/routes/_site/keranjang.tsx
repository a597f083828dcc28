import { Link } from "react-router";
import type { Route } from "./+types/keranjang";
import { useCart } from "~/components/cart-provider.tsx";
import { CartIcon, MinusIcon, PlusIcon, TrashIcon, WhatsAppIcon } from "~/components/icons.tsx";
import { useRootData } from "~/root.tsx";
import { lineSubtotal, MAX_QUANTITY } from "~/utils/cart.ts";
import { formatRupiah } from "~/utils/format.ts";
import { pageMeta } from "~/utils/meta.ts";
import { orderMessage, whatsappLink } from "~/utils/whatsapp.ts";

export default function Keranjang() {
  const { store } = useRootData();
  const cart = useCart();

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Keranjang</h1>

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
              <li key={line.id} className="card flex gap-4 p-4" data-testid="cart-line">
                {line.gambar ? (
                  <img
                    src={line.gambar}
                    alt=""
                    width={96}
                    height={72}
                    className="h-16 w-20 shrink-0 rounded-2xl bg-chili-50 object-cover sm:h-18 sm:w-24"
                  />
                ) : null}
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <h2 className="font-extrabold">{line.nama}</h2>
                      <p className="text-sm text-stone-600">{formatRupiah(line.harga)} / porsi</p>
                    </div>
                    <button
                      type="button"
                      onClick={() => cart.remove(line.id)}
                      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-chili-50 hover:text-chili-700"
                      aria-label={`Hapus ${line.nama}`}
                    >
                      <TrashIcon className="size-5" />
                    </button>
                  </div>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div
                      className="flex items-center rounded-full border border-stone-300"
                      role="group"
                      aria-label={`Jumlah ${line.nama}`}
                    >
                      <button
                        type="button"
                        onClick={() => cart.decrease(line.id)}
                        disabled={line.jumlah <= 1}
                        className="inline-flex size-11 items-center justify-center rounded-full disabled:opacity-40"
                        aria-label={`Kurangi ${line.nama}`}
                      >
                        <MinusIcon className="size-4" />
                      </button>
                      <output className="w-8 text-center font-bold" aria-live="polite" data-testid="quantity">
                        {line.jumlah}
                      </output>
                      <button
                        type="button"
                        onClick={() => cart.increase(line.id)}
                        disabled={line.jumlah >= MAX_QUANTITY}
                        className="inline-flex size-11 items-center justify-center rounded-full disabled:opacity-40"
                        aria-label={`Tambah ${line.nama}`}
                      >
                        <PlusIcon className="size-4" />
                      </button>
                    </div>
                    <p className="font-extrabold" data-testid="subtotal">
                      {formatRupiah(lineSubtotal(line))}
                    </p>
                  </div>
                </div>
              </li>
            ))}
          </ul>

          <div className="card mt-6 p-6">
            <div className="flex items-center justify-between text-lg">
              <span className="font-semibold">Total</span>
              <span className="text-2xl font-extrabold text-chili-700" data-testid="total">
                {formatRupiah(cart.total)}
              </span>
            </div>
            <a
              href={whatsappLink(store.whatsapp, orderMessage(store.brand, cart.lines))}
              target="_blank"
              rel="noopener"
              className="btn-whatsapp mt-4 w-full text-lg"
            >
              <WhatsAppIcon className="size-6" />
              Pesan via WhatsApp
            </a>
            <p className="mt-3 text-center text-sm text-stone-600">
              Pesananmu akan terbuka di WhatsApp, tinggal tekan kirim.
            </p>
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
