/**
 * Carts kept in the browser before the server kept them (localStorage `keranjang`) are sent to the
 * server once, then removed, so nobody loses a cart to the move (docs/decisions/0018-server-cart.md).
 * Loaded only where such a cart exists (root.tsx). The server reads the stored text as it is
 * (parseStoredCart) and merges it into the visitor's cart like a sign-in merges a guest cart; the
 * cart page then says what changed in the menu since (a price, a sold-out dish). Kept until the
 * server took it: a failed send (no network, too many new carts from this network) is tried again
 * at the next page.
 */
import { CART_STORAGE_KEY } from "./stored-cart-key.ts";
import { writeCart } from "./cart-writer.tsx";

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
  // The answer's count reaches the header, and the page's lines are loaded again, through the
  // writer's fetcher (cart-writer.tsx).
  const answer = await writeCart({ baris: raw }, "/keranjang/pindahkan");
  if (answer?.status === "success") storage()?.removeItem(CART_STORAGE_KEY);
}
