/**
 * A short-lived in-process cache for catalog reads (menu, promos, slides, page texts).
 *
 * Every storefront page reads the same few rows; on the embedded database those queries run on
 * the server's own thread, so caching them for a moment multiplies the pages a server can render.
 * Concurrent requests share one load (the promise is cached). A write through this server calls
 * `invalidateCatalogCache()`, so it shows at the next page load; other app servers sharing a
 * PostgreSQL database see it within CATALOG_CACHE_MS (default 2 s; 0 turns the cache off).
 */
const ttlMs = Math.max(0, Number(process.env.CATALOG_CACHE_MS ?? 2000) || 0);
const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

export function cachedCatalog<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (ttlMs === 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expires: now + ttlMs, value });
  value.catch(() => entries.delete(key)); // a failed load is not remembered
  return value;
}

const listeners = new Set<() => void>();

export function invalidateCatalogCache() {
  entries.clear();
  for (const listener of listeners) listener();
}

/** Caches built on the catalog (the page cache) are cleared with it. */
export function onCatalogInvalidated(listener: () => void) {
  listeners.add(listener);
}

export const catalogCacheTtlMs = () => ttlMs;
