import { Form } from "react-router";
import type { Route } from "./+types/menu";
import { Checkbox, SelectField, TextArea, TextField } from "~/ui/form-fields.tsx";
import { WRITE } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { crudAction } from "~/lib/crud-action.server.ts";
import { answerOutcome, formAction } from "~/lib/form-action.server.ts";
import { checkboxProps, fieldProps } from "~/lib/use-enhanced-form.ts";
import { CrudForm } from "~/ui/crud-form.tsx";
import { CrudList } from "~/ui/crud-list.tsx";
import { MENU_MESSAGES, MenuItemSchema } from "~/features/catalog/menu-item-schema.ts";
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from "~/features/catalog/categories.server.ts";
import { CategorySchema } from "~/features/catalog/category-schema.ts";
import { CategoryManager } from "~/features/catalog/category-manager.tsx";
import { SPICE_LEVELS } from "~/features/catalog/spice-levels.ts";
import {
  createMenuItem,
  deleteMenuItem,
  listMenuItemsForAdmin,
  setMenuItemAvailability,
  updateMenuItem,
  type AdminMenuItem,
} from "~/features/catalog/menu-items.server.ts";
import { listSlidesForAdmin } from "~/features/catalog/slides.server.ts";
import { readUploadForm } from "~/features/media/images.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { formatRupiah } from "~/lib/format.ts";
import { adminMeta } from "~/lib/meta.ts";
import { useKeptAnswer } from "~/lib/use-kept-answer.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAccess(context, "/admin/menu");
  const db = await getDb();
  const [items, slides, categories] = await Promise.all([
    listMenuItemsForAdmin(db),
    listSlidesForAdmin(db),
    listCategories(db),
  ]);
  const linkedSlides: Record<string, string[]> = {};
  for (const slide of slides) {
    if (slide.menu_item_id) (linkedSlides[slide.menu_item_id] ??= []).push(slide.title);
  }
  const editing = url.searchParams.get("ubah");
  const families = [...new Set(items.flatMap((item) => (item.level_family ? [item.level_family] : [])))];
  return {
    items,
    linkedSlides,
    categories,
    families,
    editing: items.find((item) => item.id === editing) ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAccess(context, "/admin/menu", WRITE);
  const form = await readUploadForm(request);
  const db = await getDb();
  const intent = form.get("intent");
  if (intent === "kategori-baru") {
    return formAction(form, {
      intent,
      schema: CategorySchema,
      saved: "Kategori ditambahkan.",
      write: (values) => createCategory(db, admin, values),
    });
  }
  if (intent === "kategori-ubah") {
    const id = String(form.get("id") ?? "");
    return formAction(form, {
      intent,
      schema: CategorySchema,
      saved: "Kategori disimpan.",
      write: (values) => updateCategory(db, admin, id, values),
    });
  }
  if (intent === "kategori-hapus") {
    const outcome = await deleteCategory(db, admin, String(form.get("id") ?? ""));
    return answerOutcome(form, outcome, { intent, saved: "Kategori dihapus." });
  }
  return crudAction(form, {
    schema: MenuItemSchema,
    // Menu ids are text (`es-nyala`); one no row has is answered 404 by the write itself.
    readId: (value) => String(value ?? ""),
    notFound: MENU_MESSAGES.notFound,
    create: (values, photo) => createMenuItem(db, admin, values, photo),
    update: (id, values, photo) => updateMenuItem(db, admin, id, values, photo),
    remove: (id) => deleteMenuItem(db, admin, id),
    saved: { create: "Menu ditambahkan.", update: "Menu disimpan.", delete: "Menu dihapus." },
    rowButtons: {
      habis: { write: (id) => setMenuItemAvailability(db, admin, id, false), saved: "Menu ditandai habis." },
      tersedia: { write: (id) => setMenuItemAvailability(db, admin, id, true), saved: "Menu tersedia lagi." },
    },
  });
}

// Deleting an item empties these places (a banner then orders by its own title): said before the yes.
function placesOf(item: AdminMenuItem, slideTitles: string[]): string[] {
  const places: string[] = [];
  if (item.featured_rank !== null)
    places.push(`Menu unggulan di halaman depan (urutan ${item.featured_rank})`);
  if (item.best_seller_rank !== null)
    places.push(`Menu terlaris di Beranda (urutan ${item.best_seller_rank})`);
  if (item.produk_rank !== null) places.push(`Menu di halaman Produk (urutan ${item.produk_rank})`);
  for (const title of slideTitles) places.push(`Tombol Pesan Sekarang di banner "${title}"`);
  return places;
}

function DeleteMessage({ item, slideTitles = [] }: { item: AdminMenuItem; slideTitles?: string[] }) {
  const places = placesOf(item, slideTitles);
  const ranked = places.length > slideTitles.length;
  return (
    <>
      <span className="block">{item.nama} hilang dari toko. Pesanan lama tetap tersimpan.</span>
      {places.length > 0 ? (
        <span className="mt-2 block text-left" data-testid="delete-places">
          <span className="block font-semibold text-charcoal">Menu ini sekarang tampil di:</span>
          <span className="block">
            {places.map((place) => (
              <span key={place} className="block">
                • {place}
              </span>
            ))}
          </span>
          <span className="mt-1 block">
            {ranked ? "Tempatnya di halaman itu akan kosong. " : ""}
            {slideTitles.length > 0 ? "Banner akan memesan sesuai judulnya sendiri." : ""}
          </span>
        </span>
      ) : null}
    </>
  );
}

export default function AdminMenu({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptAnswer(answer);
  const { items, linkedSlides, categories, families, editing } = loaderData;
  const form = (
    <CrudForm
      id="menu"
      schema={MenuItemSchema}
      editing={editing?.id ?? null}
      heading={editing ? `Ubah ${editing.nama}` : "Tambah menu"}
      submitLabel="Tambah menu"
      defaultValue={
        editing
          ? {
              ...editing,
              level_family: editing.level_family ?? "",
              level: editing.level ?? "",
              porsi_harian: editing.porsi_harian ?? "",
            }
          : { kategori: categories[0]?.nama, tersedia: true }
      }
    >
      {({ fields, photo }) => (
        <>
          <TextField label="Nama menu" {...fieldProps(fields.nama)} maxLength={60} required />
          <SelectField label="Kategori" {...fieldProps(fields.kategori)}>
            {categories.map((category) => (
              <option key={category.id}>{category.nama}</option>
            ))}
          </SelectField>
          <TextField
            label="Harga (Rp)"
            {...fieldProps(fields.harga)}
            inputMode="numeric"
            hint="Angka bulat, Rp 1.000 sampai Rp 1.000.000."
            required
          />
          {photo("Foto", editing?.gambar)}
          <div className="sm:col-span-2">
            <TextArea label="Deskripsi" {...fieldProps(fields.deskripsi)} maxLength={300} />
          </div>
          <fieldset className="grid gap-4 rounded-2xl border border-stone-200 p-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="px-1 font-bold">Level pedas (opsional)</legend>
            <p className="text-sm text-stone-600 sm:col-span-2">
              Tiap level sebuah hidangan adalah menu sendiri dengan harganya sendiri, misalnya Mie Nyala Level
              4. Pelanggan memilih di antara level yang ada di hidangan yang sama. Kosongkan untuk menu tanpa
              level.
            </p>
            <TextField
              label="Nama hidangan"
              {...fieldProps(fields.level_family)}
              list="hidangan-berlevel"
              maxLength={40}
              hint="Sama untuk semua levelnya, misalnya Mie Nyala."
            />
            <datalist id="hidangan-berlevel">
              {families.map((family) => (
                <option key={family} value={family} />
              ))}
            </datalist>
            <SelectField label="Level" {...fieldProps(fields.level)}>
              <option value="">Tanpa level</option>
              {SPICE_LEVELS.map((entry) => (
                <option key={entry.level} value={entry.level}>
                  Level {entry.level} ({entry.nama})
                </option>
              ))}
            </SelectField>
          </fieldset>
          <TextField
            label="Porsi harian (opsional)"
            {...fieldProps(fields.porsi_harian)}
            inputMode="numeric"
            hint="Porsi yang dimasak tiap hari; mulai lagi saat toko buka. Kosongkan bila tanpa batas. Sisa hari ini diubah di papan Pesanan."
          />
          <div className="sm:col-span-2">
            <Checkbox label="Tersedia (tidak habis)" {...checkboxProps(fields.tersedia)} />
          </div>
        </>
      )}
    </CrudForm>
  );
  return (
    <>
      <AdminPageHeader
        title="Menu"
        description="Tambah, ubah, dan hapus menu. Menu yang habis tetap tampil di toko, tapi tidak bisa dipesan."
      />
      <CrudList
        form={form}
        id="daftar-menu"
        heading="Daftar menu"
        testId="admin-menu-item"
        rows={items.map((item) => ({
          ...item,
          key: item.id,
          title: item.nama,
          image: item.gambar,
          dimmed: !item.tersedia,
        }))}
        picture={{ width: 96, height: 72, className: "h-18 w-24" }}
        badges={(item) => (
          <>
            {item.tersedia ? null : (
              <span className="rounded-full bg-stone-700 px-2 py-0.5 text-xs font-bold text-white uppercase">
                Habis
              </span>
            )}
            {item.level_family !== null ? (
              <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-bold text-amber-900">
                {item.level_family} · Level {item.level}
              </span>
            ) : null}
          </>
        )}
        details={(item) =>
          [
            item.kategori,
            formatRupiah(item.harga),
            item.porsi_harian === null ? null : `Porsi harian ${item.porsi_harian}`,
          ]
            .filter(Boolean)
            .join(" · ")
        }
        buttons={(item) => (
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              name="intent"
              value={item.tersedia ? "habis" : "tersedia"}
              className="btn-secondary min-h-10 px-3 py-1 text-sm"
            >
              {item.tersedia ? "Tandai habis" : "Tersedia lagi"}
              <span className="sr-only"> {item.nama}</span>
            </button>
          </Form>
        )}
        question={{
          title: "Hapus menu ini?",
          message: (item) => <DeleteMessage item={item} slideTitles={linkedSlides[item.id]} />,
        }}
        answer={actionData}
        listIntents={["habis", "tersedia", "delete"]}
      />
      <CategoryManager categories={categories} answer={actionData} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Menu");
