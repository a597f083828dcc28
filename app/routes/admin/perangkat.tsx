import { data, Form, useActionData, useNavigation } from "react-router";
import { Notice } from "~/ui/form-message.tsx";
import type { Route } from "./+types/perangkat";
import { ConfirmForm } from "~/ui/confirm-form.tsx";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { ROLE_LABELS, type StaffRole } from "~/features/accounts/access.ts";
import { createPairing, listDevices, revokeDevice } from "~/features/accounts/devices.server.ts";
import { OneTimeLink } from "~/features/accounts/one-time-link.tsx";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { formatPinLock, liftPinLock, pinLocks } from "~/features/accounts/pin.server.ts";
import { PinLock } from "~/features/accounts/pin-lock.tsx";
import {
  DEVICE_MESSAGES,
  DEVICE_ROLES,
  NewDeviceSchema,
  PAIRING_MINUTES,
} from "~/features/accounts/staff-rules.ts";
import { getOrigin, getStoreSettingsValues } from "~/features/store/settings.server.ts";
import { qrSvg } from "~/lib/qris/qr-render.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { getDb } from "~/lib/db.server.ts";
import { formAction, refuseForm, UNKNOWN_REQUEST } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { AdminTable } from "~/ui/admin-table.tsx";
import { SelectField, TextField } from "~/ui/form-fields.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireAccess(context, "/admin/perangkat");
  const db = await getDb();
  const [{ devices, pending }, { timezone }] = await Promise.all([
    listDevices(db),
    getStoreSettingsValues(db),
  ]);
  const locks = await pinLocks(
    db,
    devices.map((row) => row.id),
  );
  return {
    devices: devices.map((row) => ({
      id: row.id,
      nama: row.nama,
      role: row.role as StaffRole,
      since: formatDateTime(row.created_at, timezone),
      lastSeen: row.lastSeen ? formatDateTime(row.lastSeen, timezone) : null,
      pinLocked: locks.has(row.id) ? formatPinLock(locks.get(row.id)!, timezone) : null,
    })),
    pending: pending.map((row) => ({
      id: row.id,
      nama: row.nama,
      role: row.role as StaffRole,
      until: formatDateTime(row.expiresAt, timezone),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent !== "pasang" && intent !== "cabut" && intent !== "buka-pin") {
    requireAccess(context, "/admin/perangkat", "pasang");
    return refuseForm(form, intent, UNKNOWN_REQUEST);
  }
  const owner = requireAccess(context, "/admin/perangkat", intent);
  const db = await getDb();
  const actor = { id: owner.id, email: owner.email };
  if (intent === "buka-pin") {
    const lifted = await liftPinLock(db, actor, String(form.get("userId") ?? "").slice(0, 40));
    if (!lifted.ok) return refuseForm(form, intent, lifted.message, lifted.status);
    return data({ status: "success" as const, intent, message: lifted.message });
  }
  if (intent === "cabut") {
    const result = await revokeDevice(db, actor, String(form.get("userId") ?? "").slice(0, 40));
    if (!result.ok) return refuseForm(form, intent, result.message, result.status);
    return data({ status: "success" as const, intent, message: DEVICE_MESSAGES.revoked });
  }
  const { timezone } = await getStoreSettingsValues(db);
  return formAction(form, {
    intent,
    schema: NewDeviceSchema,
    async write(values) {
      const result = await createPairing(db, actor, values);
      if (!result.ok) return result;
      const link = `${getOrigin(request)}/perangkat?kode=${result.code}`;
      const pairing = {
        code: result.code,
        link,
        svg: qrSvg(link),
        nama: values.nama,
        expiresAt: formatDateTime(result.expiresAt, timezone),
      };
      return { ok: true, message: DEVICE_MESSAGES.created, done: { pairing } };
    },
  });
}

type Answer = {
  status: "success" | "error";
  message?: string;
  pairing?: { code: string; link: string; svg: string; nama: string; expiresAt: string };
};

export default function AdminDevices({ loaderData }: Route.ComponentProps) {
  const { devices, pending } = loaderData;
  const answer = useActionData<Answer>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <AdminPageHeader
        title="Perangkat"
        description="Tablet dapur atau komputer kasir yang masuk tanpa kata sandi. Perangkat hanya melihat yang boleh dilihat perannya."
      />
      {answer?.message ? (
        <Notice ok={answer.status !== "error"} spacing="mb-4 px-4" testId="perangkat-pesan">
          {answer.message}
        </Notice>
      ) : null}
      {answer?.pairing ? (
        <OneTimeLink
          testId="kode-pasang"
          title={`Kode pasang untuk ${answer.pairing.nama}`}
          code={answer.pairing.code}
          link={answer.pairing.link}
          svg={answer.pairing.svg}
          note={`Buka /perangkat di perangkat itu (atau pindai QR ini) dan ketik kodenya. Berlaku ${PAIRING_MINUTES} menit (sampai ${answer.pairing.expiresAt}) dan hanya sekali pakai.`}
        />
      ) : null}

      <Form method="post" className="card mb-6 grid gap-3 p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <input type="hidden" name="intent" value="pasang" />
        <TextField
          label="Nama perangkat"
          name="nama"
          placeholder="Tablet dapur"
          required
          minLength={3}
          maxLength={50}
          autoComplete="off"
        />
        <SelectField label="Peran" name="role" defaultValue="dapur">
          {DEVICE_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="btn-primary" disabled={busy}>
          Buat kode pasang
        </button>
      </Form>

      {pending.length > 0 ? (
        <p className="mb-4 text-sm text-stone-600" data-testid="kode-menunggu">
          Menunggu dipasangkan:{" "}
          {pending.map((row) => `${row.nama} (${ROLE_LABELS[row.role]}, sampai ${row.until})`).join(", ")}
        </p>
      ) : null}

      {devices.length === 0 ? (
        <p className="card p-6 text-stone-600">Belum ada perangkat terpasang.</p>
      ) : (
        <div className="card overflow-x-auto">
          <AdminTable
            caption="Perangkat terpasang"
            rows={devices}
            rowKey={(row) => row.id}
            rowProps={(row) => ({ "data-perangkat": row.nama })}
            columns={[
              {
                header: "Nama",
                rowHeader: true,
                cell: (row) => (
                  <>
                    {row.nama}
                    {row.pinLocked ? (
                      <PinLock userId={row.id} nama={row.nama} until={row.pinLocked} busy={busy} />
                    ) : null}
                  </>
                ),
              },
              { header: "Peran", cell: (row) => ROLE_LABELS[row.role] },
              { header: "Dipasang", from: "sm", cell: (row) => row.since },
              { header: "Terakhir aktif", cell: (row) => row.lastSeen ?? "Belum pernah" },
              {
                header: <span className="sr-only">Aksi</span>,
                cell: (row) => (
                  <ConfirmForm
                    intent="cabut"
                    fields={{ userId: row.id }}
                    label={
                      <>
                        Cabut<span className="sr-only"> {row.nama}</span>
                      </>
                    }
                    question={`Cabut ${row.nama}? Perangkat ini langsung keluar.`}
                    confirmLabel="Ya, cabut"
                    busy={busy}
                  />
                ),
              },
            ]}
          />
        </div>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Perangkat");
