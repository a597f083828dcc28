// The cart's form names, shared by the pages that draw them and cart-form.server.ts that reads them (0018).

export const ADD_INTENT = "tambah";
export const SAVE_INTENT = "simpan";
export const PROMO_INTENT = "ambil-promo";
export const quantityIntent = (key: string, jumlah: number) => `jumlah:${key}:${jumlah}`;
export const removeIntent = (key: string) => `hapus:${key}`;
export const noteField = (key: string) => `catatan:${key}`;
export const levelField = (key: string) => `level:${key}`;
// A page's own name for the guest cart its first write makes: early taps all find that one cart.
export const NEW_CART_FIELD = "keranjang_baru";

export const FINGERPRINT_FIELD = "keranjang";

export const LINE_FETCHER_PREFIX = "baris:";
