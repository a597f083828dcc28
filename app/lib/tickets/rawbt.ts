// Hands ESC/POS bytes to the RawBT app, for phones without Web Serial, WebUSB or Web Bluetooth (0034).
/** RawBT's documented `rawbt:base64,…` scheme, pinned to its package (else Chrome offers the Play Store). */
const INTENT_TAIL = "#Intent;scheme=rawbt;package=ru.a402d.rawbtprinter;end;";

export function rawbtIntentUrl(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return `intent:base64,${btoa(binary)}${INTENT_TAIL}`;
}
