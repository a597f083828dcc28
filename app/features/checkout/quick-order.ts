// The quick checkout's form names and page data (0038).
import type { LevelChoice } from "../catalog/spice-levels.ts";
import type { CheckoutForm } from "./checkout-form.server.ts";

export const priceField = (menuId: string) => `harga-${menuId}`;

export interface QuickOrderPage {
  item: { id: string; nama: string; harga: number; gambar: string; tersedia: boolean; level: number | null };
  family: string | null;
  levels: LevelChoice[];
  busy: string | null;
  // Sent, not imported: cart.ts stays off this chunk.
  limits: { jumlah: number; catatan: number };
  form: CheckoutForm;
  /** Made for each drawing of the page (never cached): its form's SUBMISSION_FIELD. */
  submission: string;
}
