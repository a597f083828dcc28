// ESC/POS `DLE EOT` status: a printer offline or out of paper is refused before the print is sent.
export type PrinterState = "ok" | "offline" | "paper-out" | "unknown";

export const STATUS_REQUESTS = {
  printer: Uint8Array.of(0x10, 0x04, 0x01),
  paper: Uint8Array.of(0x10, 0x04, 0x04),
} as const;

/** Every status byte has bits 1 and 4 set and bits 0 and 7 clear; anything else is not one. */
const isStatusByte = (byte: number | null): byte is number => byte !== null && (byte & 0x93) === 0x12;

/** null: no answer came; bit 3 of the first is offline, bits 5–6 of the second paper end. */
export function printerState(printer: number | null, paper: number | null): PrinterState {
  if (!isStatusByte(printer)) return "unknown";
  if (printer & 0x08) return "offline";
  if (isStatusByte(paper) && (paper & 0x60) === 0x60) return "paper-out";
  return "ok";
}
