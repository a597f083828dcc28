import { describe, expect, test } from "vitest";
import { escPosTicket } from "./escpos.ts";
import { readEscPos } from "./fixtures/escpos-reader.ts";

const ESC_INIT = "1b40";
const CUT = "1d5600";

describe("escPosTicket", () => {
  test("initialises the printer first and cuts last, even when the ticket forgot the cut", () => {
    const bytes = escPosTicket([{ kind: "text", text: "Halo" }], 58);
    expect(Buffer.from(bytes.subarray(0, 2)).toString("hex")).toBe(ESC_INIT);
    const { rows, commands } = readEscPos(bytes);
    expect(commands.at(-1)).toBe(CUT);
    expect(commands.filter((command) => command === CUT)).toHaveLength(1);
    // The feeds before the cut, and the encoder's line feed after it.
    expect(rows.map((row) => row.text)).toEqual(["Halo", "", "", "", "", ""]);
  });

  test("styles are switched on for a line's text and off before its line feed", () => {
    const bytes = escPosTicket(
      [
        { kind: "text", text: "TOTAL", bold: true, size: "tall" },
        { kind: "text", text: "biasa" },
        { kind: "banner", text: "CETAK ULANG" },
        { kind: "cut" },
      ],
      58,
    );
    const text = Buffer.from(bytes).toString("latin1");
    expect(text).toContain("\x1bE\x01\x1d!\x01\x1bt\x00TOTAL\x1bE\x00\x1d!\x00\nbiasa\n");
    expect(text).toContain("\x1bE\x01\x1dB\x01\x1d!\x11  CETAK ULANG   \x1bE\x00\x1dB\x00\x1d!\x00\n");
  });

  test("a note with printer commands prints as text: no drawer kick, no early cut", () => {
    const bytes = escPosTicket(
      [{ kind: "text", text: "Catatan: \u001bp\u0000\u0019\u00fa \u001dV\u0000 ok" }],
      80,
    );
    const { rows, commands } = readEscPos(bytes);
    expect(rows[0]!.text).toBe("Catatan: p u V ok");
    expect(commands.filter((command) => command.startsWith("1d56"))).toEqual([CUT]);
  });
});
