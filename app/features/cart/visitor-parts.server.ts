/**
 * What of a page is the visitor's own (lib/page-cache.server.ts fills it in): the cart's count in
 * the header and, in the island, the count and the cart's version for the browser's store
 * (cart-count.ts). One query, and none at all for a visitor with neither a session nor a cart.
 */
import type { RouterContextProvider } from "react-router";
import { getOptionalUser } from "../accounts/auth.server.ts";
import { getDb } from "../../lib/db.server.ts";
import type { VisitorParts } from "../../lib/page-cache.server.ts";
import { countCart } from "./cart.server.ts";
import { mayHaveCart, readCartOwner } from "./cart-owner.server.ts";

const partsOf = (cart: { count: number; version: number }): VisitorParts => ({
  slots: { cartCount: String(cart.count) },
  island: { cart },
});

/** The parts of a visitor without a cart: every request without a cookie. */
export const NO_CART_PARTS = partsOf({ count: 0, version: 0 });

export async function cartVisitorParts(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<VisitorParts> {
  const owner = readCartOwner(request, getOptionalUser(context));
  return mayHaveCart(owner) ? partsOf(await countCart(await getDb(), owner)) : NO_CART_PARTS;
}
