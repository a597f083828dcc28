import { Link } from "react-router";
import type { Route } from "./+types/tentang";
import { FlameIcon } from "~/ui/icons.tsx";
import { getSiteTexts } from "~/features/catalog/catalog.server.ts";
import { cachedContent } from "~/lib/content-cache.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { pageMeta } from "~/lib/meta.ts";

export async function loader() {
  const texts = await cachedContent("siteTexts", async () => getSiteTexts(await getDb()));
  return {
    tentang: texts.tentang ?? "",
    visi: texts.visi ?? "",
    misi: (texts.misi ?? "").split("\n").filter(Boolean),
  };
}

export default function Tentang({ loaderData }: Route.ComponentProps) {
  const { tentang, visi, misi } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Tentang kami</h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-700">{tentang}</p>

      <section aria-labelledby="visi" className="card mt-8 p-6">
        <h2 id="visi" className="flex items-center gap-2 text-xl font-extrabold text-chili-700">
          <FlameIcon className="size-6" /> Visi
        </h2>
        <p className="mt-2 text-lg">{visi}</p>
      </section>

      <section aria-labelledby="misi" className="card mt-6 p-6">
        <h2 id="misi" className="flex items-center gap-2 text-xl font-extrabold text-chili-700">
          <FlameIcon className="size-6" /> Misi
        </h2>
        <ol className="mt-3 space-y-3">
          {misi.map((point, index) => (
            <li key={point} className="flex gap-3">
              <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-chili-600 text-sm font-bold text-white">
                {index + 1}
              </span>
              <span className="pt-0.5">{point}</span>
            </li>
          ))}
        </ol>
      </section>

      <section className="mt-8 rounded-3xl bg-gradient-to-br from-chili-600 to-chili-800 p-6 text-white sm:p-8">
        <h2 className="text-2xl font-extrabold">Sudah siap mencoba?</h2>
        <p className="mt-1 text-chili-100">Pilih level pedasmu dan pesan langsung lewat WhatsApp.</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/produk" className="btn-secondary border-white">
            Lihat Produk
          </Link>
          <Link
            to="/kontak"
            className="inline-flex min-h-11 items-center rounded-full px-5 font-bold text-white underline-offset-4 hover:underline"
          >
            Hubungi kami
          </Link>
        </div>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Tentang",
    description:
      "Kenali Mie Nyala: cerita, visi, dan misi kami menyajikan mie pedas favorit anak muda Indonesia.",
    path: "/tentang",
  });
