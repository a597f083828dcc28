import { useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/menu";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { ConfirmDialog } from "~/components/ui/dialog.tsx";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { KATEGORI } from "~/features/catalog/menu-item-schema.ts";
import {
  createMenuItem,
  deleteMenuItem,
  listMenuItemsForAdmin,
  setMenuItemAvailability,
  updateMenuItem,
  type AdminMenuItem,
} from "~/features/catalog/menu-items.server.ts";
import { listSlidesForAdmin } from "~/features/catalog/slides.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { formatRupiah } from "~/lib/format.ts";
import { readUploadForm } from "~/features/media/images.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import {
  ActionMessage,
  answer,
  Checkbox,
  errorsFor,
  PhotoField,
  refuse,
  TextArea,
  TextField,
  textValues,
  type OpsAnswer,
} from "~/features/admin/form-parts.tsx";

/** /admin/menu (also /admin/produk): the menu items, with create, edit, sold out and delete. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context);
  const db = await getDb();
  const [items, slides] = await Promise.all([listMenuItemsForAdmin(db), listSlidesForAdmin(db)]);
  // The banners whose "Pesan Sekarang" orders each item, for the delete question.
  const linkedSlides: Record<string, string[]> = {};
  for (const slide of slides) {
    if (slide.menu_item_id) (linkedSlides[slide.menu_item_id] ??= []).push(slide.title);
  }
  const editing = url.searchParams.get("ubah");
  return { items, linkedSlides, editing: items.find((item) => item.id === editing) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const form = await readUploadForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const db = await getDb();
  switch (intent) {
    case "create":
      return answer(
        intent,
        await createMenuItem(db, admin, textValues(form), form.get("foto")),
        "Menu ditambahkan.",
      );
    case "update":
      return answer(
        intent,
        await updateMenuItem(db, admin, id, textValues(form), form.get("foto")),
        "Menu disimpan.",
      );
    case "habis":
    case "tersedia":
      return answer(
        intent,
        await setMenuItemAvailability(db, admin, id, intent === "tersedia"),
        intent === "habis" ? "Menu ditandai habis." : "Menu tersedia lagi.",
      );
    case "delete":
      return answer(intent, await deleteMenuItem(db, admin, id), "Menu dihapus.");
    default:
      return refuse(intent, "Permintaan tidak dikenal.");
  }
}

function MenuItemForm({ item, result }: { item: AdminMenuItem | null; result: OpsAnswer | undefined }) {
  const intent = item ? "update" : "create";
  const errors = errorsFor(result, intent);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      // The server's Indonesian messages, beside each field, rather than the browser's own bubble.
      noValidate
      // A saved new item clears the form for the next one.
      key={item ? item.id : `baru-${result?.intent === "create" && result.ok ? result.at : ""}`}
      className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6"
      aria-labelledby="menu-form-title"
    >
      <h2 id="menu-form-title" className="text-lg font-extrabold sm:col-span-2">
        {item ? `Ubah ${item.nama}` : "Tambah menu"}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      <TextField
        name="nama"
        label="Nama menu"
        defaultValue={item?.nama}
        error={errors.nama}
        maxLength={60}
        required
      />
      <div>
        <label htmlFor="f-kategori" className="field-label">
          Kategori
        </label>
        <select
          id="f-kategori"
          name="kategori"
          defaultValue={item?.kategori ?? "Makanan"}
          className="field-input"
        >
          {KATEGORI.map((kategori) => (
            <option key={kategori}>{kategori}</option>
          ))}
        </select>
        {errors.kategori ? (
          <p className="mt-1 text-sm font-semibold text-chili-700">{errors.kategori}</p>
        ) : null}
      </div>
      <TextField
        name="harga"
        label="Harga (Rp)"
        defaultValue={item?.harga}
        error={errors.harga}
        inputMode="numeric"
        hint="Angka bulat, Rp 1.000 sampai Rp 1.000.000."
        required
      />
      <PhotoField label="Foto" current={item?.gambar} error={errors.foto} required={!item} />
      <div className="sm:col-span-2">
        <TextArea
          name="deskripsi"
          label="Deskripsi"
          defaultValue={item?.deskripsi}
          error={errors.deskripsi}
          maxLength={300}
        />
      </div>
      <div className="flex flex-wrap gap-x-6 sm:col-span-2">
        <Checkbox name="tersedia" label="Tersedia (tidak habis)" defaultChecked={item?.tersedia ?? true} />
        <Checkbox
          name="takes_level"
          label="Pakai level pedas (0–5)"
          defaultChecked={item?.takes_level ?? false}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Menyimpan..." : item ? "Simpan perubahan" : "Tambah menu"}
        </button>
        {item ? (
          <Link to="." className="btn-secondary">
            Batal
          </Link>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <ActionMessage answer={result} intent={intent} />
      </div>
    </Form>
  );
}

/**
 * Where an item shows besides the menu itself, in words: deleting it empties those places (a
 * banner then orders by its own title), and the owner should know before saying yes.
 */
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

export default function AdminMenu({ loaderData, actionData }: Route.ComponentProps) {
  const { items, linkedSlides, editing } = loaderData;
  const submit = useSubmit();
  const [deleting, setDeleting] = useState<AdminMenuItem | null>(null);
  const listAnswer =
    actionData && ["habis", "tersedia", "delete"].includes(actionData.intent) ? actionData : undefined;

  return (
    <>
      <AdminPageHeader
        title="Menu"
        description="Tambah, ubah, dan hapus menu. Menu yang habis tetap tampil di toko, tapi tidak bisa dipesan."
      />
      <MenuItemForm item={editing} result={actionData} />

      <section aria-labelledby="daftar-menu" className="mt-8">
        <h2 id="daftar-menu" className="text-lg font-extrabold">
          Daftar menu ({items.length})
        </h2>
        {listAnswer ? <ActionMessage answer={listAnswer} intent={listAnswer.intent} /> : null}
        <ul className="mt-3 grid gap-3 lg:grid-cols-2">
          {items.map((item) => (
            <li key={item.id} className="card flex gap-3 p-3" data-testid="admin-menu-item">
              <img
                src={item.gambar}
                alt=""
                width={96}
                height={72}
                className={`h-18 w-24 shrink-0 rounded-xl object-cover ${item.tersedia ? "" : "opacity-60 grayscale"}`}
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-1.5">
                  <h3 className="font-extrabold">{item.nama}</h3>
                  {item.tersedia ? null : (
                    <span className="rounded-full bg-stone-700 px-2 py-0.5 text-xs font-bold text-white uppercase">
                      Habis
                    </span>
                  )}
                  {item.takes_level ? (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-bold text-amber-900">
                      Level 0–5
                    </span>
                  ) : null}
                </div>
                <p className="text-sm text-stone-600">
                  {item.kategori} · {formatRupiah(item.harga)}
                </p>
                <div className="mt-1 flex flex-wrap gap-2">
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
                  <Link
                    to={`?ubah=${encodeURIComponent(item.id)}`}
                    className="btn-secondary min-h-10 px-3 py-1 text-sm"
                    preventScrollReset={false}
                  >
                    Ubah<span className="sr-only"> {item.nama}</span>
                  </Link>
                  <button
                    type="button"
                    onClick={() => setDeleting(item)}
                    className="inline-flex min-h-10 items-center rounded-full px-3 text-sm font-bold text-chili-700 hover:bg-chili-50"
                  >
                    Hapus<span className="sr-only"> {item.nama}</span>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Hapus menu ini?"
        message={
          deleting ? <DeleteMessage item={deleting} slideTitles={linkedSlides[deleting.id]} /> : undefined
        }
        confirmLabel="Ya, Hapus"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const values = new FormData();
          values.set("intent", "delete");
          values.set("id", deleting.id);
          void submit(values, { method: "post", encType: "multipart/form-data" });
          setDeleting(null);
        }}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Menu");
