/**
 * The header's cart count in the browser: hydrated from the page's island (lib/visitor-island.ts),
 * then updated by every cart answer; the newest version wins, pending taps count on top, other tabs
 * are told (docs/decisions/0019-pages-for-every-visitor.md).
 */
import { useContext, useSyncExternalStore } from "react";
import { readVisitorIsland, VisitorSlotMarkers } from "~/lib/visitor-island.ts";

export interface CartCount {
  count: number;
  /** The cart's version when it had this count; 0 before the cart exists. */
  version: number;
}

/** What a cart write answers besides its status: FormAnswer<CartDone> (cart-actions.server.ts). */
export interface CartDone {
  cart: CartCount;
}

const CHANNEL = "nyala-keranjang";
type Listener = () => void;

let known: CartCount | undefined;
/** Portions added by taps whose answer has not arrived yet. */
let pending = 0;
let shown = -1;
let shownSaving = false;
const listeners = new Set<Listener>();
const elsewhereListeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function fromIsland(): CartCount {
  const cart = readVisitorIsland().cart as Partial<CartCount> | undefined;
  const count = Number.isInteger(cart?.count) ? cart!.count! : 0;
  const version = Number.isInteger(cart?.version) ? cart!.version! : 0;
  return { count, version };
}

function current(): CartCount {
  return (known ??= fromIsland());
}

function emit() {
  const next = current().count + pending;
  if (next === shown && pending > 0 === shownSaving) return;
  shown = next;
  shownSaving = pending > 0;
  for (const listener of listeners) listener();
}

function openChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  channel?.addEventListener("message", (event: MessageEvent<CartCount>) => {
    if (!accept(event.data)) return;
    emit();
    for (const listener of elsewhereListeners) listener();
  });
  return channel;
}

/**
 * Takes `next` when it is newer than what is known (an older answer arriving late is ignored), or
 * when it is another cart's (`replaced`: signed in or out).
 */
function accept(next: unknown): boolean {
  if (typeof next !== "object" || next === null) return false;
  const { count, version, replaced } = next as Partial<CartCount> & { replaced?: boolean };
  if (!Number.isInteger(count) || !Number.isInteger(version)) return false;
  if (replaced !== true && version! < current().version) return false;
  known = { count: count!, version: version! };
  return true;
}

function subscribe(listener: Listener) {
  openChannel();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const snapshot = () => current().count + pending;
const saving = () => pending > 0;
const notSaving = () => false;

/** The count the header shows: on the server the slot's marker, in the browser the cart's count. */
export function useCartCount(): number | string {
  const markers = useContext(VisitorSlotMarkers);
  const count = useSyncExternalStore(subscribe, snapshot, () => current().count);
  return markers ? markers.cartCount : count;
}

/** Whether a tap's portions are still on their way to the server (the count says so: aria-busy). */
export const useCartSaving = () => useSyncExternalStore(subscribe, saving, notSaving);

/** A server answer about the cart: shown if it is the newest, and told to this browser's other tabs. */
export function updateCartCount(next: CartCount) {
  if (!accept(next)) return;
  emit();
  openChannel()?.postMessage(next);
}

/** Counts `portions` on top of the known count until the returned function is called. */
export function addPending(portions: number): () => void {
  pending += portions;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= portions;
    emit();
  };
}

/**
 * This browser's cart is another one now: the account's after signing in (the guest cart joined
 * it), none after signing out (the account's cart stays with the account). Its versions are not
 * comparable with the old cart's, so `next` is taken as it is, here and in the other tabs.
 */
export function replaceCartCount(next: CartCount) {
  known = { count: next.count, version: next.version };
  emit();
  openChannel()?.postMessage({ ...known, replaced: true });
}

/** Runs `listener` when another tab changed the cart (the cart page reloads its lines then). */
export function onCartChangedElsewhere(listener: Listener) {
  openChannel();
  elsewhereListeners.add(listener);
  return () => void elsewhereListeners.delete(listener);
}
