// A printer on a serial port (Web Serial): USB printers seen as a port, and paired Bluetooth SPP printers.
import { PrinterError } from "../print-words.ts";
import { printerState, STATUS_REQUESTS } from "../printer-status.ts";
import { usbMatch, within, type Printer, type Transport } from "./transport.ts";

interface SerialPortLike {
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
  open(options: { baudRate: number }): Promise<void>;
  getInfo(): { usbVendorId?: number; usbProductId?: number };
}
interface Serial {
  requestPort(): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

const serial = () => (navigator as Navigator & { serial: Serial }).serial;
const matchOf = (port: SerialPortLike) => usbMatch(port.getInfo().usbVendorId, port.getInfo().usbProductId);
/** The usual speed of receipt printers; a USB printer's virtual port ignores it. */
const BAUD_RATE = 9600;
const ANSWER_MS = 800;

async function write(port: SerialPortLike, bytes: Uint8Array) {
  if (!port.writable) throw new PrinterError("disconnected");
  const writer = port.writable.getWriter();
  try {
    await writer.write(bytes);
  } finally {
    writer.releaseLock();
  }
}

async function ask(port: SerialPortLike, request: Uint8Array): Promise<number | null> {
  if (!port.readable || port.readable.locked) return null;
  const reader = port.readable.getReader();
  try {
    await write(port, request);
    const answer = await within(reader.read(), ANSWER_MS).catch(() => null);
    return answer?.value?.[0] ?? null;
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

function printerOn(port: SerialPortLike): Printer {
  return {
    write: (bytes) => write(port, bytes),
    async status() {
      const printer = await ask(port, STATUS_REQUESTS.printer);
      return printerState(printer, printer === null ? null : await ask(port, STATUS_REQUESTS.paper));
    },
  };
}

export const serialTransport: Transport = {
  async choose() {
    const port = await serial().requestPort();
    return { name: "Printer USB/Serial", match: matchOf(port) };
  },
  async open(match) {
    const ports = await serial().getPorts();
    const port = ports.find((candidate) => matchOf(candidate) === match) ?? (match ? undefined : ports[0]);
    if (!port) throw new PrinterError("absent");
    // Open already (an earlier print of this page): the streams are there.
    if (!port.writable) await port.open({ baudRate: BAUD_RATE });
    return printerOn(port);
  },
};
