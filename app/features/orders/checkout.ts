/**
 * What POST /pesanan answers, typed once for the action that writes it and the pages that read
 * it: the checkout panel (through a fetcher) and, without JavaScript, the /pesanan page.
 */
import type { CartCount } from "../cart/cart-count.ts";

export interface CheckoutRecorded {
  status: "success";
  code: string;
  /** The code of this browser's earlier unsent order that this one replaced (cancelled), or null. */
  replaced: string | null;
  total: number;
  /** The WhatsApp text (within MESSAGE_BUDGET, the code and the order page's link always in it). */
  message: string;
  whatsappUrl: string;
  outsideHours: boolean;
  /** The order's own page (`/pesanan/NY-7K3Q`); this browser may open it without the link's secret. */
  orderUrl: string;
}

interface CheckoutRefused {
  status: "error";
  /** Indonesian, for the customer. */
  message: string;
  /** The checkout details' messages by field (`nama`, `whatsapp`, …), when those were refused. */
  fieldErrors?: Record<string, string>;
  /** With `fieldErrors`: the details as typed, to ask again (the page without JavaScript). */
  values?: Record<string, string>;
  /** With `fieldErrors`: the fingerprint of the cart as it now is, for that second form. */
  keranjang?: string;
  /** With `fieldErrors`: the total the cart page showed, checked again by that second form. */
  total?: number;
}

export type CheckoutAnswer = CheckoutRecorded | CheckoutRefused;

/** `intent=terkirim`: the customer sent the message; the order's lines left the cart. */
export interface SentAnswer {
  status: "sent";
  /** The order confirmed as sent, or null when this browser had none pending. */
  code: string | null;
  cart: CartCount;
}
