import type { Route } from "./+types/menu-populer";
import { WRITE } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { RANK_LIMITS, RankingSchema } from "~/features/catalog/ranking-schema.ts";
import { listMenuItemsForAdmin } from "~/features/catalog/menu-items.server.ts";
import { rankedIds, setMenuRankings } from "~/features/catalog/rankings.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { formAction, refuseForm, UNKNOWN_REQUEST } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { useEnhancedForm } from "~/lib/use-enhanced-form.ts";
import { FormMessage } from "~/ui/form-message.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireAccess(context, "/admin/menu-populer");
  const db = await getDb();
  const [items, ranked] = await Promise.all([listMenuItemsForAdmin(db), rankedIds(db)]);
  return { items: items.map((item) => ({ id: item.id, nama: item.nama, tersedia: item.tersedia })), ranked };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAccess(context, "/admin/menu-populer", WRITE);
  const form = await readForm(request);
  if (form.get("intent") !== "save") return refuseForm(form, "save", UNKNOWN_REQUEST);
  const db = await getDb();
  return formAction(form, {
    intent: "save",
    schema: RankingSchema,
    saved: "Urutan menu disimpan. Toko menampilkannya mulai sekarang.",
    write: (values) => setMenuRankings(db, admin, values),
  });
}

const GROUPS = [
  { name: "featured", title: "Menu unggulan di halaman depan (/)", slots: RANK_LIMITS.featured },
  { name: "bestSellers", title: "Menu terlaris di Beranda", slots: RANK_LIMITS.bestSellers },
  { name: "produk", title: "Menu di halaman Produk", slots: RANK_LIMITS.produk },
] as const;

type Loaded = Route.ComponentProps["loaderData"];

function RankingForm({ items, ranked }: Loaded) {
  const { form, fields, answer, pending } = useEnhancedForm({
    id: "menu-populer",
    intent: "save",
    check: RankingSchema,
    defaultValue: ranked,
  });
  return (
    <form {...form.props} key={form.key} className="grid gap-6 lg:grid-cols-3">
      <input type="hidden" name="intent" value="save" />
      {GROUPS.map((group) => {
        const field = fields[group.name];
        const chosen = Array.isArray(field.initialValue) ? field.initialValue : [field.initialValue];
        const error = field.errors?.[0];
        return (
          <fieldset
            key={group.name}
            className="card p-5"
            aria-describedby={error ? field.errorId : undefined}
          >
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
                    defaultValue={typeof chosen[index] === "string" ? chosen[index] : ""}
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
            {error ? (
              <p id={field.errorId} className="mt-2 text-sm font-semibold text-chili-700">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <div className="lg:col-span-3">
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Menyimpan..." : "Simpan urutan"}
        </button>
        <FormMessage answer={answer} intents={["save"]} id={form.errorId} />
      </div>
    </form>
  );
}

export default function AdminPopularMenu({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Menu Populer"
        description="Pilih dan urutkan menu yang tampil di halaman depan, Beranda, dan Produk. Kosongkan tempat yang tidak dipakai."
      />
      {/* The saved lists come back from the loader (after the answer): the form starts again from them. */}
      <RankingForm key={JSON.stringify(loaderData.ranked)} {...loaderData} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Menu Populer");
