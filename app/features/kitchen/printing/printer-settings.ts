// This device's printer choice, in localStorage (never an order) and shared by its open tabs (0037).
import { useSyncExternalStore } from "react";
import type { Paper } from "~/lib/tickets/ticket-layout.ts";

export const CONNECTIONS = ["serial", "usb", "bluetooth", "rawbt", "uji"] as const;
export type Connection = (typeof CONNECTIONS)[number];

export const CONNECTION_LABELS: Record<Connection, string> = {
  serial: "USB / Serial",
  usb: "USB (WebUSB)",
  bluetooth: "Bluetooth",
  rawbt: "RawBT (Android)",
  uji: "Printer uji",
};

export function isAvailable(connection: Connection, testPrinter: boolean): boolean {
  switch (connection) {
    case "serial":
    case "usb":
    case "bluetooth":
      return connection in navigator;
    case "rawbt":
      return /Android/i.test(navigator.userAgent);
    case "uji":
      return testPrinter && Boolean(window.__nyalaTestPrinter);
  }
}

// RawBT only hands the bytes on: it cannot say it took them.
export const canAutoPrint = (connection: Connection | null) => connection !== null && connection !== "rawbt";

export interface PrinterSettings {
  /** Named in this browser's print claims; "" until a printer is chosen. */
  deviceId: string;
  connection: Connection | null;
  name: string;
  /** `vendor:product` (USB, Serial) or the Bluetooth id. */
  match: string | null;
  paper: Paper;
  autoPrint: boolean;
}

const KEY = "nyala-printer";
const DEFAULTS: PrinterSettings = {
  deviceId: "",
  connection: null,
  name: "",
  match: null,
  paper: 58,
  autoPrint: false,
};

export function parsePrinterSettings(raw: string | null): PrinterSettings {
  try {
    const value = JSON.parse(raw ?? "{}") as Partial<Record<keyof PrinterSettings, unknown>>;
    const text = (field: unknown, max: number) => (typeof field === "string" ? field.slice(0, max) : "");
    const connection = CONNECTIONS.find((known) => known === value.connection) ?? null;
    return {
      deviceId: /^[A-Za-z0-9-]{8,64}$/.test(text(value.deviceId, 64)) ? text(value.deviceId, 64) : "",
      connection,
      name: text(value.name, 80),
      match: text(value.match, 200) || null,
      paper: value.paper === 80 ? 80 : 58,
      autoPrint: canAutoPrint(connection) && value.autoPrint === true,
    };
  } catch {
    return DEFAULTS;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: PrinterSettings } | null = null;
const notify = () => listeners.forEach((listener) => listener());
const onStorage = (event: StorageEvent) => event.key === KEY && notify();

export const printerSettings = {
  subscribe(listener: () => void) {
    if (listeners.size === 0) window.addEventListener("storage", onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener("storage", onStorage);
    };
  },
  get(): PrinterSettings {
    const raw = readRaw();
    if (cached?.raw !== raw) cached = { raw, value: parsePrinterSettings(raw) };
    return cached.value;
  },
  update(change: Partial<PrinterSettings>) {
    const next = { ...printerSettings.get(), ...change };
    next.deviceId ||= crypto.randomUUID();
    next.autoPrint &&= canAutoPrint(next.connection);
    try {
      window.localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // storage blocked: the choice lasts until the page is left
      cached = { raw: readRaw(), value: next };
    }
    notify();
  },
  forget() {
    printerSettings.update({ connection: null, name: "", match: null, autoPrint: false });
  },
};

export const usePrinterSettings = () =>
  useSyncExternalStore(printerSettings.subscribe, printerSettings.get, () => DEFAULTS);
