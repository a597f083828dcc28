// What every printer connection offers the print job (0037).
import { PrinterError } from "../print-words.ts";
import type { PrinterState } from "../printer-status.ts";

export interface Printer {
  /** Resolves once the connection took every byte; rejects when it did not. */
  write(bytes: Uint8Array): Promise<void>;
  status(): Promise<PrinterState>;
}

export interface ChosenPrinter {
  name: string;
  match: string | null;
}

export interface Transport {
  /** Needs a tap. */
  choose(): Promise<ChosenPrinter>;
  open(match: string | null): Promise<Printer>;
}

export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrinterError("timeout")), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export const usbMatch = (vendorId?: number, productId?: number) =>
  vendorId === undefined ? null : `${vendorId}:${productId ?? 0}`;
