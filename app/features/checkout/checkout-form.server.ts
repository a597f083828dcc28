// What the checkout's details form starts with: the slots offered now and the remembered details (0022).
import type { Database } from "../../../database/client.server.ts";
import { formatWhatsAppNumber } from "../../lib/whatsapp-format.ts";
import type { Slot } from "../store/order-slots.ts";
import type { PaymentMethod } from "../payments/payment-labels.ts";
import { rememberedDetails } from "./checkout-profile.server.ts";

export interface CheckoutForm {
  slots: { value: string; label: string }[];
  remembered: Awaited<ReturnType<typeof rememberedDetails>>;
  methods: PaymentMethod[];
}

export const NO_CHECKOUT_FORM: CheckoutForm = { slots: [], remembered: null, methods: [] };

export async function checkoutForm(
  db: Database,
  request: Request,
  account: { id: string; nama: string } | null,
  slots: readonly Slot[],
  methods: PaymentMethod[],
): Promise<CheckoutForm> {
  const remembered = await rememberedDetails(db, request, account);
  // The number as people write it (`+62 812-3456-7890`); the schema reads either form back.
  if (remembered?.whatsapp) remembered.whatsapp = formatWhatsAppNumber(remembered.whatsapp);
  return { slots: slots.map(({ value, label }) => ({ value, label })), remembered, methods };
}
