import { lazy, Suspense, useEffect, useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import jakartaLatin from "./fonts/plus-jakarta-sans-latin-400-800.woff2?url";
import type { Route } from "./+types/root";
import { authMiddleware, getOptionalUser } from "~/features/accounts/auth.server.ts";
import { currentCatalog } from "~/features/cart/cart.server.ts";
import { CART_STORAGE_KEY } from "~/features/cart/stored-cart-key.ts";
import { csrfMiddleware } from "~/lib/csrf.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { firstUse, lazyComponent } from "~/lib/lazy-component.ts";
import { securityHeadersMiddleware } from "~/lib/security-headers.server.ts";
import { getOrigin, getStoreSettings } from "~/features/store/settings.server.ts";
import { sitePages } from "~/site-pages.server.ts";
// Development only: in production the server inlines the stylesheet (entry.server.tsx).
import devStylesheet from "./app.css?url";

// The page cache comes after the session: pages are shared by the visitors of one kind (nobody
// known, customer, admin), and every page gets its visitor's own parts (the cart's count).
export const middleware: Route.MiddlewareFunction[] = [
  securityHeadersMiddleware,
  csrfMiddleware,
  authMiddleware,
  sitePages.middleware,
];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const db = await getDb();
  const user = getOptionalUser(context);
  return {
    /**
     * The role only: this loader's answer is shared by every visitor of that kind
     * (lib/page-cache.server.ts), so never a name, an e-mail, a hash or a token.
     */
    user: user ? { role: user.role } : null,
    store: await getStoreSettings(db),
    origin: getOrigin(request),
    /** The item a "Tambah" without JavaScript just added (`?ditambahkan=<id>&level=<n>`), for its notice. */
    added: await addedItem(db, url.searchParams),
  };
}

async function addedItem(db: Awaited<ReturnType<typeof getDb>>, search: URLSearchParams) {
  const id = search.get("ditambahkan");
  if (!id) return null;
  const item = (await currentCatalog(db)).find((entry) => entry.id === id);
  const level = Number(search.get("level"));
  return item
    ? {
        nama: item.nama,
        level: Number.isInteger(level) && level >= 0 && level <= 5 && search.has("level") ? level : null,
      }
    : null;
}

export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: devStylesheet }] : []),
  // The Latin font file (every Indonesian page needs it) is requested with the stylesheet
  // instead of after it: it is usually there before the first paint, so text does not reflow
  // when it swaps in (the hero image on / moved by 0.13 CLS on a mobile profile).
  { rel: "preload", href: jakartaLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#d7261e" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-cream text-charcoal antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Whether this browser still keeps a cart from before the server kept carts. */
function hasStoredCart(): boolean {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export default function App() {
  const [used, setUsed] = useState(false);
  useEffect(() => void firstUse().then(() => setUsed(true)), []);
  useEffect(() => {
    // Forms that work without JavaScript show a few buttons only until React runs (app.css).
    document.documentElement.dataset.hydrated = "";
    // A page's first look at localStorage makes the browser load it: a task of its own, not a
    // part of hydration's (it made the longest task after the first paint on a phone).
    // The root is never unmounted: nothing to cancel.
    setTimeout(() => {
      if (hasStoredCart()) {
        void import("~/features/cart/stored-cart-migration.ts").then(({ moveStoredCart }) =>
          moveStoredCart(),
        );
      }
    });
  }, []);
  return (
    <>
      <Outlet />
      {used ? (
        <Suspense fallback={null}>
          <CartWriter />
        </Suspense>
      ) : null}
    </>
  );
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

/** The store's details and origin, from the root loader; available on every page. */
export function useRootData(): RootLoaderData {
  const data = useRouteLoaderData<RootLoaderData>("root");
  if (!data) throw new Error("root loader data is missing");
  return data;
}

/** The error page's code is fetched only when one is shown: not part of every page's JavaScript. */
/**
 * The cart's writes (cart-writer.ts): its code comes at the page's first use, and it renders in
 * the browser only, so no part of the page waits for it to hydrate.
 */
const CartWriter = lazy(() => import("~/features/cart/cart-writes.tsx"));

const ErrorPage = lazyComponent<Route.ErrorBoundaryProps>(() => import("~/components/error-page.tsx"));

export function ErrorBoundary(props: Route.ErrorBoundaryProps) {
  return <ErrorPage {...props} />;
}
