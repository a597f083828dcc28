import { describe, expect, test } from "vitest";
import { parsePrinterSettings } from "./printer-settings.ts";

const DEFAULTS = { deviceId: "", connection: null, name: "", match: null, paper: 58, autoPrint: false };

describe("parsePrinterSettings", () => {
  test("a stored choice comes back as it was saved", () => {
    const saved = {
      deviceId: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b",
      connection: "serial",
      name: "POS-58",
      match: "1046:20497",
      paper: 80,
      autoPrint: true,
    };
    expect(parsePrinterSettings(JSON.stringify(saved))).toEqual(saved);
  });

  test("nothing, or anything but a stored choice, is no printer", () => {
    for (const raw of [null, "", "{", "[]", "null", '"serial"'])
      expect(parsePrinterSettings(raw)).toEqual(DEFAULTS);
    expect(
      parsePrinterSettings(JSON.stringify({ connection: "paralel", deviceId: "<script>", paper: 57 })),
    ).toEqual(DEFAULTS);
  });

  test("Auto-cetak only with a printer that confirms: not without one, not through RawBT", () => {
    expect(parsePrinterSettings(JSON.stringify({ autoPrint: true })).autoPrint).toBe(false);
    expect(parsePrinterSettings(JSON.stringify({ connection: "rawbt", autoPrint: true })).autoPrint).toBe(
      false,
    );
    expect(parsePrinterSettings(JSON.stringify({ connection: "bluetooth", autoPrint: true })).autoPrint).toBe(
      true,
    );
  });
});
