import { data, Form, useActionData, useNavigation } from "react-router";
import { Notice } from "~/ui/form-message.tsx";
import type { Route } from "./+types/staf";
import { ConfirmForm } from "~/ui/confirm-form.tsx";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { ROLE_LABELS, type StaffRole } from "~/features/accounts/access.ts";
import { OneTimeLink } from "~/features/accounts/one-time-link.tsx";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { formatPinLock, liftPinLock, pinLocks } from "~/features/accounts/pin.server.ts";
import { PinLock } from "~/features/accounts/pin-lock.tsx";
import {
  INVITATION_HOURS,
  NEW_STAFF_ROLES,
  NewStaffSchema,
  PERSON_ROLES,
  DEVICE_ROLES,
  STAFF_MESSAGES,
  StaffRoleSchema,
} from "~/features/accounts/staff-rules.ts";
import {
  addStaff,
  changeStaffRole,
  listStaff,
  reinvite,
  removeStaff,
  type Invitation,
  type StaffResult,
} from "~/features/accounts/staff.server.ts";
import { getStoreSettingsValues, getOrigin } from "~/features/store/settings.server.ts";
import { qrSvg } from "~/lib/qris/qr-render.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { getDb } from "~/lib/db.server.ts";
import { formAction, refuseForm, UNKNOWN_REQUEST } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { AdminTable } from "~/ui/admin-table.tsx";
import { SelectField, TextField } from "~/ui/form-fields.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const owner = requireAccess(context, "/admin/staf");
  const db = await getDb();
  const [staff, { timezone }] = await Promise.all([listStaff(db), getStoreSettingsValues(db)]);
  const locks = await pinLocks(
    db,
    staff.map((row) => row.id),
  );
  return {
    ownerId: owner.id,
    staff: staff.map((row) => ({
      id: row.id,
      nama: row.nama,
      login: row.email,
      role: row.role,
      kind: row.kind,
      provider: row.provider,
      waiting: row.provider === "password" && !row.hasPassword,
      lastSeen: row.lastSeen ? formatDateTime(row.lastSeen, timezone) : null,
      pinLocked: locks.has(row.id) ? formatPinLock(locks.get(row.id)!, timezone) : null,
    })),
  };
}

function invitationView(request: Request, invitation: Invitation, timezone: string) {
  const link = `${getOrigin(request)}/undangan/${invitation.token}`;
  return {
    link,
    svg: qrSvg(link),
    nama: invitation.nama,
    login: invitation.login,
    expiresAt: formatDateTime(invitation.expiresAt, timezone),
  };
}

type Written = StaffResult<{ invitation?: Invitation }>;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (!["tambah", "peran", "hapus", "undangan", "buka-pin"].includes(intent)) {
    requireAccess(context, "/admin/staf", "tambah");
    return refuseForm(form, intent, UNKNOWN_REQUEST);
  }
  const owner = requireAccess(context, "/admin/staf", intent);
  const db = await getDb();
  const actor = { id: owner.id, email: owner.email };
  const { timezone } = await getStoreSettingsValues(db);
  const answer = (result: Written, saved: string) => {
    if (!result.ok) return result;
    const invitation = result.invitation ? invitationView(request, result.invitation, timezone) : undefined;
    return { ok: true as const, message: saved, done: invitation ? { invitation } : {} };
  };
  const userId = String(form.get("userId") ?? "").slice(0, 40);
  if (intent === "buka-pin") {
    const lifted = await liftPinLock(db, actor, userId);
    if (!lifted.ok) return refuseForm(form, intent, lifted.message, lifted.status);
    return data({ status: "success" as const, intent, message: lifted.message });
  }
  if (intent === "tambah") {
    return formAction(form, {
      intent,
      schema: NewStaffSchema,
      write: async (values) => answer(await addStaff(db, actor, values), STAFF_MESSAGES.added),
    });
  }
  if (intent === "peran") {
    return formAction(form, {
      intent,
      schema: StaffRoleSchema,
      write: async (values) => answer(await changeStaffRole(db, actor, values), STAFF_MESSAGES.changed),
    });
  }
  const result =
    intent === "hapus"
      ? answer(await removeStaff(db, actor, userId), STAFF_MESSAGES.removed)
      : answer(await reinvite(db, actor, userId), STAFF_MESSAGES.invited);
  if (!result.ok) return refuseForm(form, intent, result.message, result.status);
  return data({ status: "success" as const, intent, message: result.message, ...result.done });
}

type Answer = {
  status: "success" | "error";
  intent?: string;
  message?: string;
  invitation?: ReturnType<typeof invitationView>;
};

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { staff, ownerId } = loaderData;
  const answer = useActionData<Answer>();
  const busy = useNavigation().state === "submitting";
  type Row = (typeof staff)[number];
  const roleChoices = (row: Row) => (row.kind === "perangkat" ? DEVICE_ROLES : PERSON_ROLES);
  return (
    <>
      <AdminPageHeader
        title="Staf"
        description="Orang dan perangkat yang bekerja di toko. Setiap perubahan peran mengakhiri sesinya dan tercatat di log perubahan."
      />
      {answer?.message ? (
        <Notice ok={answer.status !== "error"} spacing="mb-4 px-4" testId="staf-pesan">
          {answer.message}
        </Notice>
      ) : null}
      {answer?.invitation ? (
        <OneTimeLink
          testId="undangan"
          title={`Undangan untuk ${answer.invitation.nama}`}
          link={answer.invitation.link}
          svg={answer.invitation.svg}
          note={`Berlaku ${INVITATION_HOURS} jam (sampai ${answer.invitation.expiresAt}) dan hanya sekali pakai. Setelah membuat kata sandi, ia masuk dengan login ${answer.invitation.login}.`}
        />
      ) : null}

      <Form method="post" className="card mb-6 grid gap-3 p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <input type="hidden" name="intent" value="tambah" />
        <TextField label="Nama staf" name="nama" required minLength={3} maxLength={50} autoComplete="off" />
        <SelectField label="Peran" name="role" defaultValue="kasir">
          {NEW_STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="btn-primary" disabled={busy}>
          Tambah staf
        </button>
      </Form>

      {staff.length === 0 ? (
        <p className="card p-6 text-stone-600">Belum ada staf.</p>
      ) : (
        <div className="card overflow-x-auto">
          <AdminTable
            caption="Daftar staf"
            rows={staff}
            rowKey={(row) => row.id}
            rowProps={(row) => ({ "data-staf": row.nama })}
            columns={[
              {
                header: "Nama",
                rowHeader: true,
                cell: (row) => (
                  <>
                    {row.nama}
                    {row.id === ownerId ? <span className="ml-1 text-xs text-stone-500">(Anda)</span> : null}
                    <span className="block font-normal break-all text-stone-500">{row.login}</span>
                    {row.pinLocked ? (
                      <PinLock userId={row.id} nama={row.nama} until={row.pinLocked} busy={busy} />
                    ) : null}
                    {row.waiting ? (
                      <span className="block text-xs font-normal text-amber-700">
                        Belum membuat kata sandi
                      </span>
                    ) : null}
                  </>
                ),
              },
              { header: "Jenis", cell: (row) => (row.kind === "perangkat" ? "Perangkat" : "Orang") },
              { header: "Peran", cell: (row) => ROLE_LABELS[row.role as StaffRole] },
              { header: "Terakhir aktif", from: "sm", cell: (row) => row.lastSeen ?? "Belum pernah" },
              {
                header: <span className="sr-only">Aksi</span>,
                cell: (row) =>
                  row.id === ownerId ? null : (
                    <div className="flex flex-wrap items-end gap-2">
                      <Form method="post" className="flex items-end gap-2">
                        <input type="hidden" name="intent" value="peran" />
                        <input type="hidden" name="userId" value={row.id} />
                        <SelectField label={`Peran ${row.nama}`} name="role" defaultValue={row.role}>
                          {roleChoices(row).map((role) => (
                            <option key={role} value={role}>
                              {ROLE_LABELS[role]}
                            </option>
                          ))}
                        </SelectField>
                        <button type="submit" className="btn-secondary" disabled={busy}>
                          Ubah<span className="sr-only"> peran {row.nama}</span>
                        </button>
                      </Form>
                      {row.provider === "password" ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="undangan" />
                          <input type="hidden" name="userId" value={row.id} />
                          <button type="submit" className="btn-secondary" disabled={busy}>
                            Tautan baru<span className="sr-only"> untuk {row.nama}</span>
                          </button>
                        </Form>
                      ) : null}
                      <ConfirmForm
                        intent="hapus"
                        fields={{ userId: row.id }}
                        label={
                          <>
                            Hapus<span className="sr-only"> {row.nama}</span>
                          </>
                        }
                        question={`Hapus ${row.nama}? Semua sesinya berakhir.`}
                        confirmLabel="Ya, hapus"
                        busy={busy}
                      />
                    </div>
                  ),
              },
            ]}
          />
        </div>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Staf");
