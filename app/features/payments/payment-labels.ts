/** The payment methods' names, without the settings form's schema, for the pages' own code (decision 0040). */
import { PAYMENT_METHODS, type PaymentMethod } from "../../../database/types.ts";

export { PAYMENT_METHODS, type PaymentMethod };

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  tunai: "Tunai",
  qris: "QRIS",
  transfer: "Transfer bank",
};
