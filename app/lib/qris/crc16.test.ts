import { describe, expect, test } from "vitest";
import { crc16 } from "./crc16.ts";
import { PUBLISHED_PAYLOADS } from "./fixtures/published-payloads.ts";

describe("crc16 (CRC-16/CCITT-FALSE)", () => {
  test("the catalogue's check value: 123456789 → 29B1", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  test("nothing → the initial value", () => {
    expect(crc16("")).toBe("FFFF");
  });

  test.each(Object.entries(PUBLISHED_PAYLOADS))(
    "the CRC printed in the published %s payload",
    (_, payload) => {
      expect(crc16(payload.slice(0, -4))).toBe(payload.slice(-4));
    },
  );
});
