import type { Route } from "./+types/promo";
import { Checkbox, TextArea, TextField } from "~/ui/form-fields.tsx";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { photoRowsAction, type PhotoRows } from "~/features/admin/photo-rows-action.server.ts";
import { checkboxProps, fieldProps } from "~/lib/use-enhanced-form.ts";
import { CrudForm } from "~/ui/crud-form.tsx";
import { CrudList } from "~/ui/crud-list.tsx";
import { PROMO_MESSAGES, PromoSchema } from "~/features/promotions/promo-schema.ts";
import {
  createPromo,
  deletePromo,
  getPromoAdminPage,
  updatePromo,
  type AdminPromo,
} from "~/features/promotions/promos.server.ts";
import { RuleFields } from "~/features/promotions/rule-fields.tsx";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { useKeptAnswer } from "~/lib/use-kept-answer.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAccess(context, "/admin/menu-diskon");
  const db = await getDb();
  const page = await getPromoAdminPage(db);
  const editing = Number(url.searchParams.get("ubah"));
  return { ...page, editing: page.promos.find((promo) => promo.id === editing) ?? null };
}

const PROMO_ROWS: PhotoRows<typeof PromoSchema> = {
  schema: PromoSchema,
  notFound: PROMO_MESSAGES.notFound,
  create: createPromo,
  update: updatePromo,
  remove: deletePromo,
  saved: { create: "Promo ditambahkan.", update: "Promo disimpan.", delete: "Promo dihapus." },
};

export const action = ({ request, context }: Route.ActionArgs) =>
  photoRowsAction(request, context, "/admin/menu-diskon", PROMO_ROWS);

function windowText(promo: AdminPromo) {
  if (!promo.aktif) return "Nonaktif";
  if (promo.active_from && promo.active_until) return `${promo.active_from} s.d. ${promo.active_until}`;
  if (promo.active_from) return `Mulai ${promo.active_from}`;
  if (promo.active_until) return `Sampai ${promo.active_until}`;
  return "Selalu tampil";
}

export default function AdminPromos({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptAnswer(answer);
  const { promos, options, offers, editing } = loaderData;
  const { ruleForm: editingRule, rule: _rule, ...editingPromo } = editing ?? { ruleForm: null, rule: null };
  const form = (
    <CrudForm
      id="promo"
      schema={PromoSchema}
      editing={editing?.id ?? null}
      heading={editing ? `Ubah promo ${editing.title}` : "Tambah promo"}
      submitLabel="Tambah promo"
      defaultValue={
        editing
          ? { ...editingPromo, tanpa_kartu: !editing.kartu, ...editingRule }
          : {
              urutan: 0,
              aktif: true,
              kind: "",
              days: ["0", "1", "2", "3", "4", "5", "6"],
              combinable: "on",
            }
      }
    >
      {({ fields, photo }) => (
        <>
          <TextField label="Judul" {...fieldProps(fields.title)} maxLength={80} required />
          <TextField
            label="Label (mis. Khusus Pelajar)"
            {...fieldProps(fields.label)}
            maxLength={30}
            hint="Tanpa kata waktu: hari dan jam promo ditulis otomatis dari aturannya."
          />
          <div className="sm:col-span-2">
            <TextArea label="Deskripsi" {...fieldProps(fields.description)} maxLength={300} />
          </div>
          <TextField label="Tampil mulai (opsional)" type="date" {...fieldProps(fields.active_from)} />
          <TextField
            label="Tampil sampai (opsional)"
            type="date"
            {...fieldProps(fields.active_until)}
            hint="Promo tampil sampai akhir hari ini."
          />
          <TextField
            label="Urutan"
            type="number"
            {...fieldProps(fields.urutan)}
            hint="Angka kecil tampil lebih dulu."
          />
          {photo("Gambar kartu", editing?.image || undefined, {
            optional: true,
            hint: `Wajib bila kartunya tampil di Beranda. JPEG, PNG, atau WebP, paling besar 5 MB.${editing?.image ? " Kosongkan bila fotonya tetap." : ""}`,
          })}
          <div className="grid sm:col-span-2">
            <Checkbox label="Aktif" {...checkboxProps(fields.aktif)} />
            <Checkbox label="Tanpa kartu di Beranda" {...checkboxProps(fields.tanpa_kartu)} />
            <p className="text-sm text-stone-500">
              Hanya aturan harga: berlaku di keranjang tanpa kartu promo, dan tidak perlu gambar.
            </p>
          </div>
          <RuleFields fields={fields} options={options} />
        </>
      )}
    </CrudForm>
  );
  return (
    <>
      <AdminPageHeader
        title="Menu Diskon"
        description="Kartu promo di Beranda. Hanya promo aktif di dalam tanggal tampilnya yang terlihat pelanggan."
      />
      <CrudList
        form={form}
        id="daftar-promo"
        heading="Daftar promo"
        testId="admin-promo"
        rows={promos.map((promo) => ({ ...promo, key: promo.id, dimmed: !promo.aktif }))}
        picture={{ width: 96, height: 60, className: "h-15 w-24" }}
        details={(promo) =>
          [
            offers[promo.id] ?? "Tanpa aturan harga",
            promo.kartu ? null : "Tanpa kartu di Beranda",
            promo.label,
            windowText(promo),
          ]
            .filter(Boolean)
            .join(" · ")
        }
        question={{ title: "Hapus promo ini?", message: (promo) => promo.title }}
        answer={actionData}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Menu Diskon");
