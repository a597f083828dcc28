import { afterEach, describe, expect, test, vi } from "vitest";
import { PrinterError } from "./print-words.ts";
import { openPrinter, sendTicket } from "./printer-transports.ts";
import { parsePrinterSettings, type Connection } from "./printer-settings.ts";

/**
 * The Web Serial and WebUSB connections against fake printers that answer DLE EOT as a real one
 * does: a ticket is sent only to a printer online with paper; one that never answers is printed
 * to without a status (most cheap printers).
 */
const TICKET = Uint8Array.of(0x1b, 0x40, 0x48, 0x69, 0x0a, 0x1d, 0x56, 0x00);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
/** The printer's answers to `DLE EOT 1` and `DLE EOT 4`; null: it does not answer. */
type Answers = { printer: number | null; paper: number | null };
const ONLINE: Answers = { printer: 0x12, paper: 0x12 };
const answerTo = (answers: Answers, request: Uint8Array) =>
  hex(request) === "100401" ? answers.printer : hex(request) === "100404" ? answers.paper : null;

const settings = (connection: Connection) =>
  parsePrinterSettings(JSON.stringify({ deviceId: "perangkat-uji", connection, match: "1046:20497" }));

/** A serial port as Chromium gives it: a new readable stream after one was cancelled. */
function serialPort(answers: Answers) {
  const written: string[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let readable: ReadableStream<Uint8Array> | null = null;
  let writable: WritableStream<Uint8Array> | null = null;
  const port = {
    get readable() {
      if (!writable) return null;
      readable ??= new ReadableStream<Uint8Array>({
        start: (control) => void (controller = control),
        cancel: () => void (readable = null),
      });
      return readable;
    },
    get writable() {
      return writable;
    },
    async open() {
      writable = new WritableStream<Uint8Array>({
        write(chunk) {
          written.push(hex(chunk));
          const answer = answerTo(answers, chunk);
          if (answer !== null) controller?.enqueue(Uint8Array.of(answer));
        },
      });
    },
    getInfo: () => ({ usbVendorId: 1046, usbProductId: 20497 }),
  };
  return { port, written };
}

function usbDevice(answers: Answers) {
  const written: string[] = [];
  let last: Uint8Array | null = null;
  const device = {
    opened: false,
    vendorId: 1046,
    productId: 20497,
    configuration: null as null | { interfaces: unknown[] },
    async open() {
      device.opened = true;
    },
    async selectConfiguration() {
      const endpoints = [
        { endpointNumber: 1, direction: "out", type: "bulk" },
        { endpointNumber: 2, direction: "in", type: "bulk" },
      ];
      device.configuration = {
        interfaces: [{ interfaceNumber: 0, claimed: false, alternate: { interfaceClass: 7, endpoints } }],
      };
    },
    async claimInterface() {},
    async transferOut(_endpoint: number, data: Uint8Array) {
      written.push(hex(data));
      last = data;
      return { status: "ok" };
    },
    transferIn: vi.fn(async () => {
      const answer = last ? answerTo(answers, last) : null;
      // A printer that does not answer leaves the transfer pending.
      if (answer === null) return new Promise<never>(() => undefined);
      return { status: "ok", data: new DataView(Uint8Array.of(answer).buffer) };
    }),
  };
  return { device, written };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Web Serial", () => {
  const connect = (answers: Answers, ports = [serialPort(answers)]) => {
    vi.stubGlobal("navigator", { serial: { getPorts: async () => ports.map((fake) => fake.port) } });
    return ports[0]!;
  };

  test("a printer online with paper gets the ticket after the two status questions", async () => {
    const { written } = connect(ONLINE);
    await sendTicket(await openPrinter(settings("serial"), false), TICKET);
    expect(written).toEqual(["100401", "100404", hex(TICKET)]);
  });

  test("out of paper or offline: refused before a byte of the ticket is sent", async () => {
    const paperOut = connect({ printer: 0x12, paper: 0x72 });
    await expect(sendTicket(await openPrinter(settings("serial"), false), TICKET)).rejects.toEqual(
      new PrinterError("paperOut"),
    );
    expect(paperOut.written).not.toContain(hex(TICKET));
    const offline = connect({ printer: 0x1a, paper: 0x12 });
    await expect(sendTicket(await openPrinter(settings("serial"), false), TICKET)).rejects.toEqual(
      new PrinterError("offline"),
    );
    expect(offline.written).not.toContain(hex(TICKET));
  });

  test("a printer that never answers is printed to; the chosen one missing is 'absent'", async () => {
    const { written } = connect({ printer: null, paper: null });
    await sendTicket(await openPrinter(settings("serial"), false), TICKET);
    expect(written).toEqual(["100401", hex(TICKET)]);
    connect(ONLINE, []);
    await expect(openPrinter(settings("serial"), false)).rejects.toEqual(new PrinterError("absent"));
  });
});

describe("WebUSB", () => {
  test("prints on the printer interface's bulk endpoint after reading its status", async () => {
    const { device, written } = usbDevice(ONLINE);
    vi.stubGlobal("navigator", { usb: { getDevices: async () => [device] } });
    await sendTicket(await openPrinter(settings("usb"), false), TICKET);
    expect(written).toEqual(["100401", "100404", hex(TICKET)]);
  });

  test("paper out is refused; a printer that never answers is not asked again", async () => {
    const paperOut = usbDevice({ printer: 0x12, paper: 0x7e });
    vi.stubGlobal("navigator", { usb: { getDevices: async () => [paperOut.device] } });
    await expect(sendTicket(await openPrinter(settings("usb"), false), TICKET)).rejects.toEqual(
      new PrinterError("paperOut"),
    );
    const silent = usbDevice({ printer: null, paper: null });
    vi.stubGlobal("navigator", { usb: { getDevices: async () => [silent.device] } });
    for (let print = 0; print < 2; print++)
      await sendTicket(await openPrinter(settings("usb"), false), TICKET);
    expect(silent.written).toEqual(["100401", hex(TICKET), hex(TICKET)]);
    expect(silent.device.transferIn).toHaveBeenCalledTimes(1);
  });
});

test("the test printer exists only where the server said this is a test run", async () => {
  vi.stubGlobal("window", { __nyalaTestPrinter: { write: async () => undefined } });
  await expect(openPrinter(settings("uji"), false)).rejects.toEqual(new PrinterError("unsupported"));
  await expect(openPrinter(settings("uji"), true)).resolves.toBeDefined();
});
