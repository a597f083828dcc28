import type { Route } from "./+types/tentang";
import { FlameIcon } from "~/components/icons.tsx";
import { getSiteTexts } from "~/utils/catalog.server.ts";
import { getDb } from "~/utils/db.server.ts";
import { pageMeta } from "~/utils/meta.ts";

export async function loader() {
  const texts = await getSiteTexts(await getDb());
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
