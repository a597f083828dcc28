import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/menu-populer";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { listMenuItemsForAdmin } from "~/features/catalog/menu-items.server.ts";
import { RANK_LIMITS } from "~/features/catalog/ranking-schema.ts";
import { rankedIds, setMenuRankings } from "~/features/catalog/rankings.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { ActionMessage, answer, refuse } from "~/features/admin/form-parts.tsx";

/** /admin/menu-populer: which items the three storefront pages show, in which order. */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const db = await getDb();
  const [items, ranked] = await Promise.all([listMenuItemsForAdmin(db), rankedIds(db)]);
  return { items: items.map((item) => ({ id: item.id, nama: item.nama, tersedia: item.tersedia })), ranked };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const form = await readForm(request);
  if (form.get("intent") !== "save") return refuse("save", "Permintaan tidak dikenal.");
  const list = (name: string) =>
    form.getAll(name).filter((value): value is string => typeof value === "string");
  const result = await setMenuRankings(await getDb(), admin, {
    featured: list("featured"),
    bestSellers: list("bestSellers"),
    produk: list("produk"),
  });
  return answer("save", result, "Urutan menu disimpan. Toko menampilkannya mulai sekarang.");
}

const GROUPS = [
  { name: "featured", title: "Menu unggulan di halaman depan (/)", slots: RANK_LIMITS.featured },
  { name: "bestSellers", title: "Menu terlaris di Beranda", slots: RANK_LIMITS.bestSellers },
  { name: "produk", title: "Menu di halaman Produk", slots: RANK_LIMITS.produk },
] as const;

export default function AdminPopularMenu({ loaderData, actionData }: Route.ComponentProps) {
  const { items, ranked } = loaderData;
  const navigation = useNavigation();
  return (
    <>
      <AdminPageHeader
        title="Menu Populer"
        description="Pilih dan urutkan menu yang tampil di halaman depan, Beranda, dan Produk. Kosongkan tempat yang tidak dipakai."
      />
      <Form method="post" className="grid gap-6 lg:grid-cols-3" key={actionData?.at}>
        <input type="hidden" name="intent" value="save" />
        {GROUPS.map((group) => (
          <fieldset key={group.name} className="card p-5">
            <legend className="sr-only">{group.title}</legend>
            <h2 className="mb-3 font-extrabold" aria-hidden="true">
              {group.title}
            </h2>
            <ol className="space-y-2">
              {Array.from({ length: group.slots }, (_, index) => (
                <li key={index} className="flex items-center gap-2">
                  <label
                    htmlFor={`${group.name}-${index}`}
                    className="w-6 shrink-0 text-right font-bold text-stone-500"
                  >
                    {index + 1}
                    <span className="sr-only"> — {group.title}</span>
                  </label>
                  <select
                    id={`${group.name}-${index}`}
                    name={group.name}
                    defaultValue={ranked[group.name][index] ?? ""}
                    className="field-input py-2"
                  >
                    <option value="">— kosong —</option>
                    {items.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.nama}
                        {item.tersedia ? "" : " (habis)"}
                      </option>
                    ))}
                  </select>
                </li>
              ))}
            </ol>
          </fieldset>
        ))}
        <div className="lg:col-span-3">
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Menyimpan..." : "Simpan urutan"}
          </button>
          <ActionMessage answer={actionData} intent="save" />
        </div>
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Menu Populer");
