/**
 * The site's page cache (lib/page-cache.server.ts): one rendering per kind of visitor (nobody
 * known, customer, admin), the cart's count spliced in. The root's middleware fills and serves
 * it; the server answers requests without cookies from it before React Router (entry.server.tsx).
 */
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import { cartVisitorParts, NO_CART_PARTS } from "~/features/cart/visitor-parts.server.ts";
import { createPageCache } from "~/lib/page-cache.server.ts";

export const sitePages = createPageCache({
  kindOf: (context) => getOptionalUser(context)?.role ?? "",
  partsOf: cartVisitorParts,
  // No session cookie: nobody known; no cart cookie: no cart.
  cookieless: { kind: "", parts: NO_CART_PARTS },
});
