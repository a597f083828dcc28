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
