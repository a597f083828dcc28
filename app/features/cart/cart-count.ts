// The header's cart count in the browser (0019): hydrated from the page's island, then updated by every
// cart answer; the newest version wins, pending taps count on top, other tabs are told.
import { useContext, useSyncExternalStore } from "react";
import { readVisitorIsland, VisitorSlotMarkers } from "~/lib/visitor-island.ts";

export interface CartCount {
  count: number;
  version: number;
}

export interface CartDone {
  cart: CartCount;
}

const CHANNEL = "nyala-keranjang";
type Listener = () => void;

let known: CartCount | undefined;
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

// An older answer arriving late is ignored, unless it is another cart's (`replaced`: signed in or out).
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

export function useCartCount(): number | string {
  const markers = useContext(VisitorSlotMarkers);
  const count = useSyncExternalStore(subscribe, snapshot, () => current().count);
  return markers ? markers.cartCount : count;
}

export const useCartSaving = () => useSyncExternalStore(subscribe, saving, notSaving);

export function updateCartCount(next: CartCount) {
  if (!accept(next)) return;
  emit();
  openChannel()?.postMessage(next);
}

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

// Another cart's versions are not comparable with the old one's, so `next` is taken as it is.
export function replaceCartCount(next: CartCount) {
  known = { count: next.count, version: next.version };
  emit();
  openChannel()?.postMessage({ ...known, replaced: true });
}

export function onCartChangedElsewhere(listener: Listener) {
  openChannel();
  elsewhereListeners.add(listener);
  return () => void elsewhereListeners.delete(listener);
}
