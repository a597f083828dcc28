import { expect, test } from "vitest";
import { stepActionLabel } from "./board-words.ts";

test("the board's big button names the next step as the kitchen says it", () => {
  expect(stepActionLabel("siap", "antar")).toBe("Antar sekarang");
  expect(stepActionLabel("diterima")).toBe("Terima");
});
