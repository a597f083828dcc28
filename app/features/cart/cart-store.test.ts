import { afterEach, describe, expect, test, vi } from "vitest";
import { CART_STORAGE_KEY, type CartLine } from "./cart.ts";

/** A fresh store module over a fresh in-memory localStorage, as on a page's first load. */
async function freshStore(stored: string | null) {
  const storage = new Map<string, string>();
  if (stored !== null) storage.set(CART_STORAGE_KEY, stored);
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    addEventListener() {},
    removeEventListener() {},
  });
  vi.resetModules();
  return { store: await import("./cart-store.ts"), storage };
}

const line: CartLine = { id: "mie-nyala", nama: "Mie Nyala", harga: 10_000, gambar: "/a.webp", jumlah: 1 };

describe("cart store snapshots", () => {
  afterEach(() => vi.unstubAllGlobals());

  // React re-renders every cart consumer after hydration when the client snapshot is not the
  // server's (Object.is); an empty cart must not cost that.
  test.each([
    ["nothing stored", null],
    ["an empty list", "[]"],
    ["unreadable text", "{not json"],
    ["only invalid lines", '[{"id":1}]'],
  ])("an empty cart (%s) is the server snapshot itself", async (_case, stored) => {
    const { store } = await freshStore(stored);
    expect(store.getSnapshot()).toBe(store.getServerSnapshot());
  });

  test("a stored cart is read once and kept until it changes", async () => {
    const { store } = await freshStore(JSON.stringify([line]));
    const first = store.getSnapshot();
    expect(first).toEqual([line]);
    expect(store.getSnapshot()).toBe(first);
  });

  test("emptying the cart gives the server snapshot again, and storage holds the empty list", async () => {
    const { store, storage } = await freshStore(JSON.stringify([line]));
    store.setCart([]);
    expect(store.getSnapshot()).toBe(store.getServerSnapshot());
    expect(storage.get(CART_STORAGE_KEY)).toBe("[]");
    store.setCart([line]);
    expect(store.getSnapshot()).toEqual([line]);
  });
});
