// A USB printer through WebUSB: bulk OUT to print, DLE EOT answers on IN, asked once; a printer that does
// not answer is not asked again, so no read stays pending between prints.
import { PrinterError } from "../print-words.ts";
import { printerState, STATUS_REQUESTS } from "../printer-status.ts";
import { usbMatch, within, type Printer, type Transport } from "./transport.ts";

interface Endpoint {
  endpointNumber: number;
  direction: "in" | "out";
  type: string;
}
interface Interface {
  interfaceNumber: number;
  claimed: boolean;
  alternate: { interfaceClass: number; endpoints: Endpoint[] };
}
interface UsbDeviceLike {
  opened: boolean;
  vendorId: number;
  productId: number;
  productName?: string;
  configuration: { interfaces: Interface[] } | null;
  open(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(number: number): Promise<void>;
  transferOut(endpoint: number, data: Uint8Array): Promise<{ status: string }>;
  transferIn(endpoint: number, length: number): Promise<{ status: string; data?: DataView }>;
}
interface Usb {
  requestDevice(options: { filters: { classCode: number }[] }): Promise<UsbDeviceLike>;
  getDevices(): Promise<UsbDeviceLike[]>;
}

const usb = () => (navigator as Navigator & { usb: Usb }).usb;
const PRINTER_CLASS = 7;
const ANSWER_MS = 800;
const silent = new WeakSet<UsbDeviceLike>();

async function connect(device: UsbDeviceLike) {
  if (!device.opened) await device.open();
  if (!device.configuration) await device.selectConfiguration(1);
  const interfaces = device.configuration!.interfaces;
  const bulkOut = (candidate: Interface) =>
    candidate.alternate.endpoints.find((point) => point.direction === "out" && point.type === "bulk");
  const chosen =
    interfaces.find(
      (candidate) => candidate.alternate.interfaceClass === PRINTER_CLASS && bulkOut(candidate),
    ) ?? interfaces.find(bulkOut);
  if (!chosen) throw new PrinterError("unsupported");
  if (!chosen.claimed) await device.claimInterface(chosen.interfaceNumber);
  const input = chosen.alternate.endpoints.find((point) => point.direction === "in" && point.type === "bulk");
  return { out: bulkOut(chosen)!.endpointNumber, in: input?.endpointNumber ?? null };
}

function printerOn(device: UsbDeviceLike, endpoints: { out: number; in: number | null }): Printer {
  const send = async (bytes: Uint8Array) => {
    const result = await device.transferOut(endpoints.out, bytes);
    if (result.status !== "ok") throw new PrinterError("disconnected");
  };
  const ask = async (request: Uint8Array) => {
    await send(request);
    const answer = await within(device.transferIn(endpoints.in!, 1), ANSWER_MS).catch(() => null);
    return answer?.status === "ok" && answer.data?.byteLength ? answer.data.getUint8(0) : null;
  };
  return {
    write: send,
    async status() {
      if (endpoints.in === null || silent.has(device)) return "unknown";
      const printer = await ask(STATUS_REQUESTS.printer);
      if (printer === null) silent.add(device);
      return printerState(printer, printer === null ? null : await ask(STATUS_REQUESTS.paper));
    },
  };
}

export const usbTransport: Transport = {
  async choose() {
    const device = await usb().requestDevice({ filters: [{ classCode: PRINTER_CLASS }] });
    return { name: device.productName || "Printer USB", match: usbMatch(device.vendorId, device.productId) };
  },
  async open(match) {
    const devices = await usb().getDevices();
    const device = devices.find((candidate) => usbMatch(candidate.vendorId, candidate.productId) === match);
    if (!device) throw new PrinterError("absent");
    return printerOn(device, await connect(device));
  },
};
