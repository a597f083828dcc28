/**
 * sharp, loaded on first use: libvips costs memory (about 6 MB of library pages and its caches) the
 * server does not need until an admin uploads a photo or a customer saves a QR code.
 */
import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

/** sharp, set up once: no cache of its own, one thread (the server has two cores to share). */
export function loadSharp() {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

/**
 * The longest side of any picture the server decodes, checked from its header first: a phone's
 * panorama is shorter; a 40,000,000 × 1 strip, a few kilobytes of PNG, held 350 MB while decoded.
 */
export const PICTURE_MAX_SIDE = 16_000;

/** Whether a picture of this size may be decoded: each side within PICTURE_MAX_SIDE, `maxPixels` in all. */
export const pictureFits = (width: number, height: number, maxPixels: number) =>
  width >= 1 &&
  height >= 1 &&
  width <= PICTURE_MAX_SIDE &&
  height <= PICTURE_MAX_SIDE &&
  width * height <= maxPixels;
