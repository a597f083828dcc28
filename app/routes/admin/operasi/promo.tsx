import { useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/promo";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { ConfirmDialog } from "~/components/ui/dialog.tsx";
import { readRowId } from "~/lib/form-input.server.ts";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { PROMO_MESSAGES } from "~/features/catalog/promo-schema.ts";
import {
  createPromo,
  deletePromo,
  listPromosForAdmin,
  updatePromo,
  type AdminPromo,
} from "~/features/catalog/promos.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { readUploadForm } from "~/features/media/images.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { getStoreSettingsValues } from "~/features/store/settings.server.ts";
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

/** /admin/menu-diskon (also /admin/promo): the promo cards of /beranda. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context);
  const db = await getDb();
  const { timezone } = await getStoreSettingsValues(db);
  const promos = await listPromosForAdmin(db, timezone);
  const editing = Number(url.searchParams.get("ubah"));
  return { promos, editing: promos.find((promo) => promo.id === editing) ?? null };
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
        await createPromo(db, admin, textValues(form), form.get("foto")),
        "Promo ditambahkan.",
      );
    case "update":
      if (id === null) return refuse(intent, PROMO_MESSAGES.notFound, 404);
      return answer(
        intent,
        await updatePromo(db, admin, id, textValues(form), form.get("foto")),
        "Promo disimpan.",
      );
    case "delete":
      if (id === null) return refuse(intent, PROMO_MESSAGES.notFound, 404);
      return answer(intent, await deletePromo(db, admin, id), "Promo dihapus.");
    default:
      return refuse(intent, "Permintaan tidak dikenal.");
  }
}

function PromoForm({ promo, result }: { promo: AdminPromo | null; result: OpsAnswer | undefined }) {
  const intent = promo ? "update" : "create";
  const errors = errorsFor(result, intent);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      // The server's Indonesian messages, beside each field, rather than the browser's own bubble.
      noValidate
      key={promo ? promo.id : `baru-${result?.intent === "create" && result.ok ? result.at : ""}`}
      className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6"
      aria-labelledby="promo-form-title"
    >
      <h2 id="promo-form-title" className="text-lg font-extrabold sm:col-span-2">
        {promo ? `Ubah promo ${promo.title}` : "Tambah promo"}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {promo ? <input type="hidden" name="id" value={promo.id} /> : null}
      <TextField
        name="title"
        label="Judul"
        defaultValue={promo?.title}
        error={errors.title}
        maxLength={80}
        required
      />
      <TextField
        name="label"
        label="Label (mis. Setiap Senin)"
        defaultValue={promo?.label}
        error={errors.label}
        maxLength={30}
      />
      <div className="sm:col-span-2">
        <TextArea
          name="description"
          label="Deskripsi"
          defaultValue={promo?.description}
          error={errors.description}
          maxLength={300}
        />
      </div>
      <TextField
        name="active_from"
        label="Tampil mulai (opsional)"
        type="date"
        defaultValue={promo?.active_from}
        error={errors.active_from}
      />
      <TextField
        name="active_until"
        label="Tampil sampai (opsional)"
        type="date"
        defaultValue={promo?.active_until}
        error={errors.active_until}
        hint="Promo tampil sampai akhir hari ini."
      />
      <TextField
        name="urutan"
        label="Urutan"
        type="number"
        defaultValue={promo?.urutan ?? 0}
        error={errors.urutan}
        hint="Angka kecil tampil lebih dulu."
      />
      <PhotoField label="Gambar" current={promo?.image} error={errors.foto} required={!promo} />
      <div className="sm:col-span-2">
        <Checkbox name="aktif" label="Aktif" defaultChecked={promo?.aktif ?? true} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Menyimpan..." : promo ? "Simpan perubahan" : "Tambah promo"}
        </button>
        {promo ? (
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

/** When a promo shows, in words. */
function windowText(promo: AdminPromo) {
  if (!promo.aktif) return "Nonaktif";
  if (promo.active_from && promo.active_until) return `${promo.active_from} s.d. ${promo.active_until}`;
  if (promo.active_from) return `Mulai ${promo.active_from}`;
  if (promo.active_until) return `Sampai ${promo.active_until}`;
  return "Selalu tampil";
}

export default function AdminPromos({ loaderData, actionData }: Route.ComponentProps) {
  const { promos, editing } = loaderData;
  const submit = useSubmit();
  const [deleting, setDeleting] = useState<AdminPromo | null>(null);
  return (
    <>
      <AdminPageHeader
        title="Menu Diskon"
        description="Kartu promo di Beranda. Hanya promo aktif di dalam tanggal tampilnya yang terlihat pelanggan."
      />
      <PromoForm promo={editing} result={actionData} />
      <section aria-labelledby="daftar-promo" className="mt-8">
        <h2 id="daftar-promo" className="text-lg font-extrabold">
          Daftar promo ({promos.length})
        </h2>
        <ActionMessage answer={actionData} intent="delete" />
        <ul className="mt-3 grid gap-3 lg:grid-cols-2">
          {promos.map((promo) => (
            <li key={promo.id} className="card flex gap-3 p-3" data-testid="admin-promo">
              <img
                src={promo.image}
                alt=""
                width={96}
                height={60}
                className={`h-15 w-24 shrink-0 rounded-xl object-cover ${promo.aktif ? "" : "opacity-60 grayscale"}`}
              />
              <div className="min-w-0 flex-1">
                <h3 className="font-extrabold">{promo.title}</h3>
                <p className="text-sm text-stone-600">
                  {promo.label ? `${promo.label} · ` : ""}
                  {windowText(promo)}
                </p>
                <div className="mt-2 flex gap-2">
                  <Link to={`?ubah=${promo.id}`} className="btn-secondary min-h-10 px-3 py-1 text-sm">
                    Ubah<span className="sr-only"> {promo.title}</span>
                  </Link>
                  <button
                    type="button"
                    onClick={() => setDeleting(promo)}
                    className="inline-flex min-h-10 items-center rounded-full px-3 text-sm font-bold text-chili-700 hover:bg-chili-50"
                  >
                    Hapus<span className="sr-only"> {promo.title}</span>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Hapus promo ini?"
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

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Menu Diskon");
