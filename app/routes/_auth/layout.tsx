import { Link, Outlet } from "react-router";
import { ChevronLeftIcon, FlameIcon } from "~/ui/icons.tsx";
import { useRootData } from "~/root.tsx";

const perks = [
  "Simpan keranjang dan pesan lebih cepat lewat WhatsApp",
  "Dapatkan info promo dan menu baru lebih dulu",
  "Level pedas favoritmu, selalu siap dipesan",
];

export default function AuthLayout() {
  const { store } = useRootData();
  return (
    <div className="flex min-h-dvh flex-col bg-cream">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold text-chili-700">
          <FlameIcon className="size-7 text-chili-600" />
          <span>{store.brand}</span>
        </Link>
        <Link
          to="/beranda"
          className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-semibold text-stone-600 transition hover:text-chili-700"
        >
          <ChevronLeftIcon className="size-4" />
          Kembali ke beranda
        </Link>
      </header>

      <main id="konten" className="flex flex-1 justify-center px-4 pt-2 pb-12 sm:items-center sm:pt-6">
        <div className="card grid w-full max-w-md lg:max-w-5xl lg:grid-cols-[1fr_1.1fr]">
          <aside className="relative hidden overflow-hidden bg-gradient-to-br from-chili-600 to-chili-800 p-10 text-white lg:flex lg:flex-col lg:justify-between">
            <div
              aria-hidden="true"
              className="pointer-events-none absolute -right-16 -bottom-20 size-72 rounded-full bg-ember-500/30 blur-2xl"
            />
            <div className="relative">
              <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-bold">
                <FlameIcon className="size-4" /> {store.brand}
              </p>
              <p className="mt-6 text-3xl leading-tight font-extrabold">
                Pedasnya bikin nagih, pesannya tinggal sekali klik.
              </p>
            </div>
            <ul className="relative mt-10 space-y-3 text-chili-50">
              {perks.map((perk) => (
                <li key={perk} className="flex items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-white/20 text-sm font-bold"
                  >
                    ✓
                  </span>
                  {perk}
                </li>
              ))}
            </ul>
          </aside>
          <div className="px-5 py-8 sm:px-10 sm:py-10">
            <Outlet />
          </div>
        </div>
      </main>

      <footer className="py-6 text-center text-sm text-stone-500">
        © {new Date().getFullYear()} {store.brand}
      </footer>
    </div>
  );
}
