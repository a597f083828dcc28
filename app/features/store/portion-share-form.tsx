// /admin/outlet's "Porsi harian" form: how much of a dish's daily portions one online order, and one client
// address in a day, may take (0057).
import { TextField } from "~/ui/form-fields.tsx";
import { SettingForm } from "~/ui/setting-form.tsx";
import { fieldProps, useEnhancedForm } from "~/lib/use-enhanced-form.ts";
import {
  MAX_PER_ADDRESS,
  MAX_PER_ORDER,
  PortionShareSchema,
  type PortionShare,
} from "./portion-share-schema.ts";

export const PORTION_SHARE_INTENT = "porsi";

const TEXT = {
  title: "Porsi harian",
  description:
    "Untuk menu yang memakai porsi harian: satu pesanan online, dan satu pelanggan (satu jaringan) dalam sehari, hanya boleh mengambil sebanyak ini, supaya porsinya tidak habis oleh satu orang. Pesanan kasir tidak dibatasi.",
  submitLabel: "Simpan porsi harian",
};

export function PortionShareForm({ share }: { share: PortionShare }) {
  const state = useEnhancedForm({
    id: "porsi-harian",
    intent: PORTION_SHARE_INTENT,
    check: PortionShareSchema,
    defaultValue: {
      portions_per_order: String(share.perOrder),
      portions_per_address: String(share.perAddress),
    },
  });
  return (
    <SettingForm state={state} intent={PORTION_SHARE_INTENT} text={TEXT}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Paling banyak porsi satu menu per pesanan"
          type="number"
          inputMode="numeric"
          {...fieldProps(state.fields.portions_per_order)}
          hint={`1 sampai ${MAX_PER_ORDER}.`}
          required
        />
        <TextField
          label="Paling banyak porsi satu menu per pelanggan sehari"
          type="number"
          inputMode="numeric"
          {...fieldProps(state.fields.portions_per_address)}
          hint={`1 sampai ${MAX_PER_ADDRESS.toLocaleString("id-ID")}, tidak kurang dari per pesanan.`}
          required
        />
      </div>
    </SettingForm>
  );
}
