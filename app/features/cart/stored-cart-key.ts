/** Where browsers kept the cart before the server did (read once, sent to the server, removed). */
export const CART_STORAGE_KEY = "keranjang";
