import { useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/banner";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { ConfirmDialog } from "~/components/ui/dialog.tsx";
import { readRowId } from "~/lib/form-input.server.ts";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { listMenuItemsForAdmin } from "~/features/catalog/menu-items.server.ts";
import { SLIDE_MESSAGES } from "~/features/catalog/slide-schema.ts";
import {
  createSlide,
  deleteSlide,
  listSlidesForAdmin,
  updateSlide,
} from "~/features/catalog/slides.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { readUploadForm } from "~/features/media/images.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import {
  ActionMessage,
  answer,
  Checkbox,
  errorsFor,
  PhotoField,
  refuse,
  TextField,
  textValues,
  type OpsAnswer,
} from "~/features/admin/form-parts.tsx";

/** /admin/banner: the carousel slides of /beranda. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context);
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
  const admin = requireAdmin(context);
  const form = await readUploadForm(request);
  const intent = String(form.get("intent") ?? "");
  // Ids are PostgreSQL integers: a larger number would make the query itself fail.
  const id = readRowId(form.get("id"));
  const db = await getDb();
  switch (intent) {
    case "create":
      return answer(
        intent,
        await createSlide(db, admin, textValues(form), form.get("foto")),
        "Banner ditambahkan.",
      );
    case "update":
      if (id === null) return refuse(intent, SLIDE_MESSAGES.notFound, 404);
      return answer(
        intent,
        await updateSlide(db, admin, id, textValues(form), form.get("foto")),
        "Banner disimpan.",
      );
    case "delete":
      if (id === null) return refuse(intent, SLIDE_MESSAGES.notFound, 404);
      return answer(intent, await deleteSlide(db, admin, id), "Banner dihapus.");
    default:
      return refuse(intent, "Permintaan tidak dikenal.");
  }
}

type Slide = Route.ComponentProps["loaderData"]["slides"][number];

function SlideForm({
  slide,
  menu,
  result,
}: {
  slide: Slide | null;
  menu: { id: string; nama: string }[];
  result: OpsAnswer | undefined;
}) {
  const intent = slide ? "update" : "create";
  const errors = errorsFor(result, intent);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      // The server's Indonesian messages, beside each field, rather than the browser's own bubble.
      noValidate
      key={slide ? slide.id : `baru-${result?.intent === "create" && result.ok ? result.at : ""}`}
      className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6"
      aria-labelledby="slide-form-title"
    >
      <h2 id="slide-form-title" className="text-lg font-extrabold sm:col-span-2">
        {slide ? `Ubah banner ${slide.title}` : "Tambah banner"}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {slide ? <input type="hidden" name="id" value={slide.id} /> : null}
      <TextField
        name="title"
        label="Judul"
        defaultValue={slide?.title}
        error={errors.title}
        maxLength={60}
        required
      />
      <TextField name="text" label="Teks" defaultValue={slide?.text} error={errors.text} maxLength={160} />
      <div>
        <label htmlFor="f-menu" className="field-label">
          Tautan tombol Pesan Sekarang
        </label>
        <select
          id="f-menu"
          name="menu_item_id"
          defaultValue={slide?.menu_item_id ?? ""}
          className="field-input"
        >
          <option value="">Pesan sesuai judul banner</option>
          {menu.map((item) => (
            <option key={item.id} value={item.id}>
              Pesan {item.nama}
            </option>
          ))}
        </select>
        {errors.menu_item_id ? (
          <p className="mt-1 text-sm font-semibold text-chili-700">{errors.menu_item_id}</p>
        ) : null}
      </div>
      <TextField
        name="urutan"
        label="Urutan"
        type="number"
        defaultValue={slide?.urutan ?? 0}
        error={errors.urutan}
        hint="Angka kecil tampil lebih dulu."
      />
      <div className="sm:col-span-2">
        <PhotoField
          label="Gambar (lebar, 2:1)"
          current={slide?.image}
          error={errors.foto}
          required={!slide}
        />
      </div>
      <div className="sm:col-span-2">
        <Checkbox name="aktif" label="Aktif" defaultChecked={slide?.aktif ?? true} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Menyimpan..." : slide ? "Simpan perubahan" : "Tambah banner"}
        </button>
        {slide ? (
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

export default function AdminBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { slides, menu, editing } = loaderData;
  const submit = useSubmit();
  const [deleting, setDeleting] = useState<Slide | null>(null);
  return (
    <>
      <AdminPageHeader
        title="Banner"
        description="Slide carousel di Beranda, dengan tombol Pesan Sekarang."
      />
      <SlideForm slide={editing} menu={menu} result={actionData} />
      <section aria-labelledby="daftar-banner" className="mt-8">
        <h2 id="daftar-banner" className="text-lg font-extrabold">
          Daftar banner ({slides.length})
        </h2>
        <ActionMessage answer={actionData} intent="delete" />
        <ul className="mt-3 grid gap-3 lg:grid-cols-2">
          {slides.map((slide) => (
            <li key={slide.id} className="card flex gap-3 p-3" data-testid="admin-slide">
              <img
                src={slide.image}
                alt=""
                width={120}
                height={60}
                className={`h-15 w-30 shrink-0 rounded-xl object-cover ${slide.aktif ? "" : "opacity-60 grayscale"}`}
              />
              <div className="min-w-0 flex-1">
                <h3 className="font-extrabold">{slide.title}</h3>
                <p className="text-sm text-stone-600">
                  {slide.aktif ? "Aktif" : "Nonaktif"} · urutan {slide.urutan}
                  {slide.menu_nama ? ` · pesan ${slide.menu_nama}` : ""}
                </p>
                <div className="mt-2 flex gap-2">
                  <Link to={`?ubah=${slide.id}`} className="btn-secondary min-h-10 px-3 py-1 text-sm">
                    Ubah<span className="sr-only"> {slide.title}</span>
                  </Link>
                  <button
                    type="button"
                    onClick={() => setDeleting(slide)}
                    className="inline-flex min-h-10 items-center rounded-full px-3 text-sm font-bold text-chili-700 hover:bg-chili-50"
                  >
                    Hapus<span className="sr-only"> {slide.title}</span>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Hapus banner ini?"
        message={deleting?.title}
        confirmLabel="Ya, Hapus"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const values = new FormData();
          values.set("intent", "delete");
          values.set("id", String(deleting.id));
          void submit(values, { method: "post", encType: "multipart/form-data" });
          setDeleting(null);
        }}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Banner");
