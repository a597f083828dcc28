/**
 * The cart's form names, shared by the pages that draw them and cart-form.server.ts that reads
 * them: the add form and the cart page's one form, whose fields carry every line's note and level
 * (docs/decisions/0018-server-cart.md).
 */

/** The action a button (or the add form) asks for, in the `intent` field. */
export const ADD_INTENT = "tambah";
export const SAVE_INTENT = "simpan";
/** "Ambil Promo" on a promo card: the promo's items (field `promo`: its id). */
export const PROMO_INTENT = "ambil-promo";
export const quantityIntent = (key: string, jumlah: number) => `jumlah:${key}:${jumlah}`;
export const removeIntent = (key: string) => `hapus:${key}`;
/** The fields of a line in the cart page's form. */
export const noteField = (key: string) => `catatan:${key}`;
export const levelField = (key: string) => `level:${key}`;
/**
 * A page's own random name for the guest cart its first write makes (its JavaScript sends it with
 * every cart write): taps sent before the first answer all find that one cart (cart-owner.server.ts).
 */
export const NEW_CART_FIELD = "keranjang_baru";

/** The checkout form's copy of what the customer saw (`cartFingerprint`). */
export const FINGERPRINT_FIELD = "keranjang";

/** The fetchers of the cart page's changes are keyed so; the page waits for them before a checkout. */
export const LINE_FETCHER_PREFIX = "baris:";
