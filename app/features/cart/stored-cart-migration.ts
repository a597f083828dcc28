/**
 * Carts kept in the browser before the server kept them (localStorage `keranjang`) are sent to the
 * server once, then removed, so nobody loses a cart to the move (docs/decisions/0018-server-cart.md).
 * Loaded only where such a cart exists (root.tsx). The server reads the stored text as it is
 * (parseStoredCart) and merges it into the visitor's cart like a sign-in merges a guest cart; the
 * cart page then says what changed in the menu since (a price, a sold-out dish). Kept until the
 * server took it: a failed send (no network, too many new carts from this network) is tried again
 * at the next page.
 */
import { CART_STORAGE_KEY } from "./cart.ts";
import type { CartAnswer } from "./cart-answer.ts";
import { cartChangedHere, updateCartCount } from "./cart-count.ts";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: there is nothing kept to move
  }
}

export async function moveStoredCart() {
  const raw = storage()?.getItem(CART_STORAGE_KEY);
  if (raw === null || raw === undefined) return;
  let answer: CartAnswer;
  try {
    const response = await fetch("/keranjang/pindahkan", {
      method: "POST",
      body: new URLSearchParams({ baris: raw }),
    });
    answer = (await response.json()) as CartAnswer;
  } catch {
    return;
  }
  if (answer.status !== "success") return;
  storage()?.removeItem(CART_STORAGE_KEY);
  updateCartCount(answer.cart);
  cartChangedHere();
}
