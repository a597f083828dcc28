import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { blankPng } from "../../../tests/support/photos.ts";
import { PUBLISHED_PAYLOADS } from "./fixtures/published-payloads.ts";
import { QR_PICTURE_MAX_BYTES, QR_PICTURE_MESSAGES, readQrPicture } from "./qr-read.server.ts";
import { qrPng, qrSvg } from "./qr-render.server.ts";
import { validateStaticQris } from "./qris.ts";

const BAZNAS = PUBLISHED_PAYLOADS["QRIS BAZNAS"];

/** A grey, grainy background (fixed seed, so every run sees the same picture). */
function grain(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let state = 7;
  for (let index = 0; index < pixels.length; index++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    pixels[index] = 90 + (state % 130);
  }
  return pixels;
}

/** A phone photo of a printed code: small in the frame, tilted, soft, darker, JPEG. */
async function photoOf(code: Buffer, width = 1600, height = 1200): Promise<Buffer> {
  const tilted = await sharp(code)
    .resize(420)
    .rotate(8, { background: "#9a9a9a" })
    .blur(1.1)
    .modulate({ brightness: 0.85 })
    .toBuffer();
  return sharp(grain(width, height), { raw: { width, height, channels: 3 } })
    .composite([{ input: tilted, left: Math.round(width * 0.35), top: Math.round(height * 0.3) }])
    .jpeg({ quality: 70 })
    .toBuffer();
}

describe("readQrPicture", () => {
  test("reads the shop's QRIS from a photo of it, and the code validates", async () => {
    const result = await readQrPicture(await photoOf(await qrPng(BAZNAS)));
    expect(result).toEqual({ ok: true, text: BAZNAS });
    expect(validateStaticQris(BAZNAS).ok).toBe(true);
  });

  test("a photo without a QR code", async () => {
    const photo = await sharp(grain(800, 600), { raw: { width: 800, height: 600, channels: 3 } })
      .jpeg()
      .toBuffer();
    expect(await readQrPicture(photo)).toEqual({ ok: false, message: QR_PICTURE_MESSAGES.noCode });
  });

  test("a code too damaged to read", async () => {
    const png = await qrPng(BAZNAS);
    const { width = 0 } = await sharp(png).metadata();
    const stain = {
      create: { width: width / 2, height: width / 2, channels: 3 as const, background: "#777" },
    };
    const damaged = await sharp(png)
      .composite([{ input: stain, left: width / 4, top: width / 4 }])
      .png()
      .toBuffer();
    expect(await readQrPicture(damaged)).toEqual({ ok: false, message: QR_PICTURE_MESSAGES.noCode });
  });

  test.each([
    ["text", Buffer.from(BAZNAS)],
    ["nothing", Buffer.alloc(0)],
    ["an SVG, even of a valid code", Buffer.from(qrSvg(BAZNAS))],
  ])("refuses %s as a picture", async (_, bytes) => {
    expect(await readQrPicture(bytes)).toEqual({ ok: false, message: QR_PICTURE_MESSAGES.notPicture });
  });

  test("refuses a file over the size limit before reading it", async () => {
    const big = Buffer.alloc(QR_PICTURE_MAX_BYTES + 1);
    expect(await readQrPicture(big)).toEqual({ ok: false, message: QR_PICTURE_MESSAGES.tooLarge });
  });

  test("refuses a small file that would unpack into too many pixels", async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(QR_PICTURE_MAX_BYTES);
    expect(await readQrPicture(bomb)).toEqual({ ok: false, message: QR_PICTURE_MESSAGES.tooLarge });
  });

  test.each([
    ["40,000,000 × 1", 40_000_000, 1],
    ["1 × 40,000,000", 1, 40_000_000],
    ["20,000 × 100, few pixels but too long a side", 20_000, 100],
  ])("refuses a %s strip from its header, quickly and without decoding it", async (_, width, height) => {
    const strip = blankPng(width, height);
    expect(strip.byteLength).toBeLessThan(100 * 1024);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    const started = performance.now();
    const result = await readQrPicture(strip);
    const ms = performance.now() - started;
    clearInterval(sampler);
    expect(result).toEqual({ ok: false, message: QR_PICTURE_MESSAGES.tooLarge });
    expect(ms).toBeLessThan(300);
    expect(peak - before, "memory while refusing it").toBeLessThan(32 * 1024 * 1024);
  });
});
