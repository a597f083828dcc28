/** What every printer connection offers the print job (docs/decisions/0037-printing-orders.md). */
import { PrinterError } from "../print-words.ts";
import type { PrinterState } from "../printer-status.ts";

export interface Printer {
  /** Resolves once the connection took every byte; rejects when it did not. */
  write(bytes: Uint8Array): Promise<void>;
  status(): Promise<PrinterState>;
}

/** A printer the user picked: its name, and how to find it again without asking. */
export interface ChosenPrinter {
  name: string;
  match: string | null;
}

export interface Transport {
  /** Asks the user to pick a printer (needs a tap). */
  choose(): Promise<ChosenPrinter>;
  /** The printer picked before, without asking. */
  open(match: string | null): Promise<Printer>;
}

/** `promise`, or a TimeoutError-like PrinterError after `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrinterError("timeout")), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** `vendor:product` of a USB device, to find it among the ones this site may use. */
export const usbMatch = (vendorId?: number, productId?: number) =>
  vendorId === undefined ? null : `${vendorId}:${productId ?? 0}`;
