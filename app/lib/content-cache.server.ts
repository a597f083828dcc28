// A short in-process cache of what storefront pages read (0007); writes invalidate it after commit.
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

export function invalidateContentCache() {
  announce(CHANNEL);
}

export function onContentInvalidated(listener: () => void) {
  listeners.add(listener);
}

export const contentCacheTtlMs = () => ttlMs;
