import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import {
  addItem,
  cartCount,
  cartTotal,
  decrease,
  increase,
  removeItem,
  type CartLine,
  type CatalogEntry,
} from "~/utils/cart.ts";
import {
  dismissNotices,
  getNotices,
  getServerNotices,
  getServerSnapshot,
  getSnapshot,
  reconcileWithCatalog,
  setCart,
  subscribe,
} from "~/utils/cart-store.ts";

interface CartContextValue {
  lines: CartLine[];
  count: number;
  total: number;
  /** Notices from re-checking the stored cart against the menu (price changed, item gone). */
  notices: string[];
  dismissNotices(): void;
  add(item: Omit<CartLine, "jumlah">): void;
  increase(id: string): void;
  decrease(id: string): void;
  remove(id: string): void;
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

  // Re-check the stored cart against the menu the server just sent: on load, and whenever
  // another tab writes a cart built from an older page.
  useEffect(() => reconcileWithCatalog(catalog), [lines, catalog]);

  const value = useMemo<CartContextValue>(
    () => ({
      lines,
      count: cartCount(lines),
      total: cartTotal(lines),
      notices,
      dismissNotices,
      add: (item) => setCart(addItem(getSnapshot(), item)),
      increase: (id) => setCart(increase(getSnapshot(), id)),
      decrease: (id) => setCart(decrease(getSnapshot(), id)),
      remove: (id) => setCart(removeItem(getSnapshot(), id)),
      clear: () => setCart([]),
    }),
    [lines, notices],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside <CartProvider>");
  return value;
}
