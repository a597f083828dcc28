import { describe, expect, test } from "vitest";
import {
  generateOrderCode,
  isOrderCode,
  normalizeOrderCode,
  ORDER_CODE_ALPHABET,
  ORDER_CODE_PREFIX,
} from "./order-code.ts";

describe("order codes", () => {
  test("look like NY-7K3Q", () => {
    for (let i = 0; i < 200; i++) expect(generateOrderCode()).toMatch(/^NY-[A-Z0-9]{4}$/);
    expect(generateOrderCode(6)).toMatch(/^NY-[A-Z0-9]{6}$/);
  });

  test("the alphabet has no characters people confuse when reading or typing a code", () => {
    for (const ambiguous of ["0", "O", "1", "I", "L", "5", "S", "2", "Z", "8", "B"]) {
      expect(ORDER_CODE_ALPHABET).not.toContain(ambiguous);
    }
    expect(new Set(ORDER_CODE_ALPHABET).size).toBe(ORDER_CODE_ALPHABET.length);
    expect(ORDER_CODE_ALPHABET).toMatch(/^[A-Z0-9]+$/);
  });

  test("uses every character of the alphabet, each about equally often", () => {
    const counts = new Map<string, number>();
    const codes = 20_000;
    for (let i = 0; i < codes; i++) {
      for (const char of generateOrderCode().slice(ORDER_CODE_PREFIX.length)) {
        counts.set(char, (counts.get(char) ?? 0) + 1);
      }
    }
    expect([...counts.keys()].sort().join("")).toBe([...ORDER_CODE_ALPHABET].sort().join(""));
    const expected = (codes * 4) / ORDER_CODE_ALPHABET.length;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.1);
  });

  test("rarely repeats: 2,000 codes are (almost always) distinct", () => {
    const codes = new Set(Array.from({ length: 2_000 }, () => generateOrderCode()));
    // 25^4 = 390,625 codes: the expected number of collisions among 2,000 is about 5.
    expect(codes.size).toBeGreaterThan(1_980);
  });

  test("isOrderCode accepts only codes from the alphabet", () => {
    expect(isOrderCode("NY-7K3Q")).toBe(true);
    expect(isOrderCode("NY-7K3QA")).toBe(true);
    expect(isOrderCode("NY-7K0Q")).toBe(false);
    expect(isOrderCode("ny-7k3q")).toBe(false);
    expect(isOrderCode("NY-7K3")).toBe(false);
    expect(isOrderCode("XX-7K3Q")).toBe(false);
  });

  test.each([
    ["ny-7k3q", "NY-7K3Q"],
    [" NY 7K3Q ", "NY-7K3Q"],
    ["7k3q", "NY-7K3Q"],
    ["NY7K3Q", "NY-7K3Q"],
    ["nyax", "NY-NYAX"],
    ["NY-7K", "NY-7K"],
    ["ny 7k3", "NY-7K3"],
    ["", ""],
  ])("normalizeOrderCode(%j) = %j", (input, expected) => {
    expect(normalizeOrderCode(input)).toBe(expected);
  });
});
