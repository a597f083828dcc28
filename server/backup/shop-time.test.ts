import { describe, expect, test } from "vitest";
import { backupFileName } from "./backup.ts";
import { shopDateTime, shopStamp } from "./shop-time.ts";

describe("backup names in the shop's time", () => {
  const evening = new Date("2026-11-25T13:30:05Z"); // 21.30 in Kendari (WITA), 13.30 UTC

  test("the file is named by the shop's clock, not the machine's UTC", () => {
    expect(backupFileName(evening, "Asia/Makassar")).toBe("nyala-cadangan-2026-11-25-213005.tar.gz");
    expect(backupFileName(evening, "Asia/Jakarta")).toBe("nyala-cadangan-2026-11-25-203005.tar.gz");
  });

  test("just after midnight is the new day, with hours 00-23", () => {
    expect(shopStamp(new Date("2026-11-25T16:00:00Z"), "Asia/Makassar")).toBe("2026-11-26-000000");
  });

  test("an unknown zone falls back to the machine's clock instead of failing", () => {
    expect(shopStamp(evening, "Bukan/Zona")).toBe(shopStamp(evening));
  });

  test("restore's messages give the time on the shop's clock, with its zone, not UTC", () => {
    expect(shopDateTime(evening.toISOString(), "Asia/Makassar")).toBe("25 Nov 2026, 21.30.05 WITA");
    expect(shopDateTime(evening, "Asia/Jayapura")).toBe("25 Nov 2026, 22.30.05 WIT");
    expect(shopDateTime(evening, "Bukan/Zona")).toBe("25 Nov 2026, 21.30.05 WITA");
  });
});
