// The checkout's own fields, named as the schema names them (0022). The other ways' fields hide by CSS
// `:has` alone; without `:has` all show, labelled for their way.
import type { PaymentMethod } from "../payments/payment-labels.ts";
import { PaymentField } from "../payments/payment-field.tsx";
import { useDetailsCheck, type DetailsChecker } from "./checkout-details-check.ts";
import type { CheckoutDetails, DetailErrors } from "./checkout-details.ts";
import { ASAP, DETAIL_LIMITS, FULFILMENT_LABELS } from "../orders/order-fields.ts";

const WAYS = ["ambil", "antar", "makan"] as const;

interface SlotChoice {
  value: string;
  label: string;
}

const FULFILMENT_HINTS = {
  ambil: "Kamu ambil di toko.",
  antar: "Kami antar ke alamatmu.",
  makan: "Makan di restoran kami.",
};

/** The words that address the customer; staff's forms bring their own. */
export interface DetailsWords {
  people: string;
  ways: Record<(typeof WAYS)[number], string>;
  payment?: Parameters<typeof PaymentField>[0]["hints"];
  /** A message as the customer reads it → as staff read it. */
  errors?: Readonly<Record<string, string>>;
}

function Field({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: React.ReactNode;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`f-${name}`} className="field-label">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`f-${name}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={`f-${name}-error`}
          className="mt-1 text-sm font-semibold text-chili-700"
          data-testid={`error-${name}`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (name: string, error: string | undefined, hint = false) =>
  error ? `f-${name}-error` : hint ? `f-${name}-hint` : undefined;

export function CheckoutDetailsFields({
  initial,
  slots,
  errors: serverErrors = {},
  message: serverMessage,
  check: pageCheck,
  hidden,
  numberOptional,
  methods = [],
  words,
}: {
  initial: (Partial<CheckoutDetails> & { bayar?: string }) | null;
  slots: readonly SlotChoice[];
  errors?: DetailErrors;
  message?: string | null;
  // The cart page's check (it checks a tap before these fields' code); else the fields hold their own.
  check?: DetailsChecker;
  hidden?: boolean;
  numberOptional?: boolean;
  methods?: readonly PaymentMethod[];
  words?: DetailsWords;
}) {
  const ownCheck = useDetailsCheck(slots);
  const check = pageCheck ?? ownCheck;
  // The browser's own check speaks first; once the details hold, the server's messages show.
  const shown = Object.keys(check.errors).length > 0 ? check.errors : serverErrors;
  const errors: DetailErrors = words?.errors
    ? Object.fromEntries(Object.entries(shown).map(([name, text]) => [name, words.errors![text!] ?? text]))
    : shown;
  const cara = initial?.cara ?? "ambil";
  const input = (name: keyof DetailErrors) => ({
    id: `f-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    className: `field-input ${errors[name] ? "border-chili-600 ring-2 ring-chili-600/30" : ""}`,
  });
  return (
    <div
      className={`group/checkout grid gap-4 ${hidden === undefined ? "" : "card mt-6 p-6"}`}
      hidden={hidden}
      data-testid="checkout-details"
      onFocus={check.preload}
    >
      {check.message || serverMessage ? (
        <p role="alert" className="font-semibold text-chili-800" data-testid="details-alert">
          {check.message || serverMessage}
        </p>
      ) : null}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-extrabold">{words?.people ?? "Data pemesan"}</legend>
        <Field name="nama" label="Nama" error={errors.nama}>
          <input
            {...input("nama")}
            autoComplete="name"
            maxLength={DETAIL_LIMITS.nama}
            defaultValue={initial?.nama ?? ""}
            required
            aria-describedby={describedBy("nama", errors.nama)}
          />
        </Field>
        <Field
          name="whatsapp"
          label={numberOptional ? "Nomor WhatsApp (opsional)" : "Nomor WhatsApp"}
          error={errors.whatsapp}
          hint="Contoh: 0812-3456-7890"
        >
          <input
            {...input("whatsapp")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={24}
            defaultValue={initial?.whatsapp ?? ""}
            required={!numberOptional}
            aria-describedby={describedBy("whatsapp", errors.whatsapp, true)}
          />
        </Field>
      </fieldset>

      <fieldset aria-describedby={errors.cara ? "f-cara-error" : undefined}>
        <legend className="mb-2 text-lg font-extrabold">Cara pesanan</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {WAYS.map((way) => (
            <label
              key={way}
              className="flex min-h-14 cursor-pointer items-start gap-3 rounded-2xl border-2 border-stone-200 p-3 has-[:checked]:border-chili-600 has-[:checked]:bg-chili-50"
            >
              <input
                type="radio"
                name="cara"
                value={way}
                defaultChecked={way === cara}
                className="mt-1 size-5 accent-chili-600"
              />
              <span>
                <span className="block font-bold">{FULFILMENT_LABELS[way]}</span>
                <span className="block text-sm text-stone-600">{(words?.ways ?? FULFILMENT_HINTS)[way]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.cara ? (
          <p id="f-cara-error" className="mt-1 text-sm font-semibold text-chili-700" data-testid="error-cara">
            {errors.cara}
          </p>
        ) : null}
      </fieldset>

      <div
        className="grid gap-3 group-has-[input[value=antar]:not(:checked)]/checkout:hidden sm:grid-cols-2"
        data-testid="antar-fields"
      >
        <Field name="alamat" label="Alamat pengantaran" error={errors.alamat}>
          <input
            {...input("alamat")}
            autoComplete="street-address"
            maxLength={DETAIL_LIMITS.alamat}
            defaultValue={initial?.alamat ?? ""}
            aria-describedby={describedBy("alamat", errors.alamat)}
          />
        </Field>
        <Field
          name="patokan"
          label="Patokan"
          error={errors.patokan}
          hint="Misalnya: depan masjid, pagar hijau."
        >
          <input
            {...input("patokan")}
            maxLength={DETAIL_LIMITS.patokan}
            defaultValue={initial?.patokan ?? ""}
            aria-describedby={describedBy("patokan", errors.patokan, true)}
          />
        </Field>
      </div>

      <div
        className="group-has-[input[value=makan]:not(:checked)]/checkout:hidden"
        data-testid="makan-fields"
      >
        <Field
          name="meja"
          label={
            <>
              Nomor meja <span className="font-normal text-stone-500">(opsional)</span>
            </>
          }
          error={errors.meja}
        >
          <input
            {...input("meja")}
            maxLength={DETAIL_LIMITS.meja}
            defaultValue={initial?.meja ?? ""}
            className={`${input("meja").className} max-w-40`}
            aria-describedby={describedBy("meja", errors.meja)}
          />
        </Field>
      </div>

      <Field name="waktu" label="Waktu" error={errors.waktu}>
        <select
          {...input("waktu")}
          defaultValue={slots.some((slot) => slot.value === initial?.waktu) ? initial?.waktu : ASAP}
          aria-describedby={describedBy("waktu", errors.waktu)}
        >
          <option value={ASAP}>Secepatnya</option>
          {slots.map((slot) => (
            <option key={slot.value} value={slot.value}>
              {slot.label}
            </option>
          ))}
        </select>
      </Field>
      <PaymentField methods={methods} initial={initial?.bayar} hints={words?.payment} />
    </div>
  );
}
