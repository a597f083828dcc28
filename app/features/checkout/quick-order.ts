/**
 * The quick checkout's form names and page data, for its page, its dialog and its action
 * (docs/decisions/0038-quick-checkout.md).
 */
import type { LevelChoice } from "../catalog/spice-levels.ts";
import type { CheckoutForm } from "./checkout-form.server.ts";

/** The price the form showed for an item (one field per level shown); the action checks it. */
export const priceField = (menuId: string) => `harga-${menuId}`;

export interface QuickOrderPage {
  item: { id: string; nama: string; harga: number; gambar: string; tersedia: boolean; level: number | null };
  /** The dish's family name and its levels, each its own item and price; empty without levels. */
  family: string | null;
  levels: LevelChoice[];
  /** "Toko sibuk": said before the form; the action refuses as for the cart. */
  busy: string | null;
  /** The cart's limits of a line's quantity and note (sent, not imported: cart.ts stays off this chunk). */
  limits: { jumlah: number; catatan: number };
  form: CheckoutForm;
}
