/** "Cara bayar" for every checkout form: radio buttons, so it needs no JavaScript (decision 0040). */
import { PAYMENT_LABELS, type PaymentMethod } from "./payment-labels.ts";
import { PAYMENT_FIELD } from "./payment-choice.ts";

const HINTS: Record<PaymentMethod, string> = {
  tunai: "Bayar di kasir, ke kurir, atau saat mengambil.",
  qris: "Kode QR dengan nominal pas muncul di halaman pesanan.",
  transfer: "Nomor rekening muncul di halaman pesanan.",
};

export function PaymentField({
  methods,
  initial,
  hints = HINTS,
}: {
  methods: readonly PaymentMethod[];
  initial?: string;
  hints?: Record<PaymentMethod, string>;
}) {
  if (methods.length === 0) return null;
  const chosen = methods.find((entry) => entry === initial) ?? methods[0];
  return (
    <fieldset data-testid="payment-field">
      <legend className="mb-2 text-lg font-extrabold">Cara bayar</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {methods.map((entry) => (
          <label
            key={entry}
            className="flex min-h-11 cursor-pointer items-start gap-2 rounded-xl border border-stone-200 p-3 has-checked:border-chili-600"
          >
            <input
              type="radio"
              name={PAYMENT_FIELD}
              value={entry}
              defaultChecked={entry === chosen}
              className="mt-1 size-5 accent-chili-600"
            />
            <span>
              <span className="block font-bold">{PAYMENT_LABELS[entry]}</span>
              <span className="block text-sm text-stone-600">{hints[entry]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
