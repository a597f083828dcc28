import { Form, useActionData, useNavigation } from "react-router";
import { Notice } from "~/ui/form-message.tsx";
import type { Route } from "./+types/pengaturan";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { providerLabel, roleLabel } from "~/features/admin/format.ts";
import { formatDate } from "~/lib/dates.ts";
import { useRootData } from "~/root.tsx";
import { profileOf } from "~/features/admin/profile.server.ts";
import { mayUse } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { hasPin, setOwnPin } from "~/features/accounts/pin.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { answerOutcome, refuseForm, UNKNOWN_REQUEST } from "~/lib/form-action.server.ts";
import type { FormAnswer } from "~/lib/form-answer.ts";
import { readForm } from "~/lib/form.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { TextField } from "~/ui/form-fields.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAccess(context, "/admin/pengaturan");
  const setsPin = mayUse(user.role, "/admin/pengaturan", "pin");
  return {
    profile: profileOf(user),
    pin: setsPin ? { set: await hasPin(await getDb(), user.id) } : null,
  };
}

// A pemilik or admin sets their own PIN for the kasir's and the devices' risky taps (0059).
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent !== "pin") {
    requireAccess(context, "/admin/pengaturan");
    return refuseForm(form, intent, UNKNOWN_REQUEST);
  }
  const user = requireAccess(context, "/admin/pengaturan", "pin");
  const result = await setOwnPin(await getDb(), user, {
    pin: form.get("pinBaru"),
    again: form.get("pinUlang"),
  });
  return answerOutcome(form, result, { intent });
}

function PinForm({ set }: { set: boolean }) {
  const answer = useActionData<FormAnswer>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="card mt-6 max-w-2xl p-6" aria-labelledby="pin-judul" data-testid="pin-saya">
      <h2 id="pin-judul" className="text-lg font-extrabold">
        PIN untuk tindakan berisiko
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Kasir dan perangkat meminta PIN pemilik atau admin untuk membatalkan pesanan, membatalkan lunas, atau
        menurunkan total pesanan.{" "}
        {set ? "PIN Anda sudah diatur; isi di bawah untuk menggantinya." : "Anda belum mengatur PIN."}
      </p>
      {answer?.message ? (
        <Notice ok={answer.status !== "error"} spacing="mt-3 px-4" testId="pin-pesan">
          {answer.message}
        </Notice>
      ) : null}
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="pin" />
        <TextField
          label="PIN baru (4–6 angka)"
          name="pinBaru"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          required
        />
        <TextField
          label="Ulangi PIN baru"
          name="pinUlang"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          required
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          Simpan PIN
        </button>
      </Form>
    </section>
  );
}

export default function AdminAccountSettings({ loaderData }: Route.ComponentProps) {
  const { profile, pin } = loaderData;
  const { timezone } = useRootData().store;
  const fields = [
    { id: "nama", label: "Nama", value: profile.nama },
    { id: "email", label: "Email", value: profile.email },
    { id: "telepon", label: "Nomor HP", value: profile.phone_number ?? "" },
    { id: "metode", label: "Masuk dengan", value: providerLabel(profile.provider) },
    { id: "peran", label: "Peran", value: roleLabel(profile.role) },
    { id: "bergabung", label: "Bergabung", value: formatDate(profile.created_at, timezone) },
  ];
  return (
    <>
      <AdminPageHeader
        title="Pengaturan"
        description={
          pin ? "Pengaturan akun Anda dan PIN Anda." : "Pengaturan akun Anda. Halaman ini hanya untuk dibaca."
        }
      />
      <section className="card max-w-2xl p-6">
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.id}>
              <label htmlFor={`akun-${field.id}`} className="field-label">
                {field.label}
              </label>
              <input
                id={`akun-${field.id}`}
                className="field-input bg-stone-50"
                value={field.value}
                placeholder={field.id === "telepon" ? "Belum diisi" : undefined}
                readOnly
              />
            </div>
          ))}
        </div>
        <p className="mt-4 text-sm text-stone-600">
          Data akun tidak bisa diubah dari sini. Akun Google mengikuti data di akun Google Anda.
        </p>
      </section>
      {pin ? <PinForm set={pin.set} /> : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Pengaturan");
