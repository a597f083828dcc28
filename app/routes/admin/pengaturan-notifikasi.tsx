import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/pengaturan-notifikasi";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import {
  ensureAdminInbox,
  getNotificationSwitches,
  saveNotificationSwitches,
  type NotificationSwitches,
} from "~/features/notifications/notifications.server.ts";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { PushSettings } from "~/features/push/push-settings.tsx";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { readForm } from "~/lib/form.server.ts";

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
const toggle = z.union([z.literal("on"), z.undefined()]).transform((value) => value === "on");
const SwitchesSchema = z.object({
  pesananBaru: toggle,
  penggunaBaru: toggle,
  pesanKontak: toggle,
});

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  return { switches: await getNotificationSwitches(await getDb(), admin.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const form = await readForm(request);
  const values = Object.fromEntries(switches.map(({ name }) => [name, form.getAll(name)]));
  const single = Object.fromEntries(
    Object.entries(values).map(([name, all]) => [name, all.length > 1 ? all : (all[0] ?? undefined)]),
  );
  const parsed = SwitchesSchema.safeParse(single);
  if (!parsed.success) {
    return data(
      { ok: false as const, message: "Pengaturan tidak valid. Muat ulang halaman lalu coba lagi." },
      { status: 400 },
    );
  }
  const db = await getDb();
  await ensureAdminInbox(db, admin.id);
  await saveNotificationSwitches(db, admin.id, parsed.data);
  return { ok: true as const, message: SETTINGS_SAVED, savedAt: Date.now() };
}

/** The toast after Simpan: visible for three seconds, announced to screen readers. */
function Toast({ message, shownAt }: { message: string; shownAt: number }) {
  const [hiddenAt, setHiddenAt] = useState<number | null>(null);
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

export default function AdminNotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data ?? actionData;
  return (
    <>
      <AdminPageHeader title="Pengaturan Notifikasi" description="Pilih kabar yang ingin Anda terima." />
      <fetcher.Form method="post" className="card max-w-2xl p-6">
        <fieldset>
          <legend className="sr-only">Jenis notifikasi</legend>
          <ul className="divide-y divide-stone-100">
            {switches.map((item) => (
              <li key={item.name} className="flex items-center justify-between gap-4 py-4">
                <label htmlFor={`notif-${item.name}`} className="min-w-0 cursor-pointer">
                  <span className="block font-semibold">{item.label}</span>
                  <span className="block text-sm text-stone-600">{item.description}</span>
                </label>
                <input
                  id={`notif-${item.name}`}
                  type="checkbox"
                  role="switch"
                  name={item.name}
                  defaultChecked={loaderData.switches[item.name]}
                  className="peer relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-stone-300 transition before:absolute before:top-1 before:left-1 before:size-5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-chili-600 checked:before:translate-x-5"
                />
              </li>
            ))}
          </ul>
        </fieldset>
        {answer && !answer.ok ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-chili-700">
            {answer.message}
          </p>
        ) : null}
        <button type="submit" className="btn-primary mt-4" disabled={fetcher.state !== "idle"}>
          {fetcher.state === "idle" ? "Simpan" : "Menyimpan..."}
        </button>
      </fetcher.Form>
      {answer?.ok ? <Toast message={answer.message} shownAt={answer.savedAt} /> : null}
      <PushSettings />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Pengaturan Notifikasi");
