import { Link } from "react-router";
import type { Route } from "./+types/landing";
import { CartIcon, FlameIcon, WhatsAppIcon } from "~/ui/icons.tsx";
import { ProductCard } from "~/features/storefront/product-card.tsx";
import { StoreHoursNotice } from "~/features/store/store-hours-notice.tsx";
import { useRootData } from "~/root.tsx";
import { getFeaturedItems } from "~/features/catalog/catalog.server.ts";
import { cachedContent } from "~/lib/content-cache.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { HERO_IMAGE, pictureSrcSet } from "~/features/media/images.ts";
import { pageMeta } from "~/lib/meta.ts";

export async function loader() {
  return { featured: await cachedContent("featured", async () => getFeaturedItems(await getDb())) };
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { store } = useRootData();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold text-chili-700">
          <FlameIcon className="size-7 text-chili-600" />
          {store.brand}
        </Link>
        <Link to="/beranda" className="btn-secondary min-h-10 py-1.5">
          Lihat Menu
        </Link>
      </header>

      <main className="flex-1">
        <div className="mx-auto max-w-6xl px-4">
          <StoreHoursNotice store={store} className="mt-2" />
        </div>
        <section className="mx-auto grid max-w-6xl items-center gap-8 px-4 pt-6 pb-12 md:grid-cols-2 md:pt-12">
          <div>
            <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-chili-50 px-3 py-1 text-sm font-bold text-chili-700">
              <FlameIcon className="size-4" /> Pedasnya bisa kamu pilih
            </p>
            <h1 className="text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">
              Mie pedas yang bikin <span className="text-chili-600">nagih</span>, tinggal pesan lewat
              WhatsApp.
            </h1>
            <p className="mt-4 max-w-prose text-lg text-stone-600">
              {store.brand} menyajikan mie dengan level pedas sesukamu, minuman segar, dan cemilan renyah.
              Pilih menu, masukkan ke keranjang, dan pesananmu langsung terkirim ke kami.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/beranda" className="btn-primary px-7 text-lg">
                Pesan Sekarang
              </Link>
              <Link to="/beranda" className="btn-secondary px-7 text-lg">
                Lihat Promo
              </Link>
            </div>
          </div>
          <img
            src="/images/hero.webp"
            srcSet={pictureSrcSet("/images/hero.webp", "hero")}
            // A phone's width less the page's margins; half the 72rem column from 768 px.
            sizes="(min-width: 768px) 560px, calc(100vw - 2rem)"
            alt="Semangkuk Mie Nyala pedas dengan cabai segar"
            {...HERO_IMAGE}
            fetchPriority="high"
            // The first frame is not held back while the picture is decoded.
            decoding="async"
            className="w-full rounded-[2rem] shadow-xl shadow-chili-800/20"
          />
        </section>

        <section aria-label="Kenapa Mie Nyala" className="mx-auto max-w-6xl px-4 pb-4">
          <ul className="grid gap-3 sm:grid-cols-3">
            {[
              { Icon: FlameIcon, title: "Level pedas sesukamu", text: "Dari pedas ringan sampai membara." },
              { Icon: CartIcon, title: "Harga ramah pelajar", text: "Bersahabat untuk kantong pelajar." },
              { Icon: WhatsAppIcon, title: "Pesan lewat WhatsApp", text: "Tanpa aplikasi, tanpa daftar." },
            ].map(({ Icon, title, text }) => (
              <li
                key={title}
                className="flex items-center gap-3 rounded-2xl bg-white/70 p-4 ring-1 ring-chili-100"
              >
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-chili-50 text-chili-700">
                  <Icon className="size-6" />
                </span>
                <span>
                  <span className="block font-extrabold">{title}</span>
                  <span className="block text-sm text-stone-600">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="favorit" className="mx-auto max-w-6xl px-4 py-8">
          <h2 id="favorit" className="section-title">
            Menu favorit
          </h2>
          <p className="mt-1 text-stone-600">Tiga pilihan yang paling sering dipesan pelanggan kami.</p>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.featured.map((item) => (
              <ProductCard key={item.id} item={item} />
            ))}
          </div>
        </section>

        <section className="mx-auto my-12 max-w-6xl px-4">
          <div className="rounded-[2rem] bg-gradient-to-br from-chili-600 to-chili-800 px-6 py-10 text-center text-white sm:px-12">
            <h2 className="text-3xl font-extrabold">Lapar? Pedasnya sudah menunggu.</h2>
            <p className="mx-auto mt-2 max-w-xl text-chili-100">
              Lihat semua menu dan promo hari ini, lalu pesan dalam beberapa ketukan.
            </p>
            <Link to="/beranda" className="btn-secondary mt-6 border-white px-8 text-lg">
              Mulai Pesan
            </Link>
          </div>
        </section>
      </main>

      <footer className="py-6 text-center text-sm text-stone-500">
        © {new Date().getFullYear()} {store.brand}
      </footer>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "",
    description:
      "Mie pedas dengan level sesukamu, minuman segar, dan cemilan renyah. Pesan mudah lewat WhatsApp.",
    path: "/",
  });
