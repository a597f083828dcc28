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
 * - it is rendered again after the catalog cache's lifetime (CATALOG_CACHE_MS, default 2 s) and
 *   cleared with it (`invalidateContentCache()`), so an admin's change shows at the next page load;
 * - the key is the full URL (host included) and the number of entries is bounded, so a client
 *   inventing hosts or query strings cannot grow it without limit.
 * Concurrent misses for one key share one render. An expired page is refreshed by the request
 * that finds it, while the requests arriving meanwhile get the expired copy (at most one render
 * per page at a time, and under load nobody waits for it); a cleared cache is never served stale.
 * The body is kept as UTF-8 bytes around the nonce, so an answer is a copy, not a re-encoding.
 */
import type { MiddlewareFunction } from "react-router";
import { contentCacheTtlMs, onContentInvalidated } from "./content-cache.server.ts";
import { createNonce } from "./security-headers.server.ts";

const CACHEABLE_PATHS = new Set(["/", "/beranda", "/produk", "/keranjang", "/tentang", "/kontak", "/_root"]);
const MAX_ENTRIES = 200;
const NONCE_PLACEHOLDER = "__NYALA_NONCE__";

interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body's bytes, split where its nonce was (one part when it has none: `.data` answers). */
  parts: Buffer[];
  expires: number;
}

interface Entry {
  /** The last page rendered; may have expired. */
  page: CachedPage | null;
  /** The render in progress, if any; the first one for a key is awaited by everyone. */
  rendering: Promise<CachedPage | null> | null;
}

const entries = new Map<string, Entry>();
onContentInvalidated(clearPageCache);

export function clearPageCache() {
  // A render that started before the clear must not store what it read before it.
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
    parts: (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part)),
    expires: Date.now() + contentCacheTtlMs(),
  };
}

function answer(page: CachedPage): Response {
  const headers = new Headers(page.headers);
  if (page.parts.length === 1)
    return new Response(new Uint8Array(page.parts[0]!), { status: page.status, headers });
  const nonce = createNonce();
  const csp = headers.get("content-security-policy");
  if (csp) headers.set("content-security-policy", csp.replaceAll(NONCE_PLACEHOLDER, nonce));
  const nonceBytes = Buffer.from(nonce);
  const body = Buffer.concat(
    page.parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])),
  );
  return new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), {
    status: page.status,
    headers,
  });
}

export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const key = contentCacheTtlMs() > 0 ? cacheKey(request) : null;
  if (!key) return next();

  let entry = entries.get(key);
  if (entry?.page && (entry.page.expires > Date.now() || entry.rendering)) return answer(entry.page);
  if (entry?.rendering) {
    const page = await entry.rendering;
    if (page) return answer(page);
    return next(); // that render could not be kept: render this one on its own
  }

  // This request renders; the ones arriving meanwhile wait for it, or get the expired copy.
  if (!entry) {
    entry = { page: null, rendering: null };
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  const current = entry;
  let resolve!: (page: CachedPage | null) => void;
  current.rendering = new Promise<CachedPage | null>((done) => (resolve = done));
  let page: CachedPage | null = null;
  try {
    const response = await next();
    if (response.status !== 200 || response.headers.has("set-cookie")) return response;
    page = await store(response);
    return page ? answer(page) : response;
  } finally {
    current.rendering = null;
    if (page) current.page = page;
    else if (!current.page && entries.get(key) === current) entries.delete(key);
    resolve(page);
  }
};
