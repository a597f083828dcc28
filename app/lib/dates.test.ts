import { describe, expect, test } from "vitest";
import { formatDate, formatDateTime } from "./dates.ts";

describe("dates in the store's time zone", () => {
  const lateEvening = new Date("2026-11-23T16:30:00Z"); // Monday 23.30 WIB, Tuesday 00.30 WITA

  test("the same moment is a different day in WIB and WITA", () => {
    expect(formatDate(lateEvening, "Asia/Jakarta")).toBe("23 Nov 2026");
    expect(formatDate(lateEvening, "Asia/Makassar")).toBe("24 Nov 2026");
  });

  test("with the time, in Indonesian notation", () => {
    expect(formatDateTime(lateEvening, "Asia/Jayapura")).toBe("24 Nov 2026, 01.30");
  });
});
