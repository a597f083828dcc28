/**
 * A micro-cache of the public catalog pages for visitors without any cookie.
 *
 * Such a visitor sees exactly what every other cookie-less visitor sees (the cart lives in the
 * browser), so a rendered page can be reused for a moment instead of running the loaders and
 * React again. Rules that keep it safe:
 * - only GET, only the paths in CACHEABLE_PATHS (documents and their `.data` requests), only
 *   requests with no Cookie header at all, only 200 answers without Set-Cookie;
 * - never one CSP nonce twice: the page is stored with a placeholder where its nonce was, and
 *   every answer gets a fresh nonce in both the HTML and the Content-Security-Policy header;
 * - it lives no longer than the catalog cache (CATALOG_CACHE_MS, default 2 s) and is cleared with
 *   it (`invalidateCatalogCache()`), so an admin's change shows at the next page load;
 * - the key is the full URL (host included) and the number of entries is bounded, so a client
 *   inventing hosts or query strings cannot grow it without limit.
 * Concurrent misses for one key share one render.
 */
import type { MiddlewareFunction } from "react-router";
import { catalogCacheTtlMs, onCatalogInvalidated } from "./catalog-cache.server.ts";
import { createNonce } from "./security-headers.server.ts";

const CACHEABLE_PATHS = new Set(["/", "/beranda", "/produk", "/keranjang", "/tentang", "/kontak", "/_root"]);
const MAX_ENTRIES = 200;
const NONCE_PLACEHOLDER = "__NYALA_NONCE__";

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  /** The body carried a nonce (documents); `.data` answers have none. */
  hasNonce: boolean;
  expires: number;
}

const entries = new Map<string, Promise<CachedPage | null>>();
onCatalogInvalidated(() => entries.clear());

export function clearPageCache() {
  entries.clear();
}

function cacheKey(request: Request): string | null {
  if (request.method !== "GET" || request.headers.has("cookie")) return null;
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "") || "/";
  if (!CACHEABLE_PATHS.has(path)) return null;
  return url.href;
}

async function store(response: Response): Promise<CachedPage | null> {
  if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) return null;
  const body = await response.text();
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  return {
    status: response.status,
    headers: [...response.headers].map(([name, value]): [string, string] => [
      name,
      nonce && name === "content-security-policy" ? value.replaceAll(nonce, NONCE_PLACEHOLDER) : value,
    ]),
    body: nonce ? body.replaceAll(nonce, NONCE_PLACEHOLDER) : body,
    hasNonce: Boolean(nonce),
    expires: Date.now() + catalogCacheTtlMs(),
  };
}

function answer(page: CachedPage): Response {
  const headers = new Headers(page.headers);
  if (!page.hasNonce) return new Response(page.body, { status: page.status, headers });
  const nonce = createNonce();
  const csp = headers.get("content-security-policy");
  if (csp) headers.set("content-security-policy", csp.replaceAll(NONCE_PLACEHOLDER, nonce));
  return new Response(page.body.replaceAll(NONCE_PLACEHOLDER, nonce), { status: page.status, headers });
}

export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const key = catalogCacheTtlMs() > 0 ? cacheKey(request) : null;
  if (!key) return next();

  const cached = entries.get(key);
  if (cached) {
    const page = await cached;
    if (page && page.expires > Date.now()) return answer(page);
    if (entries.get(key) === cached) entries.delete(key);
  }

  // This request renders; the ones arriving meanwhile wait for it.
  let resolve!: (page: CachedPage | null) => void;
  const pending = new Promise<CachedPage | null>((done) => (resolve = done));
  entries.set(key, pending);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  let page: CachedPage | null = null;
  try {
    const response = await next();
    // Placeholder-free copy for this request too (its own nonce is already in it).
    if (response.status !== 200 || response.headers.has("set-cookie")) {
      resolve(null);
      entries.delete(key);
      return response;
    }
    page = await store(response);
    return page ? answer(page) : response;
  } finally {
    resolve(page);
    if (!page && entries.get(key) === pending) entries.delete(key);
  }
};
