// The printer connections, loaded on the first print or printer choice, off the board's first load (0037).
import { PrinterError } from "./print-words.ts";
import { isAvailable, type Connection, type PrinterSettings } from "./printer-settings.ts";
import { bluetoothTransport } from "./transports/bluetooth.ts";
import { serialTransport } from "./transports/serial.ts";
import { testTransport } from "./transports/test-printer.ts";
import { within, type Printer, type Transport } from "./transports/transport.ts";
import { usbTransport } from "./transports/usb.ts";

export { rawbtIntentUrl } from "~/lib/tickets/rawbt.ts";

type Direct = Exclude<Connection, "rawbt">;

const OPEN_MS = 10_000;
const STATUS_MS = 3_000;
/** Well within the server's lease on the claim (prints.server.ts), so a slow print keeps it. */
const WRITE_MS = 20_000;

function transport(connection: Direct, testPrinter: boolean): Transport {
  if (!isAvailable(connection, testPrinter)) throw new PrinterError("unsupported");
  const transports: Record<Direct, () => Transport> = {
    serial: () => serialTransport,
    usb: () => usbTransport,
    bluetooth: () => bluetoothTransport,
    uji: () => testTransport(testPrinter),
  };
  return transports[connection]();
}

// Call it from a tap.
export const choosePrinter = (connection: Direct, testPrinter: boolean) =>
  transport(connection, testPrinter).choose();

export async function openPrinter(settings: PrinterSettings, testPrinter: boolean): Promise<Printer> {
  if (!settings.connection || settings.connection === "rawbt") throw new PrinterError("notChosen");
  return within(transport(settings.connection, testPrinter).open(settings.match), OPEN_MS);
}

export async function sendTicket(printer: Printer, bytes: Uint8Array): Promise<void> {
  const state = await within(printer.status(), STATUS_MS).catch(() => "unknown" as const);
  if (state === "offline") throw new PrinterError("offline");
  if (state === "paper-out") throw new PrinterError("paperOut");
  await within(printer.write(bytes), WRITE_MS);
}
