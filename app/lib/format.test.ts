import { describe, expect, test } from "vitest";
import { formatRupiah } from "./format.ts";

describe("formatRupiah", () => {
  test.each([
    [10_000, "Rp 10.000"],
    [11_000, "Rp 11.000"],
    [5_000, "Rp 5.000"],
    [0, "Rp 0"],
    [999, "Rp 999"],
    [1_000, "Rp 1.000"],
    [1_234_567, "Rp 1.234.567"],
    [99 * 12_000, "Rp 1.188.000"],
    [2_500_000_000, "Rp 2.500.000.000"],
  ])("%d → %s", (amount, expected) => {
    expect(formatRupiah(amount)).toBe(expected);
  });

  test("negative amounts keep their sign in front", () => {
    expect(formatRupiah(-5_000)).toBe("-Rp 5.000");
    expect(formatRupiah(-1_250_000)).toBe("-Rp 1.250.000");
  });

  test("never shows decimals: rupiah are whole", () => {
    expect(formatRupiah(10_000.4)).toBe("Rp 10.000");
    expect(formatRupiah(10_000.6)).toBe("Rp 10.001");
    expect(formatRupiah(-0.4)).toBe("Rp 0");
  });

  test("uses a plain space and dots, whatever the process locale", () => {
    const text = formatRupiah(1_000_000);
    expect(text).toBe("Rp 1.000.000");
    expect(text).not.toMatch(/[\u00a0\u202f,]/);
  });
});
