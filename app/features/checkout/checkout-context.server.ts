// What a checkout, or the cart page drawing one, reads once and passes along (0028).
import { shopPaymentSettings } from "../payments/payment-settings.server.ts";
import type { PaymentSettings } from "../payments/payment-methods.ts";
import type { Database } from "../../../database/client.server.ts";
import { storeDate } from "../../lib/clock.server.ts";
import type { Pricing, PricingLine } from "../pricing/pricing.ts";
import { getPricingContext, priceAt, type PricingContext } from "../pricing/pricing-context.server.ts";
import { getCustomerFacts } from "../promotions/customer-facts.server.ts";
import { orderSlots, type Slot } from "../store/order-slots.ts";
import { getStoreSettings, type StoreSettings } from "../store/settings.server.ts";
import { pendingOrderState, type PendingOrder } from "./pending-order.server.ts";

export interface CheckoutContext {
  now: Date;
  store: StoreSettings;
  pricing: PricingContext;
  slots: Slot[];
  payment: PaymentSettings;
}

export async function readCheckoutContext(db: Database, now = storeDate()): Promise<CheckoutContext> {
  const [store, pricing, payment] = await Promise.all([
    getStoreSettings(db, now),
    getPricingContext(db),
    shopPaymentSettings(db),
  ]);
  const slots = orderSlots({
    hours: store.openingHours,
    timezone: store.timezone,
    leadMinutes: store.leadMinutes,
    now,
  });
  return { now, store, pricing, slots, payment };
}

// The account's history without the order this browser may still replace (once its secret and status hold).
export async function pagePricing(
  db: Database,
  context: CheckoutContext,
  lines: readonly PricingLine[],
  userId: string | null,
  pending: PendingOrder | null,
): Promise<Pricing> {
  const state = userId ? await pendingOrderState(db, pending) : null;
  const replacing = state?.kind === "replace" ? state.order.id : null;
  const customer = await getCustomerFacts(db, userId, { replacing });
  return priceAt(context, lines, customer);
}
