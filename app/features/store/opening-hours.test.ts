import { describe, expect, test } from "vitest";
import {
  closedOrderNote,
  DEFAULT_OPENING_HOURS,
  describeDay,
  openingStatus,
  readOpeningHours,
  reopeningText,
  startOfZonedDay,
  timezoneLabel,
  zonedDateString,
  zonedWeekday,
  type OpeningDay,
} from "./opening-hours.ts";
import { isDateString } from "../../lib/date-input.ts";

const WITA = "Asia/Makassar";
/** A moment given in WITA (UTC+8): `2026-11-16` is a Monday. */
const wita = (isoLocal: string) => new Date(`${isoLocal}+08:00`);

const week = (overrides: Partial<Record<number, Partial<OpeningDay>>> = {}): OpeningDay[] =>
  DEFAULT_OPENING_HOURS.map((day, index) => ({ ...day, ...overrides[index] }));

describe("openingStatus", () => {
  test("open inside the day's hours, closed at closing time", () => {
    expect(openingStatus(week(), WITA, wita("2026-11-16T10:00:00")).open).toBe(true);
    expect(openingStatus(week(), WITA, wita("2026-11-16T21:59:00")).open).toBe(true);
    expect(openingStatus(week(), WITA, wita("2026-11-16T22:00:00")).open).toBe(false);
  });

  test("before opening: opens again today", () => {
    const status = openingStatus(week(), WITA, wita("2026-11-16T08:30:00"));
    expect(status).toEqual({ open: false, next: { when: "hari ini", time: "10.00" } });
    expect(reopeningText(status)).toBe("Toko sedang tutup. Buka lagi hari ini pukul 10.00.");
  });

  test("after closing: opens again tomorrow", () => {
    const status = openingStatus(week(), WITA, wita("2026-11-16T23:00:00"));
    expect(reopeningText(status)).toBe("Toko sedang tutup. Buka lagi besok pukul 10.00.");
    expect(closedOrderNote(status)).toBe(
      "Toko sedang tutup: pesanan ini akan diproses saat buka besok pukul 10.00.",
    );
  });

  test("closed days are skipped: Saturday night, Sunday closed → Monday", () => {
    const hours = week({ 6: { libur: true }, 0: { buka: "11:30" } });
    const status = openingStatus(hours, WITA, wita("2026-11-21T23:00:00"));
    expect(reopeningText(status)).toBe("Toko sedang tutup. Buka lagi Senin pukul 11.30.");
  });

  test("the store's time zone decides, not the server's", () => {
    // 02:30 UTC is 10:30 in WITA (UTC+8) but 09:30 in WIB (UTC+7).
    const moment = new Date("2026-11-16T02:30:00Z");
    expect(openingStatus(week(), "Asia/Makassar", moment).open).toBe(true); // 10:30 WITA
    expect(openingStatus(week(), "Asia/Jakarta", moment).open).toBe(false); // 09:30 WIB
  });

  test("hours past midnight belong to the day they started", () => {
    const hours = week({ 4: { buka: "18:00", tutup: "02:00" } }); // Friday 18.00–02.00
    expect(openingStatus(hours, WITA, wita("2026-11-20T23:30:00")).open).toBe(true); // Friday night
    expect(openingStatus(hours, WITA, wita("2026-11-21T01:30:00")).open).toBe(true); // Saturday early
    expect(openingStatus(hours, WITA, wita("2026-11-21T02:30:00")).open).toBe(false);
    expect(reopeningText(openingStatus(hours, WITA, wita("2026-11-20T12:00:00")))).toBe(
      "Toko sedang tutup. Buka lagi hari ini pukul 18.00.",
    );
  });

  test("equal opening and closing times mean open all day", () => {
    const hours = week({ 0: { buka: "00:00", tutup: "00:00" } });
    expect(openingStatus(hours, WITA, wita("2026-11-16T03:00:00")).open).toBe(true);
    expect(describeDay(hours[0]!)).toBe("24 jam");
  });

  test("every day closed: no reopening time, the order is processed when the store reopens", () => {
    const hours = DEFAULT_OPENING_HOURS.map((day) => ({ ...day, libur: true }));
    const status = openingStatus(hours, WITA, wita("2026-11-16T12:00:00"));
    expect(status).toEqual({ open: false, next: null });
    expect(reopeningText(status)).toBe("Toko sedang tutup sementara.");
    expect(closedOrderNote(status)).toBe(
      "Toko sedang tutup: pesanan ini akan diproses saat toko buka kembali.",
    );
  });

  test("the next opening a week ahead: only Monday open, asked on Monday after closing", () => {
    const hours = DEFAULT_OPENING_HOURS.map((day, index) => ({ ...day, libur: index !== 0 }));
    expect(reopeningText(openingStatus(hours, WITA, wita("2026-11-16T23:00:00")))).toBe(
      "Toko sedang tutup. Buka lagi Senin pukul 10.00.",
    );
  });

  test("while open there is nothing to say", () => {
    const status = openingStatus(week(), WITA, wita("2026-11-16T12:00:00"));
    expect(reopeningText(status)).toBe("");
    expect(closedOrderNote(status)).toBe("");
  });
});

describe("readOpeningHours", () => {
  test("keeps seven well-formed days", () => {
    const hours = week({ 2: { libur: true } });
    expect(readOpeningHours(hours)).toEqual(hours);
  });

  test.each([
    null,
    "x",
    [],
    [{ buka: "10:00" }],
    DEFAULT_OPENING_HOURS.map(() => ({ buka: "25:00", tutup: "1" })),
  ])("falls back to the defaults for %j", (value) => {
    expect(readOpeningHours(value)).toEqual(DEFAULT_OPENING_HOURS);
  });

  test("describes a day for the hours table", () => {
    expect(describeDay({ buka: "10:00", tutup: "22:00", libur: false })).toBe("10.00–22.00");
    expect(describeDay({ buka: "10:00", tutup: "22:00", libur: true })).toBe("Tutup");
  });
});

describe("today in the store's time zone", () => {
  test("the weekday (0 = Monday) is the store's, not the server's", () => {
    // Sunday 23.30 in Jakarta is already Monday 00.30 in Makassar and 01.30 in Jayapura.
    const moment = new Date("2026-11-15T16:30:00Z");
    expect(zonedWeekday(moment, "Asia/Jakarta")).toBe(6);
    expect(zonedWeekday(moment, "Asia/Makassar")).toBe(0);
    expect(zonedWeekday(moment, "Asia/Jayapura")).toBe(0);
    expect(zonedWeekday(wita("2026-11-21T12:00:00"), WITA)).toBe(5);
  });

  test("a day past midnight: today is the calendar day, open on the previous day's hours", () => {
    const hours = week({ 0: { buka: "18:00", tutup: "02:00" } });
    const moment = wita("2026-11-17T01:00:00"); // Tuesday 01.00
    expect(zonedWeekday(moment, WITA)).toBe(1);
    expect(openingStatus(hours, WITA, moment).open).toBe(true);
  });

  test("the zone is named as Indonesians name it", () => {
    expect(timezoneLabel("Asia/Jakarta")).toBe("WIB");
    expect(timezoneLabel("Asia/Makassar")).toBe("WITA");
    expect(timezoneLabel("Asia/Jayapura")).toBe("WIT");
  });
});

describe("calendar days in the store's time zone", () => {
  test("a day starts at local midnight", () => {
    expect(startOfZonedDay("2026-11-16", "Asia/Makassar").toISOString()).toBe("2026-11-15T16:00:00.000Z");
    expect(startOfZonedDay("2026-11-16", "Asia/Jakarta").toISOString()).toBe("2026-11-15T17:00:00.000Z");
    expect(startOfZonedDay("2026-12-31", "Asia/Jayapura", 1).toISOString()).toBe("2026-12-31T15:00:00.000Z");
  });

  test("a moment's date is the local one", () => {
    expect(zonedDateString(new Date("2026-11-16T15:59:00Z"), "Asia/Makassar")).toBe("2026-11-16");
    expect(zonedDateString(new Date("2026-11-16T16:00:00Z"), "Asia/Makassar")).toBe("2026-11-17");
  });

  test.each([
    ["2026-02-28", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["26-1-1", false],
    ["", false],
  ])("isDateString(%j) = %s", (value, expected) => {
    expect(isDateString(value)).toBe(expected);
  });
});
