// /admin/outlet's "Porsi harian" form: how much of a dish's daily portions one online order, and one client
// address in a day, may take (0057).
import { TextField } from "~/ui/form-fields.tsx";
import { FormMessage } from "~/ui/form-message.tsx";
import { fieldProps, useEnhancedForm } from "~/lib/use-enhanced-form.ts";
import {
  MAX_PER_ADDRESS,
  MAX_PER_ORDER,
  PortionShareSchema,
  type PortionShare,
} from "./portion-share-schema.ts";

export const PORTION_SHARE_INTENT = "porsi";

export function PortionShareForm({ share }: { share: PortionShare }) {
  const { form, fields, answer, pending } = useEnhancedForm({
    id: "porsi-harian",
    intent: PORTION_SHARE_INTENT,
    check: PortionShareSchema,
    defaultValue: {
      portions_per_order: String(share.perOrder),
      portions_per_address: String(share.perAddress),
    },
  });
  return (
    <form
      {...form.props}
      key={form.key}
      className="card mt-6 grid max-w-4xl gap-3 p-5 sm:p-6"
      aria-labelledby="porsi-harian-judul"
    >
      <input type="hidden" name="intent" value={PORTION_SHARE_INTENT} />
      <h2 id="porsi-harian-judul" className="text-lg font-extrabold">
        Porsi harian
      </h2>
      <p className="text-sm text-stone-600">
        Untuk menu yang memakai porsi harian: satu pesanan online, dan satu pelanggan (satu jaringan) dalam
        sehari, hanya boleh mengambil sebanyak ini, supaya porsinya tidak habis oleh satu orang. Pesanan kasir
        tidak dibatasi.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Paling banyak porsi satu menu per pesanan"
          type="number"
          inputMode="numeric"
          {...fieldProps(fields.portions_per_order)}
          hint={`1 sampai ${MAX_PER_ORDER}.`}
          required
        />
        <TextField
          label="Paling banyak porsi satu menu per pelanggan sehari"
          type="number"
          inputMode="numeric"
          {...fieldProps(fields.portions_per_address)}
          hint={`1 sampai ${MAX_PER_ADDRESS.toLocaleString("id-ID")}, tidak kurang dari per pesanan.`}
          required
        />
      </div>
      <div>
        <button type="submit" className="btn-primary" disabled={pending}>
          Simpan porsi harian
        </button>
        <FormMessage answer={answer} intents={[PORTION_SHARE_INTENT]} id={form.errorId} />
      </div>
    </form>
  );
}
