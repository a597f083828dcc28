/**
 * What the cart's actions answer a page's JavaScript (`mode=fetch`), typed once for the action
 * that writes it and the components that read it. Without JavaScript the same actions redirect.
 */
import type { CartCount } from "./cart-count.ts";

export type CartAnswer =
  | { status: "success"; cart: CartCount }
  | {
      status: "error";
      /** Indonesian, for the customer. */
      message: string;
    };
