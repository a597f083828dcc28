/**
 * What the checkout form needs without its schema (checkout-details.ts loads only when the
 * customer starts on the form): the fields' lengths, the ways an order is fulfilled and their
 * names, and the value of "as soon as possible".
 */
import type { Fulfilment } from "../../../database/types.ts";

export const DETAIL_LIMITS = { nama: 50, alamat: 200, patokan: 100, meja: 20 } as const;

/** The checkout's "as soon as possible" (else a slot of order-slots.ts). */
export const ASAP = "secepatnya";

export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  ambil: "Ambil sendiri",
  antar: "Diantar",
  makan: "Makan di tempat",
};
