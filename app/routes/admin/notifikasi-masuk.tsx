import { useFetcher } from "react-router";
import type { Route } from "./+types/notifikasi-masuk";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { useRootData } from "~/root.tsx";
import {
  ensureAdminInbox,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationItem,
} from "~/features/notifications/notifications.server.ts";
import { WRITE } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { answerOutcome, refuseForm, UNKNOWN_REQUEST } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { readRowId } from "~/lib/form-input.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAccess(context, "/admin/notifikasi-masuk");
  const db = await getDb();
  await ensureAdminInbox(db, admin.id);
  return { notifications: await listNotifications(db, admin.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAccess(context, "/admin/notifikasi-masuk", WRITE);
  const form = await readForm(request);
  const db = await getDb();
  const intent = form.get("intent");
  if (intent === "read-all") {
    await markAllNotificationsRead(db, admin.id);
    return answerOutcome(form, { ok: true }, { intent });
  }
  if (intent !== "read") return refuseForm(form, "read", UNKNOWN_REQUEST);
  const id = readRowId(form.get("id"));
  if (id === null) return refuseForm(form, intent, "Notifikasi tidak valid.");
  // Only the admin's own notification: another admin's id is "not found" here.
  if (!(await markNotificationRead(db, admin.id, id))) {
    return refuseForm(form, intent, "Notifikasi tidak ditemukan.", 404);
  }
  return answerOutcome(form, { ok: true }, { intent });
}

function NotificationCard({ item }: { item: NotificationItem }) {
  const { timezone } = useRootData().store;
  const fetcher = useFetcher<typeof action>();
  // Shown as read as soon as the button is pressed; the server's answer confirms it.
  const read = item.sudahDibaca || fetcher.formData?.get("id") === String(item.id);
  return (
    <li
      className={`card flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between ${
        read ? "" : "border-l-4 border-l-chili-600"
      }`}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-bold">{item.judul}</h2>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold ${
              read ? "bg-stone-100 text-stone-600" : "bg-chili-50 text-chili-700"
            }`}
          >
            {read ? "Sudah dibaca" : "Belum dibaca"}
          </span>
        </div>
        <p className="mt-1 text-stone-700">{item.pesan}</p>
        <p className="mt-1 text-xs text-stone-500">
          <time dateTime={new Date(item.waktu).toISOString()}>{formatDateTime(item.waktu, timezone)}</time>
        </p>
      </div>
      {read ? null : (
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" className="btn-secondary min-h-10 py-1.5 text-sm">
            Tandai Dibaca<span className="sr-only">: {item.judul}</span>
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

export default function AdminNotifications({ loaderData }: Route.ComponentProps) {
  const { notifications } = loaderData;
  const readAll = useFetcher<typeof action>();
  const unread = notifications.filter((item) => !item.sudahDibaca).length;
  return (
    <>
      <AdminPageHeader title="Notifikasi Masuk" description="Kabar terbaru untuk akun admin Anda." />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">
          {unread === 0 ? "Semua notifikasi sudah dibaca." : `${unread} notifikasi belum dibaca.`}
        </p>
        {unread > 0 ? (
          <readAll.Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="text-sm font-semibold text-chili-700 hover:underline">
              Tandai semua dibaca
            </button>
          </readAll.Form>
        ) : null}
      </div>
      {notifications.length === 0 ? (
        <p className="card p-6 text-stone-600">Belum ada notifikasi.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {notifications.map((item) => (
            <NotificationCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Notifikasi Masuk");
