// Printable ASCII only: no name or note can carry an ESC/POS command or print as garbage (0034).
import { singleLine } from "../single-line.ts";

const LOOK_ALIKES = new Map(
  Object.entries({
    "'": "‘’‚′‹›",
    '"': "“”„«»",
    "-": "‐‒–—―−·",
    "*": "•",
    "/": "⁄÷",
    x: "×",
    o: "ø",
    O: "Ø",
    d: "đð",
    D: "ĐÐ",
    l: "ł",
    L: "Ł",
    i: "ı",
    ss: "ß",
    ae: "æ",
    AE: "Æ",
    oe: "œ",
    OE: "Œ",
    th: "þ",
    Th: "Þ",
    EUR: "€",
  }).flatMap(([ascii, chars]) => [...chars].map((char) => [char, ascii] as const)),
);
const LOOK_ALIKE = new RegExp(`[${[...LOOK_ALIKES.keys()].join("")}]`, "gu");

export function ticketText(value: string): string {
  return singleLine(value)
    .normalize("NFKD")
    .replace(LOOK_ALIKE, (char) => LOOK_ALIKES.get(char)!)
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/ {2,}/g, " ")
    .replace(/ (?=[,.;:!?])/g, "")
    .trim();
}

export function wrapText(text: string, width: number, restWidth = width): string[] {
  if (width < 1 || restWidth < 1) throw new RangeError(`No room to wrap text in ${width}/${restWidth}.`);
  const lines: string[] = [];
  const limit = () => (lines.length === 0 ? width : restWidth);
  let line = "";
  for (const word of text.split(" ").filter(Boolean)) {
    if (line && line.length + 1 + word.length <= limit()) {
      line += ` ${word}`;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (line.length > limit()) {
      const cut = limit();
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}
