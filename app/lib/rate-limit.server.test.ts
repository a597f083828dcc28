import { describe, expect, it } from "vitest";
import { formatWait, tooManyAttemptsMessage } from "./rate-limit.server.ts";

describe("the 429 message says when to try again", () => {
  const now = new Date("2026-01-05T10:00:00Z");
  const after = (ms: number) => new Date(now.getTime() + ms);

  it("in whole minutes, rounded up, at least one", () => {
    expect(tooManyAttemptsMessage(after(5 * 60_000), now)).toBe(
      "Terlalu banyak percobaan. Coba lagi dalam 5 menit.",
    );
    expect(formatWait(after(4 * 60_000 + 1), now)).toBe("5 menit");
    expect(formatWait(after(10_000), now)).toBe("1 menit");
    expect(formatWait(after(-5_000), now)).toBe("1 menit");
  });

  it("in hours and minutes past an hour", () => {
    expect(formatWait(after(60 * 60_000), now)).toBe("1 jam");
    expect(formatWait(after(65 * 60_000), now)).toBe("1 jam 5 menit");
  });
});
