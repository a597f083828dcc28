/**
 * sharp, loaded on first use: libvips costs memory (about 6 MB of library pages and its caches) the
 * server does not need until an admin uploads a photo or a customer saves a QR code.
 */
export async function loadSharp() {
  const { default: sharp } = await import("sharp");
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
}
