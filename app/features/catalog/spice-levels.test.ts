import { describe, expect, test } from "vitest";
import { levelRangeText, type LevelChoice } from "./spice-levels.ts";

const levels = (...numbers: number[]): LevelChoice[] =>
  numbers.map((level) => ({
    id: `l${level}`,
    nama: `Mie Level ${level}`,
    harga: 10_000,
    gambar: "",
    level,
    tersedia: true,
  }));

describe("the levels a dish card offers", () => {
  test("a run without gaps reads as a range", () => {
    expect(levelRangeText(levels(1, 2, 3))).toBe("Level 1–3");
    expect(levelRangeText(levels(0, 1, 2, 3, 4, 5))).toBe("Level 0–5");
  });

  test("levels with a gap are listed, so a missing level is never promised", () => {
    expect(levelRangeText(levels(2, 4))).toBe("Level 2 dan 4");
    expect(levelRangeText(levels(0, 2, 5))).toBe("Level 0, 2 dan 5");
    expect(levelRangeText(levels(1, 2, 4))).toBe("Level 1, 2 dan 4");
  });

  test("two neighbours are named both, one level alone", () => {
    expect(levelRangeText(levels(1, 2))).toBe("Level 1 dan 2");
    expect(levelRangeText(levels(3))).toBe("Level 3");
    expect(levelRangeText([])).toBe("");
  });
});
