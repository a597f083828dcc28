// What POST /pesanan and the quick checkout answer besides their status (FormAnswer's `done`, 0029).
import type { CartCount } from "../cart/cart-count.ts";

/** The checkout form's one-time key: the same key and request answer the order it recorded (0057). */
export const SUBMISSION_FIELD = "kunci_kirim";

export interface CheckoutRecorded {
  code: string;
  // The earlier order this one replaced (cancelled), or followed (it stays).
  replaced: string | null;
  follows: string | null;
  total: number;
  message: string;
  whatsappUrl: string;
  outsideHours: boolean;
  // This browser may open it without the link's secret.
  orderUrl: string;
}

export interface OrderSent {
  code: string | null;
  cart: CartCount;
}
