import { describe, expect, test } from "vitest";
import { layoutTicket, type PrintedLine, type TicketBlock } from "./ticket-layout.ts";

const texts = (blocks: TicketBlock[], paper: 58 | 80 = 58) =>
  layoutTicket(blocks, paper).map((line) => (line.kind === "line" ? line.text : "<cut>"));

describe("layoutTicket", () => {
  test("a row keeps the amount on its first line and wraps the name under itself", () => {
    const row: TicketBlock = {
      kind: "row",
      left: "3x Es Teh Manis Jumbo dengan Jeruk Nipis Segar",
      right: "Rp 24.000",
      hang: 3,
    };
    expect(texts([row])).toEqual(["3x Es Teh Manis Jumbo  Rp 24.000", "   dengan Jeruk Nipis Segar"]);
    expect(texts([row], 80)).toEqual(["3x Es Teh Manis Jumbo dengan Jeruk     Rp 24.000", "   Nipis Segar"]);
  });

  test("a right side wider than half the paper goes on a line of its own", () => {
    expect(texts([{ kind: "row", left: "Total", right: "Rp 1.234.567.890.123.456.789" }])).toEqual([
      "Total",
      "    Rp 1.234.567.890.123.456.789",
    ]);
  });

  test("text aligns, indents and hangs within the paper", () => {
    expect(
      texts([
        { kind: "text", text: "Terima kasih!", align: "center" },
        { kind: "text", text: "kanan", align: "right" },
        { kind: "text", text: "Catatan: jangan pakai daun bawang ya", indent: 3, hang: 9 },
      ]),
    ).toEqual([
      "         Terima kasih!",
      "                           kanan",
      "   Catatan: jangan pakai daun",
      "            bawang ya",
    ]);
  });

  test("large text has half the characters per line", () => {
    const lines = layoutTicket([{ kind: "text", text: "Mie Nyala Pedas Sekali", size: "large" }], 58);
    expect(lines.map((line) => (line as PrintedLine).text)).toEqual(["Mie Nyala Pedas", "Sekali"]);
  });

  test("a banner is a large, inverted bar across the paper", () => {
    expect(layoutTicket([{ kind: "banner", text: "CETAK ULANG" }], 58)).toEqual([
      { kind: "line", text: "  CETAK ULANG   ", bold: true, invert: true, size: "large" },
    ]);
  });

  test("rules, blank lines and cuts", () => {
    expect(
      texts([{ kind: "rule" }, { kind: "blank" }, { kind: "rule", char: "=" }, { kind: "cut" }], 80),
    ).toEqual(["-".repeat(48), "", "=".repeat(48), "<cut>"]);
  });

  test("text from outside is printable ASCII on the paper", () => {
    expect(texts([{ kind: "row", left: "1x Crème brûlée 🍮", right: "Rp 9.000" }])).toEqual([
      "1x Creme brulee         Rp 9.000",
    ]);
  });
});
