import { useEffect, useState } from "react";
import { z } from "zod";
import type { Route } from "./+types/pengaturan-notifikasi";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import {
  ensureAdminInbox,
  getNotificationSwitches,
  saveNotificationSwitches,
  type NotificationSwitches,
} from "~/features/notifications/notifications.server.ts";
import { WRITE } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { PushSettings } from "~/features/push/push-settings.tsx";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { formAction } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { checkboxProps, useEnhancedForm } from "~/lib/use-enhanced-form.ts";

const SETTINGS_SAVED = "Pengaturan notifikasi disimpan!";

const switches: { name: keyof NotificationSwitches; label: string; description: string }[] = [
  {
    name: "pesananBaru",
    label: "Pesanan baru",
    description: "Kabar setiap ada pesanan yang masuk: kode, pemesan, isi, dan totalnya.",
  },
  { name: "penggunaBaru", label: "Pengguna baru", description: "Kabar setiap ada pelanggan yang mendaftar." },
  {
    name: "pesanKontak",
    label: "Pesan kontak",
    description: "Kabar saat pelanggan mengirim pesan lewat halaman Kontak, dengan nama dan emailnya.",
  },
];

/** A checked box sends "on"; an unchecked one sends nothing. Anything else is refused. */
const toggle = z
  .literal("on", { error: "Pengaturan tidak valid. Muat ulang halaman lalu coba lagi." })
  .optional()
  .transform((value) => value === "on");
const SwitchesSchema = z.object({
  pesananBaru: toggle,
  penggunaBaru: toggle,
  pesanKontak: toggle,
});

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAccess(context, "/admin/pengaturan-notifikasi");
  return { switches: await getNotificationSwitches(await getDb(), admin.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAccess(context, "/admin/pengaturan-notifikasi", WRITE);
  const form = await readForm(request);
  return formAction(form, {
    schema: SwitchesSchema,
    saved: SETTINGS_SAVED,
    async write(values) {
      const db = await getDb();
      await ensureAdminInbox(db, admin.id);
      await saveNotificationSwitches(db, admin.id, values);
      return { ok: true };
    },
  });
}

function Toast({ message, shownAt }: { message: string; shownAt: string }) {
  const [hiddenAt, setHiddenAt] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setHiddenAt(shownAt), 3000);
    return () => clearTimeout(timer);
  }, [shownAt]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4"
    >
      {hiddenAt === shownAt ? null : (
        <p className="rounded-full bg-charcoal px-5 py-3 text-sm font-semibold text-white shadow-xl">
          {message}
        </p>
      )}
    </div>
  );
}

export default function AdminNotificationSettings({ loaderData }: Route.ComponentProps) {
  const { form, fields, answer, pending } = useEnhancedForm({
    id: "notifikasi",
    check: SwitchesSchema,
    defaultValue: loaderData.switches,
    fetch: true,
  });
  return (
    <>
      <AdminPageHeader title="Pengaturan Notifikasi" description="Pilih kabar yang ingin Anda terima." />
      <form {...form.props} className="card max-w-2xl p-6">
        <fieldset>
          <legend className="sr-only">Jenis notifikasi</legend>
          <ul className="divide-y divide-stone-100">
            {switches.map((item) => (
              <li key={item.name} className="flex items-center justify-between gap-4 py-4">
                <label htmlFor={fields[item.name].id} className="min-w-0 cursor-pointer">
                  <span className="block font-semibold">{item.label}</span>
                  <span className="block text-sm text-stone-600">{item.description}</span>
                </label>
                <input
                  {...checkboxProps(fields[item.name])}
                  type="checkbox"
                  role="switch"
                  className="peer relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-stone-300 transition before:absolute before:top-1 before:left-1 before:size-5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-chili-600 checked:before:translate-x-5"
                />
              </li>
            ))}
          </ul>
        </fieldset>
        {answer?.status === "error" ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-chili-700">
            {answer.message}
          </p>
        ) : null}
        <button type="submit" className="btn-primary mt-4" disabled={pending}>
          {pending ? "Menyimpan..." : "Simpan"}
        </button>
      </form>
      {answer?.status === "success" && answer.message ? (
        <Toast message={answer.message} shownAt={form.key} />
      ) : null}
      <PushSettings />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Pengaturan Notifikasi");
