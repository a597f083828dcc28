// Session users and cart counts, forgotten by tag after a commit (0019); kept only on the embedded database.
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
