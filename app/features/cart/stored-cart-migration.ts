/**
 * Sends a cart kept in localStorage (`keranjang`) by the older browser-side cart to the server
 * once, then removes it (docs/decisions/0018-server-cart.md). Kept until the server took it: a
 * failed send is tried again at the next page.
 */
import { CART_STORAGE_KEY } from "./stored-cart-key.ts";
import { writeCart } from "./cart-writer.ts";

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
