// A BLE printer through Web Bluetooth; BLE gives no status answer, so a write it took is all that is known.
import { PrinterError } from "../print-words.ts";
import { type Printer, type Transport } from "./transport.ts";

interface Characteristic {
  properties: { write: boolean; writeWithoutResponse: boolean };
  writeValueWithResponse(data: Uint8Array): Promise<void>;
  writeValueWithoutResponse(data: Uint8Array): Promise<void>;
}
interface GattServer {
  connected: boolean;
  connect(): Promise<GattServer>;
  getPrimaryServices(): Promise<{ getCharacteristics(): Promise<Characteristic[]> }[]>;
}
interface BluetoothDeviceLike {
  id: string;
  name?: string;
  gatt?: GattServer;
}
interface Bluetooth {
  requestDevice(options: {
    acceptAllDevices: true;
    optionalServices: string[];
  }): Promise<BluetoothDeviceLike>;
  /** Behind a flag in some Chromium versions: without it, a reloaded page asks again. */
  getDevices?(): Promise<BluetoothDeviceLike[]>;
}

const bluetooth = () => (navigator as Navigator & { bluetooth: Bluetooth }).bluetooth;

const PRINTER_SERVICES = [
  "000018f0-0000-1000-8000-00805f9b34fb",
  "e7810a71-73ae-499d-8c15-faa9aef0c3f2",
  "49535343-fe7d-4ae5-8fa9-9fafd205e455",
  "0000ff00-0000-1000-8000-00805f9b34fb",
  "0000ffe0-0000-1000-8000-00805f9b34fb",
];
/** Bytes per write: with a response the browser splits long writes itself; without, the smallest packet. */
const CHUNK = { withResponse: 180, withoutResponse: 20 };

/** Devices picked in this page, by id: Chromium gives them again only through getDevices. */
const picked = new Map<string, BluetoothDeviceLike>();

async function writableCharacteristic(device: BluetoothDeviceLike): Promise<Characteristic> {
  if (!device.gatt) throw new PrinterError("unsupported");
  const server = device.gatt.connected ? device.gatt : await device.gatt.connect();
  for (const service of await server.getPrimaryServices()) {
    const found = (await service.getCharacteristics()).find(
      (candidate) => candidate.properties.write || candidate.properties.writeWithoutResponse,
    );
    if (found) return found;
  }
  throw new PrinterError("unsupported");
}

function printerOn(characteristic: Characteristic): Printer {
  const withResponse = characteristic.properties.write;
  const size = withResponse ? CHUNK.withResponse : CHUNK.withoutResponse;
  return {
    async write(bytes) {
      for (let at = 0; at < bytes.length; at += size) {
        const chunk = bytes.slice(at, at + size);
        await (withResponse
          ? characteristic.writeValueWithResponse(chunk)
          : characteristic.writeValueWithoutResponse(chunk));
      }
    },
    status: async () => "unknown",
  };
}

export const bluetoothTransport: Transport = {
  async choose() {
    const device = await bluetooth().requestDevice({
      acceptAllDevices: true,
      optionalServices: PRINTER_SERVICES,
    });
    picked.set(device.id, device);
    return { name: device.name || "Printer Bluetooth", match: device.id };
  },
  async open(match) {
    const known = match ? picked.get(match) : undefined;
    const device = known ?? (await bluetooth().getDevices?.())?.find((candidate) => candidate.id === match);
    if (!device) throw new PrinterError(bluetooth().getDevices ? "absent" : "reconnect");
    return printerOn(await writableCharacteristic(device));
  },
};
