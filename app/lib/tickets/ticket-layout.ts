// A ticket laid out in 32 (58 mm) or 48 (80 mm) columns, the same for printer and print view (0034).
import { ticketText, wrapText } from "./ticket-text.ts";

export type Paper = 58 | 80;
export const PAPER_COLUMNS: Record<Paper, number> = { 58: 32, 80: 48 };

/** `tall`: double height; `large`: double width and height, so half the characters per line. */
export type TextSize = "normal" | "tall" | "large";
export type Align = "left" | "center" | "right";

export type TicketBlock =
  | {
      kind: "text";
      text: string;
      bold?: boolean;
      size?: TextSize;
      align?: Align;
      indent?: number;
      hang?: number;
    }
  | { kind: "row"; left: string; right: string; bold?: boolean; size?: "normal" | "tall"; hang?: number }
  | { kind: "rule"; char?: "-" | "=" }
  | { kind: "blank" }
  | { kind: "banner"; text: string }
  | { kind: "cut" };

export interface PrintedLine {
  kind: "line";
  text: string;
  bold: boolean;
  invert: boolean;
  size: TextSize;
}
export type TicketLine = PrintedLine | { kind: "cut" };

export const charactersPerLine = (paper: Paper, size: TextSize) =>
  size === "large" ? PAPER_COLUMNS[paper] / 2 : PAPER_COLUMNS[paper];

const printed = (text: string, style: Partial<PrintedLine> = {}): PrintedLine => ({
  kind: "line",
  text,
  bold: false,
  invert: false,
  size: "normal",
  ...style,
});

function aligned(text: string, width: number, align: Align): string {
  const room = width - text.length;
  if (align === "right") return " ".repeat(room) + text;
  if (align === "center") return " ".repeat(Math.floor(room / 2)) + text;
  return text;
}

function layoutBlock(block: TicketBlock, paper: Paper): TicketLine[] {
  const columns = PAPER_COLUMNS[paper];
  switch (block.kind) {
    case "text": {
      const { bold = false, size = "normal", align = "left", indent = 0, hang = 0 } = block;
      const width = charactersPerLine(paper, size) - indent;
      return wrapText(ticketText(block.text), width, width - hang).map((line, index) =>
        printed(" ".repeat(indent + (index ? hang : 0)) + aligned(line, width, align), { bold, size }),
      );
    }
    case "row": {
      const { bold = false, size = "normal", hang = 0 } = block;
      const left = ticketText(block.left);
      const right = ticketText(block.right);
      const beside = right.length <= columns / 2;
      const width = beside ? columns - right.length - 1 : columns;
      const lines = left ? wrapText(left, width, columns - hang) : [""];
      const texts = lines.map((line, index) => (index ? " ".repeat(hang) : "") + line);
      if (beside) texts[0] = texts[0]!.padEnd(columns - right.length) + right;
      else texts.push(aligned(right, columns, "right"));
      return texts.map((text) => printed(text, { bold, size }));
    }
    case "rule":
      return [printed((block.char ?? "-").repeat(columns))];
    case "blank":
      return [printed("")];
    case "banner": {
      const width = charactersPerLine(paper, "large");
      return wrapText(ticketText(block.text), width).map((line) =>
        printed(aligned(line, width, "center").padEnd(width), { bold: true, invert: true, size: "large" }),
      );
    }
    case "cut":
      return [{ kind: "cut" }];
  }
}

export function layoutTicket(blocks: readonly TicketBlock[], paper: Paper): TicketLine[] {
  return blocks
    .flatMap((block) => layoutBlock(block, paper))
    .map((line) => (line.kind === "line" && !line.invert ? { ...line, text: line.text.trimEnd() } : line));
}
