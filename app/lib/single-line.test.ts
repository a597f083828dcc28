import { describe, expect, test } from "vitest";
import { singleLine, withoutInvisible } from "./single-line.ts";

describe("singleLine", () => {
  test.each([
    ["Eve\nTotal: Rp 1\nLunas", "Eve Total: Rp 1 Lunas"],
    ["  Budi\r\n\tSantoso  ", "Budi Santoso"],
    ["a\u2028b\u2029c\u0085d\u000be\u000cf", "a b c d e f"],
    ["Eve\u202e1 pR :latoT", "Eve1 pR :latoT"],
    ["\u2066Budi\u2069 \u200fSantoso\u200e", "Budi Santoso"],
    ["Bu\u200bdi\u2060\ufeff", "Budi"],
    ["Eve\u3164\u3164\u3164\u3164Lunas", "Eve Lunas"],
    ["Eve\u2800\u115f\u1160\uffa0Lunas", "Eve Lunas"],
    ["Eve\u3000\u00a0\u2003Lunas", "Eve Lunas"],
    [`E${"\u0301".repeat(9)}ve`, `E${"\u0301".repeat(3)}ve`],
    ["\u0000\u0007\u001b[31m", "[31m"],
    ["\u200b\u202e\n", ""],
  ])("%j → %j", (input, expected) => {
    expect(singleLine(input)).toBe(expected);
  });

  test.each([
    "Dewi Ayu Lestari",
    "Nguyễn Thị Hà",
    "👩‍👩‍👧 Keluarga",
    "🌶️ 1️⃣ mantap",
    "مرحبا بك",
    "हिन्दी",
    "Mie & Co #1 100%",
  ])("%j stays as it is", (text) => {
    expect(singleLine(text)).toBe(text);
  });
});

describe("withoutInvisible", () => {
  test.each([
    ["Halo,\u200b\napakah buka\u202e besok?", "Halo,\napakah buka besok?"],
    ["\u2066Menu\u2069\r\nbaru\ufeff", "Menu\r\nbaru"],
    ["👩‍👩‍👧 tetap", "👩‍👩‍👧 tetap"],
  ])("%j → %j (line breaks stay)", (input, expected) => {
    expect(withoutInvisible(input)).toBe(expected);
  });
});
