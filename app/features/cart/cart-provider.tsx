import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import {
  addItem,
  cartCount,
  cartTotal,
  decrease,
  increase,
  lineProblem,
  removeItem,
  setLevel,
  setNote,
  withoutOrdered,
  type CartItem,
  type CartLine,
  type CatalogEntry,
  type LineProblem,
} from "~/features/cart/cart.ts";
import {
  dismissNotices,
  getNotices,
  getServerNotices,
  getServerSnapshot,
  getSnapshot,
  reconcileWithCatalog,
  setCart,
  subscribe,
} from "~/features/cart/cart-store.ts";

interface CartContextValue {
  lines: CartLine[];
  count: number;
  total: number;
  /** Notices from re-checking the stored cart against the menu (price changed, item gone). */
  notices: string[];
  dismissNotices(): void;
  /** Why a line cannot be ordered now (sold out, level missing), or null. */
  problemOf(line: CartLine): LineProblem | null;
  /** Whether the menu says this item takes a spice level. */
  takesLevel(id: string): boolean;
  add(item: CartItem): void;
  /** The functions below take a line's key (`lineKey`): the item and its level. */
  increase(key: string): void;
  decrease(key: string): void;
  remove(key: string): void;
  setNote(key: string, catatan: string): void;
  setLevel(key: string, level: number): void;
  /** After an order was sent: removes the lines it carried; lines left out of it (sold out) stay. */
  removeOrdered(ordered: readonly CartLine[]): void;
  /** Replaces the whole cart. */
  replace(lines: CartLine[]): void;
  clear(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({
  catalog,
  children,
}: {
  catalog: readonly CatalogEntry[];
  children: React.ReactNode;
}) {
  const lines = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const notices = useSyncExternalStore(subscribe, getNotices, getServerNotices);
  const byId = useMemo(() => new Map(catalog.map((entry) => [entry.id, entry])), [catalog]);

  // Re-check the stored cart against the menu the server just sent: on load, and whenever
  // another tab writes a cart built from an older page.
  useEffect(() => reconcileWithCatalog(catalog), [lines, catalog]);

  const value = useMemo<CartContextValue>(
    () => ({
      lines,
      count: cartCount(lines),
      total: cartTotal(lines.filter((line) => lineProblem(line, byId) !== "habis")),
      notices,
      dismissNotices,
      problemOf: (line) => lineProblem(line, byId),
      takesLevel: (id) => byId.get(id)?.takes_level === true,
      add: (item) => setCart(addItem(getSnapshot(), item)),
      increase: (key) => setCart(increase(getSnapshot(), key)),
      decrease: (key) => setCart(decrease(getSnapshot(), key)),
      remove: (key) => setCart(removeItem(getSnapshot(), key)),
      setNote: (key, catatan) => setCart(setNote(getSnapshot(), key, catatan)),
      setLevel: (key, level) => setCart(setLevel(getSnapshot(), key, level)),
      removeOrdered: (ordered) => setCart(withoutOrdered(getSnapshot(), ordered)),
      replace: (next) => setCart(next),
      clear: () => setCart([]),
    }),
    [lines, notices, byId],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside <CartProvider>");
  return value;
}
