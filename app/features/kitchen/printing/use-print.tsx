/**
 * Printing from a page: this device's printer settings, whether the server allows the test
 * printer (PrintingProvider, from the page's loader), and a print that reloads the page's data
 * once a ticket came out (docs/decisions/0037-printing-orders.md).
 */
import { createContext, useCallback, useContext, useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { printTicket, type PrintRequest } from "./print-job.ts";
import { printerSettings, usePrinterSettings } from "./printer-settings.ts";

const TestPrinterContext = createContext(false);

/** `testPrinter`: the loader's word that this is a test run (print-api.server.ts). */
export function PrintingProvider({
  testPrinter,
  children,
}: {
  testPrinter: boolean;
  children: React.ReactNode;
}) {
  return <TestPrinterContext.Provider value={testPrinter}>{children}</TestPrinterContext.Provider>;
}

export function usePrint() {
  const testPrinter = useContext(TestPrinterContext);
  const settings = usePrinterSettings();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const print = useCallback(
    async (request: PrintRequest) => {
      const outcome = await printTicket(request, printerSettings.get(), testPrinter);
      if (outcome.result === "printed") void revalidate.current();
      return outcome;
    },
    [testPrinter],
  );
  return { settings, testPrinter, print };
}
