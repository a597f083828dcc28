import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildTlv, parseTlv } from "./tlv.ts";

describe("TLV", () => {
  test("reads ID, two-digit length and value, in order", () => {
    expect(parseTlv("000201010211")).toEqual([
      { id: "00", value: "01" },
      { id: "01", value: "11" },
    ]);
    expect(parseTlv("")).toEqual([]);
  });

  test("lengths count characters, not bytes", () => {
    const text = "5904Café0104最佳运输";
    expect(parseTlv(text)).toEqual([
      { id: "59", value: "Café" },
      { id: "01", value: "最佳运输" },
    ]);
    expect(buildTlv(parseTlv(text)!)).toBe(text);
  });

  test.each([
    ["a value shorter than its length", "000201010"],
    ["a head cut short", "00020101"],
    ["a non-digit ID", "A00201"],
    ["a non-digit length", "00A201"],
    ["a zero length", "0000"],
  ])("refuses %s", (_, text) => {
    expect(parseTlv(text)).toBeNull();
  });

  test("build refuses what TLV cannot carry", () => {
    expect(() => buildTlv([{ id: "59", value: "" }])).toThrow(RangeError);
    expect(() => buildTlv([{ id: "59", value: "x".repeat(100) }])).toThrow(RangeError);
    expect(() => buildTlv([{ id: "5", value: "x" }])).toThrow(RangeError);
  });

  test("parse(build(objects)) gives the objects back", () => {
    const object = fc.record({
      id: fc.stringMatching(/^\d\d$/),
      value: fc.string({ minLength: 1, maxLength: 99, unit: "binary" }),
    });
    fc.assert(
      fc.property(fc.array(object, { maxLength: 8 }), (objects) => {
        expect(parseTlv(buildTlv(objects))).toEqual(objects);
      }),
    );
  });
});
