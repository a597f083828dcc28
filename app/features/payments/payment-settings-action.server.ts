/** The "Pembayaran" form's answer on /admin/outlet (the one form pattern, decision 0029). */
import type { Database } from "../../../database/client.server.ts";
import { formAction } from "../../lib/form-action.server.ts";
import type { Actor } from "../audit/audit-log.server.ts";
import { PAYMENT_SETTINGS_MESSAGES, PaymentSettingsSchema } from "./payment-methods.ts";
import { PAYMENT_INTENT } from "./payment-settings-form.tsx";
import { updatePaymentSettings } from "./payment-settings.server.ts";

export function paymentSettingsAction(db: Database, admin: Actor, form: FormData) {
  const picture = form.get("qris_gambar");
  return formAction(form, {
    intent: PAYMENT_INTENT,
    schema: PaymentSettingsSchema,
    saved: PAYMENT_SETTINGS_MESSAGES.saved,
    write: (values) => updatePaymentSettings(db, admin, values, picture instanceof File ? picture : null),
  });
}
