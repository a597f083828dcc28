import { describe, expect, it } from "vitest";
import { DEFAULT_OPENING_HOURS } from "../store/opening-hours.ts";
import { orderPortionDay, portionDay, shownPortions } from "./portions.ts";

const HOURS = DEFAULT_OPENING_HOURS.map((day) => ({ ...day }));
/** Monday 0 … Sunday 6; Saturday 10 January 2026 is index 5. */
const closedSaturday = HOURS.map((day, index) => (index === 5 ? { ...day, libur: true } : day));
const wita = (local: string) => new Date(`${local}+08:00`);

describe("the business day of daily portions", () => {
  it("starts at the opening in the store's zone, not at midnight", () => {
    expect(portionDay(HOURS, "Asia/Makassar", wita("2026-01-10T09:59"))).toBe("2026-01-09");
    expect(portionDay(HOURS, "Asia/Makassar", wita("2026-01-10T10:00"))).toBe("2026-01-10");
    expect(portionDay(HOURS, "Asia/Makassar", wita("2026-01-10T23:30"))).toBe("2026-01-10");
    // 09.30 WITA is 10.30 WIT: Jayapura has opened, Makassar has not.
    expect(portionDay(HOURS, "Asia/Jayapura", wita("2026-01-10T09:30"))).toBe("2026-01-10");
    expect(portionDay(HOURS, "Asia/Makassar", wita("2026-01-01T08:00"))).toBe("2025-12-31");
  });

  it("starts at midnight on a day the store is closed", () => {
    expect(portionDay(closedSaturday, "Asia/Makassar", wita("2026-01-10T08:00"))).toBe("2026-01-10");
  });

  it("puts an order on the day it is cooked: its slot's, else the next opening's while closed", () => {
    const at = (local: string, slot?: string) =>
      orderPortionDay(HOURS, "Asia/Makassar", wita(local), slot ? wita(slot) : null);
    expect(at("2026-01-10T09:00")).toBe("2026-01-10");
    expect(at("2026-01-09T23:00")).toBe("2026-01-10");
    expect(at("2026-01-09T12:00")).toBe("2026-01-09");
    expect(at("2026-01-09T12:00", "2026-01-10T13:00")).toBe("2026-01-10");
    // Closed on Saturday: Friday night's order is cooked on Sunday.
    expect(orderPortionDay(closedSaturday, "Asia/Makassar", wita("2026-01-09T23:00"))).toBe("2026-01-11");
  });

  it("shows a count only when few are left", () => {
    expect([null, 0, 1, 5, 6, 100].map(shownPortions)).toEqual([null, 0, 1, 5, null, null]);
  });
});
