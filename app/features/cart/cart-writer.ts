import type { FormAnswer } from "~/lib/form-answer.ts";
import { startUse } from "~/lib/lazy-component.ts";
import type { CartDone } from "./cart-count.ts";

export type CartAnswer = FormAnswer<CartDone> | null;

export interface CartWrite {
  key: string;
  values: Record<string, string>;
  action: string;
  done(answer: CartAnswer): void;
  // No answer by then means none comes (the connection failed).
  settled?: boolean;
}

const waiting: CartWrite[] = [];
let start: ((write: CartWrite) => void) | undefined;
let writes = 0;

// Taps sent together never wait for or abort each other: they name this page's new cart, made once.
export const writeCart = (values: Record<string, string>, action = "/keranjang") =>
  new Promise<CartAnswer>((done) => {
    const write = { key: `keranjang:${++writes}`, values, action, done };
    if (start) return start(write);
    waiting.push(write);
    startUse();
  });

export function startCartWrites(next: (write: CartWrite) => void) {
  start = next;
  for (const write of waiting.splice(0)) next(write);
}
