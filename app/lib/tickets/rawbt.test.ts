import { describe, expect, test } from "vitest";
import { rawbtIntentUrl } from "./rawbt.ts";

const PREFIX = "intent:base64,";
const TAIL = "#Intent;scheme=rawbt;package=ru.a402d.rawbtprinter;end;";

const bytesOf = (url: string) =>
  new Uint8Array(Buffer.from(url.slice(PREFIX.length, -TAIL.length), "base64"));

describe("rawbtIntentUrl", () => {
  test("RawBT's base64 scheme, pinned to its package", () => {
    const url = rawbtIntentUrl(new Uint8Array([0x1b, 0x40, 0x48, 0x69, 0x0a]));
    expect(url).toBe(`${PREFIX}G0BIaQo=${TAIL}`);
  });

  test("carries every byte value unchanged", () => {
    const bytes = new Uint8Array(256).map((_, index) => index);
    expect(bytesOf(rawbtIntentUrl(bytes))).toEqual(bytes);
  });

  test("carries a long ticket in one URL", () => {
    const bytes = new Uint8Array(200_000).map((_, index) => (index * 31) % 256);
    expect(bytesOf(rawbtIntentUrl(bytes))).toEqual(bytes);
  });
});
