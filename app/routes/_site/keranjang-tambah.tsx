import { data, Link } from "react-router";
import type { Route } from "./+types/keranjang-tambah";
import { addAction } from "~/features/cart/cart-actions.server.ts";
import { ADD_INTENT } from "~/features/cart/cart-form.ts";
import { currentCatalog } from "~/features/cart/cart.server.ts";
import { SpiceLevelChoices } from "~/features/catalog/spice-level-choices.tsx";
import { groupLevelFamilies } from "~/features/catalog/spice-levels.ts";
import { pictureSrcSet } from "~/features/media/images.ts";
import { actionHeaders } from "~/lib/action-headers.ts";
import { getDb } from "~/lib/db.server.ts";
import { formatRupiah } from "~/lib/format.ts";
import { readForm } from "~/lib/form.server.ts";
import { safeRedirect } from "~/lib/redirect.ts";

// "Tambah" of a dish with levels without JavaScript (with it, the level dialog opens instead).
export async function loader({ url }: Route.LoaderArgs) {
  const id = url.searchParams.get("menu") ?? "";
  const catalog = await currentCatalog(await getDb());
  const item = catalog.find((entry) => entry.id === id);
  if (!item) throw data("Menu tidak ditemukan.", { status: 404 });
  const family = item.level_family ?? null;
  const levels = family ? (groupLevelFamilies(catalog).get(family) ?? []) : [];
  return {
    item: { id: item.id, nama: item.nama, harga: item.harga, gambar: item.gambar, tersedia: item.tersedia },
    family,
    level: item.level ?? null,
    levels,
    kembali: safeRedirect(url.searchParams.get("kembali"), "/produk"),
  };
}

export async function action(args: Route.ActionArgs) {
  return addAction(args, await readForm(args.request));
}

export const headers = actionHeaders;

export default function PilihLevel({ loaderData, actionData }: Route.ComponentProps) {
  const { item, family, level, levels, kembali } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Pilih level pedas</h1>
      <div className="card mt-6 flex items-center gap-4 p-4">
        <img
          src={item.gambar}
          srcSet={pictureSrcSet(item.gambar, "menu")}
          sizes="96px"
          alt=""
          width={96}
          height={72}
          className="h-16 w-20 shrink-0 rounded-2xl bg-chili-50 object-cover"
        />
        <div>
          <p className="text-lg font-extrabold">{family ?? item.nama}</p>
          <p className="text-stone-600">
            {family ? "Harga mengikuti levelnya." : `${formatRupiah(item.harga)} / porsi`}
          </p>
        </div>
      </div>
      {actionData?.status === "error" ? (
        <p
          role="alert"
          className="mt-4 rounded-2xl border border-chili-100 bg-chili-50 px-4 py-3 font-semibold text-chili-800"
        >
          {actionData.message}
        </p>
      ) : null}
      {levels.some((entry) => entry.tersedia) ? (
        <form method="post" className="card mt-6 flex flex-col gap-4 p-4 sm:p-6">
          <input type="hidden" name="intent" value={ADD_INTENT} />
          <input type="hidden" name="menu" value={item.id} />
          <input type="hidden" name="kembali" value={kembali} />
          <fieldset>
            <legend className="field-label">Level pedas {family}</legend>
            <SpiceLevelChoices name="level" levels={levels} initial={level} />
          </fieldset>
          <div className="grid grid-cols-2 gap-2">
            <Link to={kembali} className="btn-secondary">
              Batal
            </Link>
            <button type="submit" className="btn-primary">
              Tambah ke keranjang
            </button>
          </div>
        </form>
      ) : (
        <p className="mt-6 text-stone-700">
          {family ?? item.nama} sedang habis.{" "}
          <Link to={kembali} className="font-semibold text-chili-700 underline">
            Kembali
          </Link>
        </p>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Pilih level pedas: ${loaderData.item.nama}` : "Pilih level pedas" },
  { name: "robots", content: "noindex" },
];
