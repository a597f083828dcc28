// The text of a QR code in an uploaded picture (0033); the caller still validates it.
import { loadSharp, pictureFits } from "../sharp.server.ts";

export const QR_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
// SVG and PDF are refused: librsvg and poppler are no upload parsers.
const PICTURE_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);
const DECODE_SIDES = [1600, 800];

export const QR_PICTURE_MESSAGES = {
  notPicture: "Berkas ini bukan gambar yang bisa dibaca. Unggah foto JPG, PNG, atau WebP.",
  tooLarge:
    "Gambar terlalu besar. Unggah foto paling besar 5 MB, 40 megapiksel, dan 16.000 piksel tiap sisi.",
  noCode:
    "Tidak ada kode QR yang terbaca di gambar ini. Foto ulang QRIS dari dekat, lurus, dan terang, atau tempel isi kodenya.",
} as const;

export type QrPictureResult = { ok: true; text: string } | { ok: false; message: string };

// sharp throws synchronously on some inputs (an empty buffer), hence try/await, not .catch().
async function metadataOf(bytes: Uint8Array) {
  try {
    return await (await loadSharp())(bytes).metadata();
  } catch {
    return null;
  }
}

async function rgbaOf(bytes: Uint8Array, side: number) {
  try {
    const sharp = await loadSharp();
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .autoOrient()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
}

export async function readQrPicture(bytes: Uint8Array): Promise<QrPictureResult> {
  if (bytes.byteLength > QR_PICTURE_MAX_BYTES) return { ok: false, message: QR_PICTURE_MESSAGES.tooLarge };
  const metadata = await metadataOf(bytes);
  if (!metadata || !PICTURE_FORMATS.has(metadata.format)) {
    return { ok: false, message: QR_PICTURE_MESSAGES.notPicture };
  }
  const { width, height } = metadata;
  if (!pictureFits(width, height, MAX_PIXELS)) return { ok: false, message: QR_PICTURE_MESSAGES.tooLarge };

  const { default: decodeQR } = await import("@paulmillr/qr/decode.js");
  const sides = DECODE_SIDES.filter((side, index) => index === 0 || Math.max(width, height) > side);
  for (const side of sides) {
    const image = await rgbaOf(bytes, side);
    if (!image) return { ok: false, message: QR_PICTURE_MESSAGES.notPicture };
    try {
      return {
        ok: true,
        text: decodeQR({ width: image.info.width, height: image.info.height, data: image.data }),
      };
    } catch {
      // Not found or not readable at this size: try the next one.
    }
  }
  return { ok: false, message: QR_PICTURE_MESSAGES.noCode };
}
