// Sends a cart kept in localStorage to the server once (0018); a failed send is tried at the next page.
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
  const answer = await writeCart({ baris: raw }, "/keranjang/pindahkan");
  if (answer?.status === "success") storage()?.removeItem(CART_STORAGE_KEY);
}
