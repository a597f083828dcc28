// /admin/outlet's "Pembayaran": methods, the QRIS (pasted, or a picture read on the server), the bank (0040).
import { PhotoField } from "~/ui/photo-field.tsx";
import { Checkbox, SelectField, TextArea, TextField } from "~/ui/form-fields.tsx";
import { FormMessage } from "~/ui/form-message.tsx";
import { checkboxProps, fieldProps, useEnhancedForm } from "~/lib/use-enhanced-form.ts";
import { PaymentSettingsSchema, type PaymentSettings } from "./payment-methods.ts";
import { PAYMENT_LABELS, PAYMENT_METHODS } from "./payment-labels.ts";

export const PAYMENT_INTENT = "pembayaran";

export const paymentFormValues = (settings: PaymentSettings) => ({
  ...Object.fromEntries(PAYMENT_METHODS.map((entry) => [entry, settings.methods.includes(entry)])),
  utama: settings.methods[0],
  qris_kode: settings.qris?.payload ?? "",
  bank_nama: settings.bank?.name ?? "",
  bank_rekening: settings.bank?.account ?? "",
  bank_pemilik: settings.bank?.holder ?? "",
});

export function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const { form, fields, answer, pending } = useEnhancedForm({
    id: "pembayaran",
    intent: PAYMENT_INTENT,
    check: PaymentSettingsSchema,
    defaultValue: paymentFormValues(settings),
    encType: "multipart/form-data",
  });
  const methodsError = fields.tunai.errors?.[0];
  return (
    <form {...form.props} key={form.key} className="card mt-6 grid max-w-4xl gap-4 p-5 sm:p-6">
      <input type="hidden" name="intent" value={PAYMENT_INTENT} />
      <h2 className="text-lg font-extrabold">Pembayaran</h2>
      <fieldset aria-describedby={methodsError ? "pembayaran-metode-error" : undefined}>
        <legend className="field-label">Metode yang diterima</legend>
        <div className="flex flex-wrap gap-x-6">
          {PAYMENT_METHODS.map((entry) => (
            <Checkbox key={entry} label={PAYMENT_LABELS[entry]} {...checkboxProps(fields[entry]!)} />
          ))}
        </div>
        {methodsError ? (
          <p id="pembayaran-metode-error" className="mt-1 text-sm font-semibold text-chili-700">
            {methodsError}
          </p>
        ) : null}
      </fieldset>
      <div className="max-w-xs">
        <SelectField label="Metode utama (pilihan awal saat checkout)" {...fieldProps(fields.utama)}>
          {PAYMENT_METHODS.map((entry) => (
            <option key={entry} value={entry}>
              {PAYMENT_LABELS[entry]}
            </option>
          ))}
        </SelectField>
      </div>
      <section className="grid gap-3" aria-labelledby="pembayaran-qris">
        <h3 id="pembayaran-qris" className="font-extrabold">
          QRIS toko
        </h3>
        {settings.qris ? (
          <p className="text-sm" data-testid="qris-merchant">
            Merchant: <strong>{settings.qris.merchantName}</strong>
          </p>
        ) : null}
        <TextArea
          label="Kode QRIS statis"
          rows={3}
          {...fieldProps(fields.qris_kode)}
          hint="Tempel isi QRIS yang tercetak di toko (diawali 000201), atau unggah gambarnya di bawah."
        />
        <PhotoField
          id="qris-gambar"
          label="Atau unggah gambar QRIS"
          name="qris_gambar"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hint="Foto atau tangkapan layar QRIS toko (JPEG, PNG, WebP atau GIF); kodenya dibaca di server."
        />
      </section>
      <section className="grid gap-3 sm:grid-cols-3" aria-labelledby="pembayaran-bank">
        <h3 id="pembayaran-bank" className="font-extrabold sm:col-span-3">
          Rekening untuk transfer
        </h3>
        <TextField label="Nama bank" {...fieldProps(fields.bank_nama)} maxLength={40} />
        <TextField label="Nomor rekening" inputMode="numeric" {...fieldProps(fields.bank_rekening)} />
        <TextField label="Atas nama" {...fieldProps(fields.bank_pemilik)} maxLength={60} />
      </section>
      <div>
        <button type="submit" className="btn-primary" disabled={pending}>
          Simpan pembayaran
        </button>
        <FormMessage answer={answer} intents={[PAYMENT_INTENT]} id={form.errorId} />
      </div>
    </form>
  );
}
