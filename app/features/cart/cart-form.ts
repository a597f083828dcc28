/**
 * The cart's forms, shared by the pages that draw them and the actions that read them: the add
 * form of a product card (and of the level page), and the cart page's one form, whose buttons
 * each say what to change and whose fields carry every line's note and level (so any button,
 * the checkout too, keeps what was typed). Without JavaScript these are plain POSTs; with it the
 * same fields go through fetchers. The names are here, for the pages; reading them is
 * cart-form.server.ts's.
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
/** The checkout form's copy of what the customer saw (`cartFingerprint`). */
export const FINGERPRINT_FIELD = "keranjang";

/** The fetchers of the cart page's changes are keyed so; the page waits for them before a checkout. */
export const LINE_FETCHER_PREFIX = "baris:";
