// Uploaded photos: JPEG, PNG or WebP only, re-encoded to WebP without metadata, stored by content hash (0035).
import { createHash } from "node:crypto";
import type { Database } from "../../../database/client.server.ts";
import { BODY_TOO_LARGE_MESSAGES, PHOTO_MAX_BYTES, UPLOAD_BODY_LIMIT } from "../../lib/body-limit.ts";
import { readFormWithin } from "../../lib/form.server.ts";
import { loadSharp, pictureFits } from "../../lib/sharp.server.ts";
import { MENU_IMAGE, PROMO_IMAGE, SLIDE_IMAGE, SMALLER_WIDTHS } from "./images.ts";
import { cachedPhotoPath, deletePhotos, openPhoto, putPhoto, type PhotoFile } from "./photo-store.server.ts";
import { preparePhotos } from "./prepare-photos.server.ts";

export const MAX_IMAGE_BYTES = PHOTO_MAX_BYTES;
const MAX_PIXELS = 50_000_000;
// Long side over short side: a thin strip would be enlarged to millions of pixels to cover its slot.
const MAX_ASPECT = 10;

export const IMAGE_KINDS = {
  menu: MENU_IMAGE,
  promo: PROMO_IMAGE,
  slide: SLIDE_IMAGE,
} as const;

export type ImageKind = keyof typeof IMAGE_KINDS;

export const IMAGE_MESSAGES = {
  tooLarge: BODY_TOO_LARGE_MESSAGES.upload,
  wrongType: "Foto harus berformat JPEG, PNG, atau WebP.",
  unreadable: "Foto tidak bisa dibaca. Coba simpan ulang fotonya lalu unggah lagi.",
  tooManyPixels: "Foto terlalu besar: paling besar 50 megapiksel dan 16.000 piksel tiap sisi.",
  oddShape: "Foto terlalu panjang atau terlalu tipis: sisi panjangnya paling banyak 10 kali sisi pendeknya.",
} as const;

export const isImageKind = (value: string): value is ImageKind => Object.hasOwn(IMAGE_KINDS, value);
export const isStoredImageName = (value: string) => /^[a-f0-9]{64}\.webp$/.test(value);

export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

export type SavedImage = { ok: true; path: string } | { ok: false; message: string };

async function shrink(full: Buffer | string, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(full).resize({ width }).webp({ quality: 80, effort: 4 }).toBuffer();
}

async function headerOf(input: Uint8Array) {
  try {
    return await (await loadSharp())(input).metadata();
  } catch {
    return null;
  }
}

export async function saveImage(db: Database, file: Blob, kind: ImageKind): Promise<SavedImage> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, message: IMAGE_MESSAGES.tooLarge };
  const input = new Uint8Array(await file.arrayBuffer());
  if (input.byteLength > MAX_IMAGE_BYTES) return { ok: false, message: IMAGE_MESSAGES.tooLarge };
  if (!sniffImageType(input)) return { ok: false, message: IMAGE_MESSAGES.wrongType };

  const sharp = await loadSharp();
  const header = await headerOf(input);
  if (!header) return { ok: false, message: IMAGE_MESSAGES.unreadable };
  if (!pictureFits(header.width, header.height, MAX_PIXELS)) {
    return { ok: false, message: IMAGE_MESSAGES.tooManyPixels };
  }
  if (Math.max(header.width, header.height) > MAX_ASPECT * Math.min(header.width, header.height)) {
    return { ok: false, message: IMAGE_MESSAGES.oddShape };
  }
  const { width, height } = IMAGE_KINDS[kind];
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error" })
      .rotate() // follow the camera's orientation tag before it is dropped
      .resize(width, height, { fit: "cover", position: sharp.strategy.attention })
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
  } catch {
    return { ok: false, message: IMAGE_MESSAGES.unreadable };
  }

  const hash = createHash("sha256").update(output).digest("hex");
  await preparePhotos(db);
  for (const smaller of SMALLER_WIDTHS[kind]) {
    await putPhoto(db, `${kind}/${hash}-${smaller}.webp`, await shrink(output, smaller));
  }
  // The full picture last: once it is stored, its copies are too.
  await putPhoto(db, `${kind}/${hash}.webp`, output);
  return { ok: true, path: `/gambar/${kind}/${hash}.webp` };
}

export async function removeStoredImage(db: Database, kind: ImageKind, name: string) {
  if (!isStoredImageName(name)) return;
  const copies = SMALLER_WIDTHS[kind].map((width) => name.replace(/\.webp$/, `-${width}.webp`));
  await preparePhotos(db);
  await deletePhotos(
    db,
    [name, ...copies].map((file) => `${kind}/${file}`),
  );
}

const STORED_NAME = /^([a-f0-9]{64})(?:-(\d{2,4}))?\.webp$/;

export function storedImageRequest(
  kind: string,
  file: string,
): { name: string; width: number | null } | null {
  if (!isImageKind(kind)) return null;
  const match = STORED_NAME.exec(file);
  if (!match) return null;
  const width = match[2] === undefined ? null : Number(match[2]);
  if (width !== null && !(SMALLER_WIDTHS[kind] as readonly number[]).includes(width)) return null;
  return { name: `${kind}/${file}`, width };
}

// A missing copy of a stored picture (uploaded before copies were made) is made now and stored.
export async function openStoredImage(db: Database, kind: string, file: string): Promise<PhotoFile | null> {
  const wanted = storedImageRequest(kind, file);
  if (!wanted) return null;
  await preparePhotos(db);
  const found = await openPhoto(db, wanted.name);
  if (found || wanted.width === null) return found;
  const full = await cachedPhotoPath(db, wanted.name.replace(/-\d+\.webp$/, ".webp"));
  if (!full) return null;
  await putPhoto(db, wanted.name, await shrink(full, wanted.width));
  return openPhoto(db, wanted.name);
}

export const readUploadForm = (request: Request): Promise<FormData> =>
  readFormWithin(request, UPLOAD_BODY_LIMIT, BODY_TOO_LARGE_MESSAGES.upload);
