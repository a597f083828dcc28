import { describe, expect, test } from "vitest";
import type { OpeningDay } from "./opening-hours.ts";
import { MAX_SLOTS, orderSlots } from "./order-slots.ts";
import { formatSlot } from "./order-time.ts";

const WITA = "Asia/Makassar"; // UTC+8
const WIB = "Asia/Jakarta"; // UTC+7
/** 2026-11-30 is a Monday. */
const at = (local: string, offset = "+08:00") => new Date(`${local}${offset}`);
const every = (buka: string, tutup: string, libur = false): OpeningDay[] =>
  Array.from({ length: 7 }, () => ({ buka, tutup, libur }));
/** Monday first, as the settings store them. */
const week = (...days: (OpeningDay | null)[]) =>
  days.map((day) => day ?? { buka: "10:00", tutup: "22:00", libur: true });

const slots = (hours: OpeningDay[], now: Date, leadMinutes = 20, timezone = WITA) =>
  orderSlots({ hours, timezone, leadMinutes, now });

describe("checkout time slots", () => {
  test("open now: quarter hours from now + lead time, rounded up, until closing (not at it)", () => {
    const list = slots(every("10:00", "22:00"), at("2026-11-30T12:07:00"));
    expect(list[0]).toMatchObject({ value: "2026-11-30T12:30", label: "Hari ini 12.30" });
    expect(list[0]!.at.toISOString()).toBe(at("2026-11-30T12:30:00").toISOString());
    expect(list.at(-1)).toMatchObject({ value: "2026-11-30T21:45", label: "Hari ini 21.45" });
    expect(list).toHaveLength(38);
    for (let index = 1; index < list.length; index++)
      expect(list[index]!.at.getTime() - list[index - 1]!.at.getTime()).toBe(15 * 60_000);
  });

  test("a slot on the quarter hour itself is offered when now + lead lands on it", () => {
    expect(slots(every("10:00", "22:00"), at("2026-11-30T12:15:00"), 0)[0]?.value).toBe("2026-11-30T12:15");
    expect(slots(every("10:00", "22:00"), at("2026-11-30T12:15:01"), 0)[0]?.value).toBe("2026-11-30T12:30");
  });

  test("in the store's time zone: the same moment gives WIB wall-clock slots for a Jakarta store", () => {
    const now = at("2026-11-30T12:07:00"); // 11.07 WIB
    const list = slots(every("10:00", "22:00"), now, 20, WIB);
    expect(list[0]).toMatchObject({ value: "2026-11-30T11:30", label: "Hari ini 11.30" });
    expect(list[0]!.at.toISOString()).toBe(at("2026-11-30T11:30:00", "+07:00").toISOString());
    expect(list.at(-1)?.value).toBe("2026-11-30T21:45");
  });

  test("hours past midnight: the late slots are tomorrow's date, until the night's closing", () => {
    const late = every("18:00", "02:00");
    const list = slots(late, at("2026-11-30T23:50:00"));
    expect(list.map((slot) => slot.label)).toEqual([
      "Besok 00.15",
      "Besok 00.30",
      "Besok 00.45",
      "Besok 01.00",
      "Besok 01.15",
      "Besok 01.30",
      "Besok 01.45",
    ]);
    expect(list[0]!.value).toBe("2026-12-01T00:15");
    // At 01.00 on Tuesday the store is still in Monday's night.
    expect(slots(late, at("2026-12-01T01:00:00")).map((slot) => slot.label)).toEqual([
      "Hari ini 01.30",
      "Hari ini 01.45",
    ]);
    // At 03.00 it is closed: the slots of the evening's opening.
    expect(slots(late, at("2026-12-01T03:00:00"))[0]?.label).toBe("Hari ini 18.30");
  });

  test("an evening that runs past midnight carries its slots across it", () => {
    const list = slots(every("18:00", "02:00"), at("2026-11-30T19:00:00"));
    expect(list[0]?.label).toBe("Hari ini 19.30");
    expect(list.at(-1)).toMatchObject({ label: "Besok 01.45", value: "2026-12-01T01:45" });
    expect(list.some((slot) => slot.label === "Hari ini 23.45")).toBe(true);
    expect(list.some((slot) => slot.label === "Besok 00.00")).toBe(true);
  });

  test("closed days are skipped: on a closed Monday the slots are Tuesday's, from opening + lead time", () => {
    const hours = week(null, ...every("10:00", "22:00").slice(1));
    const list = slots(hours, at("2026-11-30T12:00:00"));
    expect(list[0]).toMatchObject({ label: "Besok 10.30", value: "2026-12-01T10:30" });
  });

  test("before opening today: from opening + lead time today", () => {
    expect(slots(every("10:00", "22:00"), at("2026-11-30T08:00:00"), 30)[0]?.label).toBe("Hari ini 10.30");
  });

  test("too close to closing for the lead time: the next opening's slots", () => {
    const list = slots(every("10:00", "22:00"), at("2026-11-30T21:50:00"));
    expect(list[0]).toMatchObject({ label: "Besok 10.30" });
  });

  test("the lead time is the owner's: 60 minutes moves the first slot an hour on", () => {
    expect(slots(every("10:00", "22:00"), at("2026-11-30T12:00:00"), 60)[0]?.label).toBe("Hari ini 13.00");
  });

  test("the next opening days away is named by its weekday", () => {
    const saturdayOnly = week(
      null,
      null,
      null,
      null,
      null,
      { buka: "10:00", tutup: "14:00", libur: false },
      null,
    );
    const list = slots(saturdayOnly, at("2026-11-30T12:00:00"));
    expect(list[0]).toMatchObject({ label: "Sabtu 10.30", value: "2026-12-05T10:30" });
    expect(list.at(-1)?.label).toBe("Sabtu 13.45");
  });

  test("every day closed: no slot (only as soon as possible)", () => {
    expect(slots(every("10:00", "22:00", true), at("2026-11-30T12:00:00"))).toEqual([]);
  });

  test("open around the clock: one day of slots at most, through midnight", () => {
    const list = slots(every("00:00", "00:00"), at("2026-11-30T12:00:00"));
    expect(list).toHaveLength(MAX_SLOTS);
    expect(list[0]?.label).toBe("Hari ini 12.30");
    expect(list.at(-1)?.label).toBe("Besok 12.15");
  });

  test("a chosen slot as the restaurant reads it: weekday, date, time", () => {
    expect(formatSlot(at("2026-11-30T18:15:00"), WITA)).toBe("Senin, 30 Nov, 18.15");
    expect(formatSlot(at("2026-11-30T18:15:00"), WIB)).toBe("Senin, 30 Nov, 17.15");
  });
});
