/**
 * A short-lived in-process cache for what every storefront page reads: menu, promos, slides, page
 * texts and the store settings.
 *
 * On the embedded database those queries run on the server's own thread, so caching them for a
 * moment multiplies the pages a server can render. Concurrent requests share one load (the
 * promise is cached). A write calls `invalidateContentCache()` after its commit: this server's
 * copies are cleared at once and the other app servers' through a notice (notices.server.ts).
 * CATALOG_CACHE_MS (default 2 s; 0 turns it off) bounds how stale a server can be if a notice is lost; after a lost connection
 * every copy is cleared.
 */
import { announce, listen } from "./notices.server.ts";

const CHANNEL = "nyala_content";
const ttlMs = Math.max(0, Number(process.env.CATALOG_CACHE_MS ?? 2000) || 0);
const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
const listeners = new Set<() => void>();

export function cachedContent<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (ttlMs === 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expires: now + ttlMs, value });
  value.catch(() => entries.delete(key)); // a failed load is not remembered
  return value;
}

function clear() {
  entries.clear();
  for (const listener of listeners) listener();
}

listen(CHANNEL, clear, { onGap: clear });

/** After a committed write of anything cached here: clears it on every app server. */
export function invalidateContentCache() {
  announce(CHANNEL);
}

/** Caches built on this one (the page cache) are cleared with it. */
export function onContentInvalidated(listener: () => void) {
  listeners.add(listener);
}

export const contentCacheTtlMs = () => ttlMs;
