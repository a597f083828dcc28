import { describe, expect, test } from "vitest";
import { NEXT_STATUSES, nextStep, ORDER_STATUSES, statusLabel } from "./order-status.ts";
import { timelineSteps } from "./order-timeline.ts";

describe("order statuses", () => {
  test("the kitchen moves one step at a time, may cancel before the end, and the end is final", () => {
    expect(NEXT_STATUSES).toEqual({
      baru: ["diterima", "batal"],
      diterima: ["dimasak", "batal"],
      dimasak: ["siap", "batal"],
      siap: ["selesai", "batal"],
      selesai: [],
      batal: [],
    });
    expect(ORDER_STATUSES.map(nextStep)).toEqual(["diterima", "dimasak", "siap", "selesai", null, null]);
    for (const status of ORDER_STATUSES) expect(NEXT_STATUSES[status]).not.toContain("baru");
    expect(NEXT_STATUSES.baru).not.toContain("selesai");
  });

  test("'siap' is named by how the order reaches the customer", () => {
    expect(statusLabel("siap", "ambil")).toBe("Siap diambil");
    expect(statusLabel("siap", "antar")).toBe("Sedang diantar");
    expect(statusLabel("siap", "makan")).toBe("Siap disajikan");
    expect(statusLabel("batal")).toBe("Dibatalkan");
  });
});

describe("order timeline", () => {
  const event = (status: (typeof ORDER_STATUSES)[number], minute: number, reason: string | null = null) => ({
    status,
    at: `2026-11-30T10:${String(minute).padStart(2, "0")}:00.000Z`,
    reason,
  });

  test("every step with its time, the current one marked, the rest ahead", () => {
    const steps = timelineSteps("dimasak", "antar", [
      event("baru", 0),
      event("diterima", 2),
      event("dimasak", 5),
    ]);
    expect(steps.map(({ label, state, at }) => [label, state, at?.slice(11, 16) ?? null])).toEqual([
      ["Baru", "done", "10:00"],
      ["Diterima", "done", "10:02"],
      ["Dimasak", "current", "10:05"],
      ["Sedang diantar", "ahead", null],
      ["Selesai", "ahead", null],
    ]);
  });

  test("a finished order is done all the way", () => {
    const steps = timelineSteps("selesai", "ambil", [event("baru", 0), event("selesai", 30)]);
    expect(steps.map((step) => step.state)).toEqual(["done", "done", "done", "done", "done"]);
    // An order migrated from the old statuses has only the times it had.
    expect(steps.map((step) => step.at !== null)).toEqual([true, false, false, false, true]);
  });

  test("a cancelled order shows how far it came and the restaurant's reason", () => {
    const steps = timelineSteps("batal", "ambil", [
      event("baru", 0),
      event("diterima", 1),
      event("batal", 9, "Menu yang dipesan sedang habis."),
    ]);
    expect(steps.map(({ label, state, reason }) => [label, state, reason])).toEqual([
      ["Baru", "done", null],
      ["Diterima", "done", null],
      ["Dibatalkan", "cancelled", "Menu yang dipesan sedang habis."],
    ]);
  });
});
