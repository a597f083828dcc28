// sharp, loaded on first use: libvips costs memory the server needs only for an upload or a saved QR code.
import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp() {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

// Checked from the header first: a long thin strip, tiny as a PNG, is huge once decoded.
export const PICTURE_MAX_SIDE = 16_000;

export const pictureFits = (width: number, height: number, maxPixels: number) =>
  width >= 1 &&
  height >= 1 &&
  width <= PICTURE_MAX_SIDE &&
  height <= PICTURE_MAX_SIDE &&
  width * height <= maxPixels;
