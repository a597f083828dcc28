import { lazy, Suspense, useEffect, useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import jakartaLatin from "./fonts/plus-jakarta-sans-latin-400-800.woff2?url";
import type { Route } from "./+types/root";
import { homeOf, pagesFor } from "~/features/accounts/access.ts";
import { authMiddleware, getOptionalUser } from "~/features/accounts/auth.server.ts";
import { currentCatalog } from "~/features/cart/cart.server.ts";
import { CART_STORAGE_KEY } from "~/features/cart/stored-cart-key.ts";
import { csrfMiddleware } from "~/lib/csrf.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { firstUse, lazyComponent } from "~/lib/lazy-component.ts";
import { securityHeadersMiddleware } from "~/lib/security-headers.server.ts";
import { getOrigin, getStoreSettings } from "~/features/store/settings.server.ts";
import { sitePages } from "~/site-pages.server.ts";
import devStylesheet from "./app.css?url";

// After the session: cached pages are shared per kind of visitor, each given its own parts (the cart count).
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
    /** The role and what follows from it only: this answer is shared by all visitors of a kind, so never a
     *  name, e-mail or token. Staff get their shortcuts from the matrix here, so no page carries its code. */
    user: user ? { role: user.role, ...staffShortcuts(user.role) } : null,
    store: await getStoreSettings(db),
    origin: getOrigin(request),
    added: await addedItem(db, url.searchParams),
  };
}

function staffShortcuts(role: string) {
  const pages = pagesFor(role).filter((page) => page.shortcut);
  return {
    staffHome: pages.length ? homeOf(role) : null,
    shortcuts: pages.map(({ to, label }) => ({ to, label })),
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
  // Preloaded beside the stylesheet: usually there before the first paint, so text does not reflow.
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
    document.documentElement.dataset.hydrated = "";
    // A page's first look at localStorage makes the browser load it: a task of its own, not hydration's.
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

export function useRootData(): RootLoaderData {
  const data = useRouteLoaderData<RootLoaderData>("root");
  if (!data) throw new Error("root loader data is missing");
  return data;
}

// Rendered in the browser only, at the page's first use, so no part of the page waits for it to hydrate.
const CartWriter = lazy(() => import("~/features/cart/cart-writes.tsx"));

const ErrorPage = lazyComponent<Route.ErrorBoundaryProps>(() => import("~/components/error-page.tsx"));

export function ErrorBoundary(props: Route.ErrorBoundaryProps) {
  return <ErrorPage {...props} />;
}
