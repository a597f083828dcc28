/**
 * The cart as an external store over localStorage: every component reads the same lines,
 * a write in one tab reaches the others through the `storage` event, and the server (which has
 * no localStorage) always renders an empty cart, so hydration never mismatches.
 */
import { CART_STORAGE_KEY, parseStoredCart, reconcile, type CartLine, type CatalogEntry } from "./cart.ts";

type Listener = () => void;

const EMPTY: CartLine[] = [];
const NO_NOTICES: string[] = [];
let notices: string[] = NO_NOTICES;
const listeners = new Set<Listener>();
let snapshot: CartLine[] | undefined;

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode, blocked cookies): the cart lives in memory
  }
}

function emit() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key === CART_STORAGE_KEY || event.key === null) {
    snapshot = undefined;
    emit();
  }
}

export function subscribe(listener: Listener) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/**
 * The stored cart. An empty cart is always the server's `EMPTY`: right after hydration React
 * compares this with the server snapshot it hydrated with, and any other array (even an empty
 * one) makes it re-render every cart button and badge at once, in one long task, on every first
 * visit.
 */
export function getSnapshot(): CartLine[] {
  if (snapshot === undefined) {
    const lines = parseStoredCart(readStorage());
    snapshot = lines.length > 0 ? lines : EMPTY;
  }
  return snapshot;
}

export const getServerSnapshot = () => EMPTY;

export function setCart(lines: CartLine[]) {
  snapshot = lines.length > 0 ? lines : EMPTY;
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // quota or disabled storage: keep the in-memory cart for this page
  }
  emit();
}

/** Notices from re-checking the cart against the menu (price changed, item gone). */
export const getNotices = () => notices;
export const getServerNotices = () => NO_NOTICES;

export function dismissNotices() {
  notices = NO_NOTICES;
  emit();
}

/** Notices shown once in this page's life: a dismissed one does not come back at the next re-check. */
const announced = new Set<string>();

/** Re-checks the stored cart against the menu the server sent; keeps what changed as notices. */
export function reconcileWithCatalog(catalog: readonly CatalogEntry[]) {
  const result = reconcile(getSnapshot(), catalog);
  const fresh = result.notices.filter((notice) => !announced.has(notice));
  for (const notice of fresh) announced.add(notice);
  if (fresh.length > 0) notices = [...notices, ...fresh];
  if (result.changed) setCart(result.lines);
  else if (fresh.length > 0) emit();
}
