/**
 * A short-lived in-process cache for catalog reads (menu, promos, slides, page texts).
 *
 * Every storefront page reads the same few rows; on the embedded database those queries run on
 * the server's own thread, so caching them for a moment multiplies the pages a server can render.
 * Concurrent requests share one load (the promise is cached). A write through this server calls
 * `invalidateCatalogCache()`, so it shows at the next page load. App servers sharing a PostgreSQL
 * database tell each other (catalog-sync.server.ts: NOTIFY after the write, LISTEN on every
 * server); CATALOG_CACHE_MS (default 2 s; 0 turns the cache off) bounds how stale a server can be
 * if a notice is lost with its connection.
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
let publish: (() => void) | undefined;

function clearHere() {
  entries.clear();
  for (const listener of listeners) listener();
}

/** After a committed catalog write: clears this server's caches and tells the other servers. */
export function invalidateCatalogCache() {
  clearHere();
  publish?.();
}

/** Another app server changed the catalog: clear this server's caches (and tell nobody). */
export function clearCatalogCacheForPeer() {
  clearHere();
}

/** How `invalidateCatalogCache` reaches the other app servers (set on PostgreSQL). */
export function publishCatalogInvalidations(send: (() => void) | undefined) {
  publish = send;
}

/** Caches built on the catalog (the page cache) are cleared with it. */
export function onCatalogInvalidated(listener: () => void) {
  listeners.add(listener);
}

export const catalogCacheTtlMs = () => ttlMs;
