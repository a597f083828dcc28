/**
 * What the checkout's details form starts with (checkout-details-fields.tsx): the time slots
 * offered now, and the details remembered from the last checkout (the number formatted here, so
 * the storefront's JavaScript need not carry the formatting). Read by the cart page and by
 * the /pesanan page that asks again when the details were refused without JavaScript.
 */
import type { Database } from "../../../database/client.server.ts";
import { formatWhatsAppNumber } from "../../lib/whatsapp-format.ts";
import { getStoreSettings } from "../store/settings.server.ts";
import { rememberedDetails } from "./checkout-profile.server.ts";
import { orderSlots } from "../store/order-slots.ts";

export interface CheckoutForm {
  slots: { value: string; label: string }[];
  remembered: Awaited<ReturnType<typeof rememberedDetails>>;
}

export const NO_CHECKOUT_FORM: CheckoutForm = { slots: [], remembered: null };

export async function checkoutForm(
  db: Database,
  request: Request,
  account: { id: string; nama: string } | null,
  now = new Date(),
): Promise<CheckoutForm> {
  const store = await getStoreSettings(db);
  const slots = orderSlots({
    hours: store.openingHours,
    timezone: store.timezone,
    leadMinutes: store.leadMinutes,
    now,
  }).map(({ value, label }) => ({ value, label }));
  const remembered = await rememberedDetails(db, request, account);
  // The number as people write it (`+62 812-3456-7890`); the schema reads either form back.
  if (remembered?.whatsapp) remembered.whatsapp = formatWhatsAppNumber(remembered.whatsapp);
  return { slots, remembered };
}
