/**
 * An Android intent URL handing ESC/POS bytes to the RawBT app (which holds the printer's pairing),
 * for phones without Web Serial, WebUSB or Web Bluetooth (docs/decisions/0034-printed-tickets.md).
 */

/** RawBT's documented `rawbt:base64,…` scheme, pinned to its package (else Chrome offers the Play Store). */
const INTENT_TAIL = "#Intent;scheme=rawbt;package=ru.a402d.rawbtprinter;end;";

export function rawbtIntentUrl(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return `intent:base64,${btoa(binary)}${INTENT_TAIL}`;
}
