import { Link } from "react-router";
import type { Route } from "./+types/outlet";
import { SelectField, TextField } from "~/ui/form-fields.tsx";
import { FormMessage } from "~/ui/form-message.tsx";
import { mayUse, WRITE } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { MAX_LEAD_MINUTES } from "~/features/store/order-slots.ts";
import { LeadTimeSchema } from "~/features/store/lead-time-schema.ts";
import { DAY_NAMES, TIMEZONES } from "~/features/store/opening-hours.ts";
import { updateLeadTime, updatePortionShare } from "~/features/store/ordering-settings.server.ts";
import { PORTION_SHARE_INTENT, PortionShareForm } from "~/features/store/portion-share-form.tsx";
import { PortionShareSchema } from "~/features/store/portion-share-schema.ts";
import { outletFormValues, OutletSchema } from "~/features/store/settings-form.ts";
import { getStoreSettingsValues } from "~/features/store/settings.server.ts";
import { PAYMENT_INTENT, PaymentSettingsForm } from "~/features/payments/payment-settings-form.tsx";
import { paymentSettingsAction } from "~/features/payments/payment-settings-action.server.ts";
import { getPaymentSettings } from "~/features/payments/payment-settings.server.ts";
import { readUploadForm } from "~/features/media/images.server.ts";
import { updateStoreSettings } from "~/features/store/update-settings.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { formAction, refuseForm, UNKNOWN_REQUEST } from "~/lib/form-action.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { fieldProps, useEnhancedForm } from "~/lib/use-enhanced-form.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireAccess(context, "/admin/outlet");
  const settings = await getStoreSettingsValues(await getDb());
  // The shop's QRIS and bank account are the owner's (access.ts): the section is not sent to others.
  const payment = mayUse(staff.role, "/admin/outlet", PAYMENT_INTENT)
    ? await getPaymentSettings(await getDb())
    : null;
  return {
    values: outletFormValues(settings),
    leadMinutes: settings.lead_minutes,
    portionShare: settings.portion_share,
    payment,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAccess(context, "/admin/outlet", WRITE);
  const form = await readUploadForm(request);
  const admin = requireAccess(context, "/admin/outlet", String(form.get("intent") ?? ""));
  const db = await getDb();
  if (form.get("intent") === PAYMENT_INTENT) return paymentSettingsAction(db, admin, form);
  if (form.get("intent") === "pesanan") {
    return formAction(form, {
      intent: "pesanan",
      schema: LeadTimeSchema,
      saved: "Waktu persiapan disimpan.",
      write: (values) => updateLeadTime(db, admin, values),
    });
  }
  if (form.get("intent") === PORTION_SHARE_INTENT) {
    return formAction(form, {
      intent: PORTION_SHARE_INTENT,
      schema: PortionShareSchema,
      saved: "Batas porsi harian disimpan.",
      write: (values) => updatePortionShare(db, admin, values),
    });
  }
  if (form.get("intent") !== "save") return refuseForm(form, "save", UNKNOWN_REQUEST);
  return formAction(form, {
    intent: "save",
    schema: OutletSchema,
    saved: "Pengaturan toko disimpan. Toko menampilkannya mulai sekarang.",
    write: (values) => updateStoreSettings(db, admin, values),
  });
}

function SettingsForm({ values }: { values: Record<string, string | boolean> }) {
  const { form, fields, answer, pending } = useEnhancedForm({
    id: "outlet",
    intent: "save",
    check: OutletSchema,
    defaultValue: values,
  });
  const hoursError = Object.entries(form.allErrors).find(([field]) => /^(buka|tutup)_/.test(field))?.[1]?.[0];
  return (
    <form {...form.props} key={form.key} className="grid max-w-4xl gap-6">
      <input type="hidden" name="intent" value="save" />
      <section className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6" aria-labelledby="data-toko">
        <h2 id="data-toko" className="text-lg font-extrabold sm:col-span-2">
          Data toko
        </h2>
        <TextField label="Nama toko" {...fieldProps(fields.brand)} maxLength={60} required />
        <TextField
          label="Nomor WhatsApp"
          type="tel"
          inputMode="tel"
          {...fieldProps(fields.whatsapp)}
          hint="Nomor Indonesia: 0812…, +62 812…, atau 62812… semuanya bisa."
          required
        />
        <div className="sm:col-span-2">
          <TextField label="Alamat" {...fieldProps(fields.address)} maxLength={200} required />
        </div>
        {(
          [
            ["instagram_url", "Instagram"],
            ["facebook_url", "Facebook"],
            ["tiktok_url", "TikTok"],
          ] as const
        ).map(([name, label]) => (
          <TextField
            key={name}
            label={label}
            type="url"
            {...fieldProps(fields[name]!)}
            hint="Kosongkan untuk menyembunyikan."
          />
        ))}
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
          <SelectField label="Zona waktu" {...fieldProps(fields.timezone)}>
            {TIMEZONES.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.nama}
              </option>
            ))}
          </SelectField>
        </div>
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
                  defaultChecked={fields[`libur_${index}`]?.initialValue === "on"}
                  className="size-5 accent-chili-600"
                />
                <span aria-hidden="true">Libur</span>
              </label>
              {(["buka", "tutup"] as const).map((side) => {
                const field = fields[`${side}_${index}`];
                return (
                  <label key={side} className="grid gap-1">
                    <span className="text-xs text-stone-500" aria-hidden="true">
                      {side === "buka" ? "Buka" : "Tutup"}
                    </span>
                    <input
                      type="time"
                      name={`${side}_${index}`}
                      aria-label={`Jam ${side} ${day}`}
                      aria-invalid={field?.errors ? true : undefined}
                      aria-describedby={field?.errors ? "jam-buka-error" : undefined}
                      defaultValue={typeof field?.initialValue === "string" ? field.initialValue : undefined}
                      className={`field-input px-2 py-2 ${field?.errors ? "border-chili-600" : ""}`}
                    />
                  </label>
                );
              })}
            </li>
          ))}
        </ul>
        {hoursError ? (
          <p id="jam-buka-error" className="mt-2 text-sm font-semibold text-chili-700">
            {hoursError}
          </p>
        ) : null}
      </section>

      <div>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Menyimpan..." : "Simpan pengaturan"}
        </button>
        <FormMessage answer={answer} intents={["save"]} id={form.errorId} />
        <p className="mt-4 text-sm">
          <Link to="/admin/log-perubahan" className="font-semibold text-chili-700 hover:underline">
            Lihat log perubahan
          </Link>
        </p>
      </div>
    </form>
  );
}

// A form of its own, so saving the lead time leaves the settings as they are.
function LeadTimeForm({ leadMinutes }: { leadMinutes: number }) {
  const { form, fields, answer, pending } = useEnhancedForm({
    id: "waktu-pesanan",
    intent: "pesanan",
    check: LeadTimeSchema,
    defaultValue: { lead_minutes: String(leadMinutes) },
  });
  return (
    <form
      {...form.props}
      key={form.key}
      className="card mt-6 grid max-w-4xl gap-3 p-5 sm:p-6"
      aria-labelledby="waktu-pesanan-judul"
    >
      <input type="hidden" name="intent" value="pesanan" />
      <h2 id="waktu-pesanan-judul" className="text-lg font-extrabold">
        Waktu pesanan
      </h2>
      <p className="text-sm text-stone-600">
        Pelanggan memilih “secepatnya” atau jam tertentu dalam jam buka, per 15 menit. Jam paling awal yang
        bisa dipilih adalah sekarang ditambah waktu persiapan ini (saat tutup: jam buka berikutnya ditambah
        waktu persiapan).
      </p>
      <div className="max-w-xs">
        <TextField
          label="Waktu persiapan (menit)"
          type="number"
          inputMode="numeric"
          {...fieldProps(fields.lead_minutes)}
          hint={`0 sampai ${MAX_LEAD_MINUTES} menit, kelipatan 5.`}
          required
        />
      </div>
      <div>
        <button type="submit" className="btn-primary" disabled={pending}>
          Simpan waktu persiapan
        </button>
        <FormMessage answer={answer} intents={["pesanan"]} id={form.errorId} />
      </div>
    </form>
  );
}

export default function AdminOutlet({ loaderData }: Route.ComponentProps) {
  const { values, leadMinutes, portionShare, payment } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Outlet"
        description="Data toko yang tampil di halaman kontak, footer, dan pesan WhatsApp."
      />
      {/* The saved values come back from the loader (after the answer): the form starts again from them. */}
      <SettingsForm key={JSON.stringify(values)} values={values} />
      <LeadTimeForm key={`lead-${leadMinutes}`} leadMinutes={leadMinutes} />
      <PortionShareForm key={`porsi-${JSON.stringify(portionShare)}`} share={portionShare} />
      {payment ? <PaymentSettingsForm key={JSON.stringify(payment)} settings={payment} /> : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Outlet");
