// Printing from a page: this device's settings, and a print that reloads the page's data after (0037).
import { createContext, useCallback, useContext, useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { printTicket, type PrintRequest } from "./print-job.ts";
import { printerSettings, usePrinterSettings } from "./printer-settings.ts";

const TestPrinterContext = createContext(false);

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
