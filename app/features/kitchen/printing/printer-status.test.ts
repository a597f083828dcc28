import { describe, expect, test } from "vitest";
import { printerState } from "./printer-status.ts";

describe("printerState", () => {
  test("a printer online with paper", () => {
    expect(printerState(0x12, 0x12)).toBe("ok");
    // Paper near its end (bits 2–3) still prints.
    expect(printerState(0x12, 0x1e)).toBe("ok");
  });

  test("offline (cover open, error) and paper out refuse the print", () => {
    expect(printerState(0x1a, 0x12)).toBe("offline");
    expect(printerState(0x12, 0x72)).toBe("paper-out");
    expect(printerState(0x12, 0x7e)).toBe("paper-out");
  });

  test("no answer, or bytes that are not a status, say nothing", () => {
    expect(printerState(null, null)).toBe("unknown");
    expect(printerState(0x48, 0x69)).toBe("unknown");
    // A paper answer alone cannot be trusted without the printer's.
    expect(printerState(0x00, 0x72)).toBe("unknown");
    expect(printerState(0x12, null)).toBe("ok");
  });
});
