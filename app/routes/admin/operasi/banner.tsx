import type { Route } from "./+types/banner";
import { Checkbox, SelectField, TextField } from "~/ui/form-fields.tsx";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { photoRowsAction, type PhotoRows } from "~/features/admin/photo-rows-action.server.ts";
import { checkboxProps, fieldProps } from "~/lib/use-enhanced-form.ts";
import { CrudForm } from "~/ui/crud-form.tsx";
import { CrudList } from "~/ui/crud-list.tsx";
import { SLIDE_MESSAGES, SlideSchema } from "~/features/catalog/slide-schema.ts";
import { listMenuItemsForAdmin } from "~/features/catalog/menu-items.server.ts";
import {
  createSlide,
  deleteSlide,
  listSlidesForAdmin,
  updateSlide,
} from "~/features/catalog/slides.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { useKeptAnswer } from "~/lib/use-kept-answer.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAccess(context, "/admin/banner");
  const db = await getDb();
  const [slides, items] = await Promise.all([listSlidesForAdmin(db), listMenuItemsForAdmin(db)]);
  const editing = Number(url.searchParams.get("ubah"));
  return {
    slides,
    menu: items.map((item) => ({ id: item.id, nama: item.nama })),
    editing: slides.find((slide) => slide.id === editing) ?? null,
  };
}

const SLIDE_ROWS: PhotoRows<typeof SlideSchema> = {
  schema: SlideSchema,
  notFound: SLIDE_MESSAGES.notFound,
  create: createSlide,
  update: updateSlide,
  remove: deleteSlide,
  saved: { create: "Banner ditambahkan.", update: "Banner disimpan.", delete: "Banner dihapus." },
};

export const action = ({ request, context }: Route.ActionArgs) =>
  photoRowsAction(request, context, "/admin/banner", SLIDE_ROWS);

export default function AdminBanner({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptAnswer(answer);
  const { slides, menu, editing } = loaderData;
  const form = (
    <CrudForm
      id="banner"
      schema={SlideSchema}
      editing={editing?.id ?? null}
      heading={editing ? `Ubah banner ${editing.title}` : "Tambah banner"}
      submitLabel="Tambah banner"
      defaultValue={
        editing ? { ...editing, menu_item_id: editing.menu_item_id ?? "" } : { urutan: 0, aktif: true }
      }
    >
      {({ fields, photo }) => (
        <>
          <TextField label="Judul" {...fieldProps(fields.title)} maxLength={60} required />
          <TextField label="Teks" {...fieldProps(fields.text)} maxLength={160} />
          <SelectField label="Tautan tombol Pesan Sekarang" {...fieldProps(fields.menu_item_id)}>
            <option value="">Pesan sesuai judul banner</option>
            {menu.map((item) => (
              <option key={item.id} value={item.id}>
                Pesan {item.nama}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Urutan"
            type="number"
            {...fieldProps(fields.urutan)}
            hint="Angka kecil tampil lebih dulu."
          />
          <div className="sm:col-span-2">{photo("Gambar (lebar, 2:1)", editing?.image)}</div>
          <div className="sm:col-span-2">
            <Checkbox label="Aktif" {...checkboxProps(fields.aktif)} />
          </div>
        </>
      )}
    </CrudForm>
  );
  return (
    <>
      <AdminPageHeader
        title="Banner"
        description="Slide carousel di Beranda, dengan tombol Pesan Sekarang."
      />
      <CrudList
        form={form}
        id="daftar-banner"
        heading="Daftar banner"
        testId="admin-slide"
        rows={slides.map((slide) => ({ ...slide, key: slide.id, dimmed: !slide.aktif }))}
        picture={{ width: 120, height: 60, className: "h-15 w-30" }}
        details={(slide) =>
          `${slide.aktif ? "Aktif" : "Nonaktif"} · urutan ${slide.urutan}${slide.menu_nama ? ` · pesan ${slide.menu_nama}` : ""}`
        }
        question={{ title: "Hapus banner ini?", message: (slide) => slide.title }}
        answer={actionData}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Banner");
