/**
 * A short-lived in-process cache of what every request asks about its visitor (the session's
 * user, the cart's count), so a page from the page cache needs no query at all
 * (docs/decisions/0019-pages-for-every-visitor.md).
 *
 * Entries carry tags (a session, a user, a cart). A change calls `forget(tag)` after its commit:
 * this server drops the entries at once and the other app servers through a notice
 * (notices.server.ts). The lifetime (CATALOG_CACHE_MS, like the content cache; 0 turns it off)
 * bounds what a lost notice could leave; after a lost listening connection everything is dropped.
 * The number of entries is bounded; the oldest go first.
 */
import { contentCacheTtlMs } from "./content-cache.server.ts";
import { announce, listen } from "./notices.server.ts";

interface Entry<T> {
  value: T;
  tags: string[];
  expires: number;
}

export interface TaggedCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T, tags: string[]): void;
  /** After a committed change of what `tag` names: every server forgets it. */
  forget(tag: string): void;
}

export function createTaggedCache<T>(channel: string, maxEntries = 10_000): TaggedCache<T> {
  const entries = new Map<string, Entry<T>>();
  const keysByTag = new Map<string, Set<string>>();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  };

  listen(channel, (tag) => [...(keysByTag.get(tag) ?? [])].forEach(drop), {
    onGap: () => {
      entries.clear();
      keysByTag.clear();
    },
  });

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires > Date.now()) return entry.value;
      drop(key);
      return undefined;
    },
    set(key, value, tags) {
      const ttl = contentCacheTtlMs();
      if (ttl <= 0) return;
      drop(key);
      entries.set(key, { value, tags, expires: Date.now() + ttl });
      for (const tag of tags) {
        let keys = keysByTag.get(tag);
        if (!keys) keysByTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      if (entries.size > maxEntries) drop(entries.keys().next().value!);
    },
    forget(tag) {
      announce(channel, tag);
    },
  };
}
