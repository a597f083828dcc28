import type { FormAnswer } from "~/lib/form-answer.ts";
import { startUse } from "~/lib/lazy-component.ts";
import type { CartDone } from "./cart-count.ts";

export type CartAnswer = FormAnswer<CartDone> | null;

export interface CartWrite {
  key: string;
  values: Record<string, string>;
  action: string;
  done(answer: CartAnswer): void;
  /** Its submission is over: no answer by then means none comes (the connection failed). */
  settled?: boolean;
}

/** Writes asked for before the root's writer is there (its code comes at the page's first use). */
const waiting: CartWrite[] = [];
let start: ((write: CartWrite) => void) | undefined;
let writes = 0;

/**
 * Sends a cart write from any page ("Tambah", a stored cart moved to the server) on a fetcher of
 * its own, at once, and resolves to the server's answer, which also moves the header's count
 * (even when the page that asked is gone): cart-writes.tsx. Taps sent together never wait for or
 * abort each other: they name this page's new cart, which the server makes once.
 */
export const writeCart = (values: Record<string, string>, action = "/keranjang") =>
  new Promise<CartAnswer>((done) => {
    const write = { key: `keranjang:${++writes}`, values, action, done };
    if (start) return start(write);
    waiting.push(write);
    // A write without a tap (a stored cart moved at load) fetches the writer's code itself.
    startUse();
  });

/** The root's writer starts taking writes (and those asked for before). */
export function startCartWrites(next: (write: CartWrite) => void) {
  start = next;
  for (const write of waiting.splice(0)) next(write);
}
