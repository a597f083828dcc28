/**
 * A short-lived in-process cache of what every request asks about its visitor (the session's
 * user, the cart's count), so a page from the page cache needs no query at all
 * (docs/decisions/0019-pages-for-every-visitor.md).
 *
 * Only on the embedded database, where this server is the only one: there a query runs on the
 * server's own thread (the cost this saves), and a change is known here the moment it commits.
 * With PostgreSQL the queries run in the database's own processes, and another server would
 * hear of a change (a logout, a deleted account) only when its notice arrives, a few
 * milliseconds in which a session ended elsewhere would still open pages here: nothing is kept.
 *
 * Entries carry tags (a session, a user, a cart). A change calls `forget(tag)` after its commit,
 * which drops them. The lifetime (CATALOG_CACHE_MS, like the content cache; 0 turns it off)
 * bounds anything missed. The number of entries is bounded; the oldest go first.
 */
import { contentCacheTtlMs } from "./content-cache.server.ts";
import { announce, listen, noticesStayInProcess } from "./notices.server.ts";

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
      if (!noticesStayInProcess()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires > Date.now()) return entry.value;
      drop(key);
      return undefined;
    },
    set(key, value, tags) {
      const ttl = contentCacheTtlMs();
      if (ttl <= 0 || !noticesStayInProcess()) return;
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
