/**
 * A receipt printer's real-time status (ESC/POS `DLE EOT`), where the connection can read an
 * answer: offline (cover open, error) and paper out refuse a print before it is sent.
 */
export type PrinterState = "ok" | "offline" | "paper-out" | "unknown";

/** `DLE EOT 1` asks the printer's status, `DLE EOT 4` the roll paper sensor's. */
export const STATUS_REQUESTS = {
  printer: Uint8Array.of(0x10, 0x04, 0x01),
  paper: Uint8Array.of(0x10, 0x04, 0x04),
} as const;

/** Every status byte has bits 1 and 4 set and bits 0 and 7 clear; anything else is not one. */
const isStatusByte = (byte: number | null): byte is number => byte !== null && (byte & 0x93) === 0x12;

/** The answers to the two requests (null: none came); bit 3 of the first is offline, bits 5–6 of the second paper end. */
export function printerState(printer: number | null, paper: number | null): PrinterState {
  if (!isStatusByte(printer)) return "unknown";
  if (printer & 0x08) return "offline";
  if (isStatusByte(paper) && (paper & 0x60) === 0x60) return "paper-out";
  return "ok";
}
