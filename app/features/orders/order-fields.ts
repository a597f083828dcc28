// What the checkout form needs without its schema (checkout-details.ts loads once the form is started).
import type { Fulfilment } from "../../../database/types.ts";

export const DETAIL_LIMITS = { nama: 50, alamat: 200, patokan: 100, meja: 20 } as const;

export const ASAP = "secepatnya";

export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  ambil: "Ambil sendiri",
  antar: "Diantar",
  makan: "Makan di tempat",
};
