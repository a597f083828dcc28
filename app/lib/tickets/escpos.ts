// A ticket as ESC/POS bytes (0034); browser-safe, so the board sends them over Web Serial, USB or Bluetooth.
import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import { PAPER_COLUMNS, layoutTicket, type Paper, type TextSize, type TicketBlock } from "./ticket-layout.ts";

/** Lines fed before a cut, so that it falls below the last line: the cutter sits above the head. */
const FEED_BEFORE_CUT = 4;
const SCALE: Record<TextSize, [number, number]> = { normal: [1, 1], tall: [1, 2], large: [2, 2] };

export function escPosTicket(blocks: readonly TicketBlock[], paper: Paper): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: "esc-pos",
    columns: PAPER_COLUMNS[paper],
    newline: "\n",
    feedBeforeCut: FEED_BEFORE_CUT,
  }).initialize();
  const lines = layoutTicket(blocks, paper);
  if (lines.at(-1)?.kind !== "cut") lines.push({ kind: "cut" });
  for (const line of lines) {
    if (line.kind === "cut") {
      encoder.cut();
      continue;
    }
    if (line.bold) encoder.bold(true);
    if (line.invert) encoder.invert(true);
    if (line.size !== "normal") encoder.size(...SCALE[line.size]);
    encoder.text(line.text);
    if (line.bold) encoder.bold(false);
    if (line.invert) encoder.invert(false);
    if (line.size !== "normal") encoder.size(1, 1);
    encoder.newline();
  }
  return encoder.encode();
}
