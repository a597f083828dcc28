import type { Route } from "./+types/banner";
import { Checkbox, SelectField, TextField } from "~/ui/form-fields.tsx";
import { WRITE } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { crudAction } from "~/lib/crud-action.server.ts";
import { checkboxProps, fieldProps } from "~/lib/use-enhanced-form.ts";
import { CrudForm } from "~/ui/crud-form.tsx";
import { CrudList } from "~/ui/crud-list.tsx";
import { PhotoField } from "~/ui/photo-field.tsx";
import { SLIDE_MESSAGES, SlideSchema } from "~/features/catalog/slide-schema.ts";
import { listMenuItemsForAdmin } from "~/features/catalog/menu-items.server.ts";
import {
  createSlide,
  deleteSlide,
  listSlidesForAdmin,
  updateSlide,
} from "~/features/catalog/slides.server.ts";
import { readUploadForm } from "~/features/media/images.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { readRowId } from "~/lib/form-input.server.ts";
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

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAccess(context, "/admin/banner", WRITE);
  const form = await readUploadForm(request);
  const db = await getDb();
  return crudAction(form, {
    schema: SlideSchema,
    // Ids are PostgreSQL integers: a larger number would make the query itself fail.
    readId: readRowId,
    notFound: SLIDE_MESSAGES.notFound,
    create: (values, photo) => createSlide(db, admin, values, photo),
    update: (id, values, photo) => updateSlide(db, admin, id, values, photo),
    remove: (id) => deleteSlide(db, admin, id),
    saved: { create: "Banner ditambahkan.", update: "Banner disimpan.", delete: "Banner dihapus." },
  });
}

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
      {({ fields, formId, photoErrors }) => (
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
          <div className="sm:col-span-2">
            <PhotoField
              id={`${formId}-foto`}
              label="Gambar (lebar, 2:1)"
              current={editing?.image}
              errors={photoErrors}
              required={!editing}
            />
          </div>
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
