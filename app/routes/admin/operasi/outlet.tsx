import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/outlet";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { outletFormValues } from "~/features/store/settings-form.ts";
import { getDb } from "~/lib/db.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { DAY_NAMES, TIMEZONES } from "~/features/store/opening-hours.ts";
import { getStoreSettingsValues } from "~/features/store/settings.server.ts";
import { updateStoreSettings } from "~/features/store/update-settings.server.ts";
import { formatWhatsAppNumber } from "~/lib/whatsapp.ts";
import {
  ActionMessage,
  answer,
  errorsFor,
  refuse,
  TextField,
  textValues,
} from "~/features/admin/form-parts.tsx";

/** /admin/outlet: the store's name, address, WhatsApp number, social links and opening hours. */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return { values: outletFormValues(await getStoreSettingsValues(await getDb())) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const form = await readForm(request);
  if (form.get("intent") !== "save") return refuse("save", "Permintaan tidak dikenal.");
  const result = await updateStoreSettings(await getDb(), admin, textValues(form));
  return answer("save", result, "Pengaturan toko disimpan. Toko menampilkannya mulai sekarang.");
}

export default function AdminOutlet({ loaderData, actionData }: Route.ComponentProps) {
  const { values } = loaderData;
  const errors = errorsFor(actionData, "save");
  const navigation = useNavigation();
  const text = (name: string) => String(values[name] ?? "");
  return (
    <>
      <AdminPageHeader
        title="Outlet"
        description="Data toko yang tampil di halaman kontak, footer, dan pesan WhatsApp."
      />
      {/* Saved values come back from the loader: the form starts again from them. */}
      {/* noValidate: the server's Indonesian messages, beside each field, not the browser's bubble. */}
      <Form method="post" className="grid max-w-4xl gap-6" key={JSON.stringify(values)} noValidate>
        <input type="hidden" name="intent" value="save" />
        <section className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6" aria-labelledby="data-toko">
          <h2 id="data-toko" className="text-lg font-extrabold sm:col-span-2">
            Data toko
          </h2>
          <TextField
            name="brand"
            label="Nama toko"
            defaultValue={text("brand")}
            error={errors.brand}
            maxLength={60}
            required
          />
          <TextField
            name="whatsapp"
            label="Nomor WhatsApp"
            type="tel"
            inputMode="tel"
            defaultValue={formatWhatsAppNumber(text("whatsapp"))}
            error={errors.whatsapp}
            hint="Nomor Indonesia: 0812…, +62 812…, atau 62812… semuanya bisa."
            required
          />
          <div className="sm:col-span-2">
            <TextField
              name="address"
              label="Alamat"
              defaultValue={text("address")}
              error={errors.address}
              maxLength={200}
              required
            />
          </div>
          <TextField
            name="instagram_url"
            label="Instagram"
            type="url"
            defaultValue={text("instagram_url")}
            error={errors.instagram_url}
            hint="Kosongkan untuk menyembunyikan."
          />
          <TextField
            name="facebook_url"
            label="Facebook"
            type="url"
            defaultValue={text("facebook_url")}
            error={errors.facebook_url}
            hint="Kosongkan untuk menyembunyikan."
          />
          <TextField
            name="tiktok_url"
            label="TikTok"
            type="url"
            defaultValue={text("tiktok_url")}
            error={errors.tiktok_url}
            hint="Kosongkan untuk menyembunyikan."
          />
        </section>

        <section className="card p-5 sm:p-6" aria-labelledby="jam-buka">
          <h2 id="jam-buka" className="text-lg font-extrabold">
            Jam buka
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Di luar jam buka, toko memberi tahu kapan buka lagi, dan pesanan tetap bisa dikirim untuk diproses
            saat buka. Jam tutup lebih awal dari jam buka berarti tutup lewat tengah malam.
          </p>
          <div className="mt-4 max-w-xs">
            <label htmlFor="f-timezone" className="field-label">
              Zona waktu
            </label>
            <select id="f-timezone" name="timezone" defaultValue={text("timezone")} className="field-input">
              {TIMEZONES.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.nama}
                </option>
              ))}
            </select>
          </div>
          {/* One row per day; on a phone the day and its "Libur" switch sit above the two times. */}
          <ul className="mt-4 divide-y divide-stone-100 text-sm">
            {DAY_NAMES.map((day, index) => (
              <li
                key={day}
                className="grid grid-cols-2 items-center gap-x-3 gap-y-2 py-3 sm:grid-cols-[7rem_1fr_1fr_auto]"
              >
                <span className="font-semibold">{day}</span>
                <label className="inline-flex min-h-11 items-center gap-2 justify-self-end font-semibold sm:order-last">
                  <input
                    type="checkbox"
                    name={`libur_${index}`}
                    aria-label={`${day} libur`}
                    defaultChecked={values[`libur_${index}`] === true}
                    className="size-5 accent-chili-600"
                  />
                  <span aria-hidden="true">Libur</span>
                </label>
                <label className="grid gap-1">
                  <span className="text-xs text-stone-500" aria-hidden="true">
                    Buka
                  </span>
                  <input
                    type="time"
                    name={`buka_${index}`}
                    aria-label={`Jam buka ${day}`}
                    defaultValue={text(`buka_${index}`)}
                    className="field-input px-2 py-2"
                  />
                </label>
                <label className="grid gap-1">
                  <span className="text-xs text-stone-500" aria-hidden="true">
                    Tutup
                  </span>
                  <input
                    type="time"
                    name={`tutup_${index}`}
                    aria-label={`Jam tutup ${day}`}
                    defaultValue={text(`tutup_${index}`)}
                    className="field-input px-2 py-2"
                  />
                </label>
              </li>
            ))}
          </ul>
          {Object.entries(errors)
            .filter(([field]) => /^(buka|tutup)_/.test(field))
            .slice(0, 1)
            .map(([field, message]) => (
              <p key={field} className="mt-2 text-sm font-semibold text-chili-700">
                {message}
              </p>
            ))}
        </section>

        <div>
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Menyimpan..." : "Simpan pengaturan"}
          </button>
          <ActionMessage answer={actionData} intent="save" />
          <p className="mt-4 text-sm">
            <Link to="/admin/log-perubahan" className="font-semibold text-chili-700 hover:underline">
              Lihat log perubahan
            </Link>
          </p>
        </div>
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Outlet");
