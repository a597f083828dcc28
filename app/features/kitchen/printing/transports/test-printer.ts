// The end-to-end tests' printer (`window.__nyalaTestPrinter`), used only where the server rendered the test
// flag (NYALA_TEST_MODE=1, never in production); the rest of the print job is real.
import { PrinterError } from "../print-words.ts";
import type { PrinterState } from "../printer-status.ts";
import type { Printer, Transport } from "./transport.ts";

export interface TestPrinter {
  name?: string;
  write(bytes: Uint8Array): Promise<void>;
  status?(): Promise<PrinterState>;
}

declare global {
  interface Window {
    __nyalaTestPrinter?: TestPrinter;
  }
}

function installed(): TestPrinter {
  if (!window.__nyalaTestPrinter) throw new PrinterError("absent");
  return window.__nyalaTestPrinter;
}

export function testTransport(allowed: boolean): Transport {
  const printer = (): Printer => {
    if (!allowed) throw new PrinterError("unsupported");
    const test = installed();
    return {
      write: (bytes) => test.write(bytes),
      status: () => test.status?.() ?? Promise.resolve("unknown"),
    };
  };
  return {
    async choose() {
      printer();
      return { name: installed().name ?? "Printer uji", match: null };
    },
    open: async () => printer(),
  };
}
