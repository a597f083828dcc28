import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { PUBLISHED_PAYLOADS } from "./fixtures/published-payloads.ts";
import { dynamicQris, validateStaticQris } from "./qris.ts";
import { readQrPicture } from "./qr-read.server.ts";
import { qrPng, qrSvg } from "./qr-render.server.ts";

// Drawn by the encoder, read back by the decoder from the pixels a browser would show.
const shop = validateStaticQris(PUBLISHED_PAYLOADS["QRIS BAZNAS"]);
const payload = shop.ok ? dynamicQris(shop.value, 67_500) : shop;
if (!payload.ok) throw new Error(payload.message);
const PAYLOAD = payload.value;

const side = (svg: string) => Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);

describe("qrSvg", () => {
  test("rasterised by sharp, it reads back as the same payload", async () => {
    const png = await sharp(Buffer.from(qrSvg(PAYLOAD)), { density: 400 })
      .png()
      .toBuffer();
    expect(await readQrPicture(png)).toEqual({ ok: true, text: PAYLOAD });
  });

  test("keeps a light quiet zone of four modules on every side", async () => {
    const svg = qrSvg(PAYLOAD);
    const modules = side(svg);
    const { data, info } = await sharp(Buffer.from(svg))
      .resize(modules * 8, modules * 8, { kernel: "nearest" })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const dark = (x: number, y: number) => data[y * info.width + x]! < 128;
    const band = 4 * 8;
    const darkInQuietZone: string[] = [];
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const inQuietZone = x < band || y < band || x >= info.width - band || y >= info.height - band;
        if (inQuietZone && dark(x, y)) darkInQuietZone.push(`(${x}, ${y})`);
      }
    }
    expect(darkInQuietZone).toEqual([]);
    expect(dark(band + 2, band + 2)).toBe(true); // the top-left finder pattern's corner
  });

  test("is one path, a few kilobytes, that scales with its box", () => {
    const svg = qrSvg(PAYLOAD);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).not.toMatch(/width="\d+px"/);
    expect(svg.length).toBeLessThan(16_000);
  });
});

describe("qrPng", () => {
  test("a PNG of eight pixels per module (quiet zone included) that reads back", async () => {
    const png = await qrPng(PAYLOAD);
    const metadata = await sharp(png).metadata();
    expect(metadata.format).toBe("png");
    expect(metadata.width).toBe(side(qrSvg(PAYLOAD)) * 8);
    expect(metadata.height).toBe(metadata.width);
    expect(await readQrPicture(png)).toEqual({ ok: true, text: PAYLOAD });
  });
});
