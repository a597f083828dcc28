// The site's page cache: one rendering per kind of visitor; the server serves cookieless requests from it.
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import { cartVisitorParts, NO_CART_PARTS } from "~/features/cart/visitor-parts.server.ts";
import { createPageCache } from "~/lib/page-cache.server.ts";

export const sitePages = createPageCache({
  kindOf: (context) => getOptionalUser(context)?.role ?? "",
  partsOf: cartVisitorParts,
  cookieless: { kind: "", parts: NO_CART_PARTS },
});
