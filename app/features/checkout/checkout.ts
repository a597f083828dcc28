/**
 * What POST /pesanan and the quick checkout answer besides their status (FormAnswer's `done`),
 * for the checkout panel, the /pesanan page and the quick checkout's page (0029).
 */
import type { CartCount } from "../cart/cart-count.ts";

export interface CheckoutRecorded {
  code: string;
  /** The code of this browser's earlier unsent order that this one replaced (cancelled), or null. */
  replaced: string | null;
  /** The code of this browser's earlier order the restaurant had taken up: it stays, this one is added. */
  follows: string | null;
  total: number;
  /** The WhatsApp text (within MESSAGE_BUDGET, the code and the order page's link always in it). */
  message: string;
  whatsappUrl: string;
  outsideHours: boolean;
  /** The order's own page (`/pesanan/NY-7K3Q`); this browser may open it without the link's secret. */
  orderUrl: string;
}

/** `intent=terkirim`: the customer sent the message; the order's lines left the cart. */
export interface OrderSent {
  /** The order confirmed as sent, or null when this browser had none pending. */
  code: string | null;
  cart: CartCount;
}
