// The visitor's own parts of a page, filled in by lib/page-cache.server.ts; no query without a cookie.
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

export const NO_CART_PARTS = partsOf({ count: 0, version: 0 });

export async function cartVisitorParts(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<VisitorParts> {
  const owner = readCartOwner(request, getOptionalUser(context));
  return mayHaveCart(owner) ? partsOf(await countCart(await getDb(), owner)) : NO_CART_PARTS;
}
