import { crc32, deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { Database } from "../../database/client.server.ts";
import { photos } from "../../database/schema.ts";

/** The names of every stored photo and copy (`menu/<sha256>.webp`, `menu/<sha256>-360.webp`), sorted. */
export const storedPhotos = async (db: Database) =>
  (await db.select({ name: photos.name }).from(photos)).map((row) => row.name).sort();

/** The stored bytes of a photo by its public path (`/gambar/menu/<sha256>.webp`). */
export async function storedPhotoBytes(db: Database, publicPath: string): Promise<Buffer> {
  const name = publicPath.replace(/^\/gambar\//, "");
  const [row] = await db.select({ bytes: photos.bytes }).from(photos).where(eq(photos.name, name));
  if (!row) throw new Error(`no photo ${name}`);
  return Buffer.from(row.bytes);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const framed = Buffer.alloc(body.length + 8);
  framed.writeUInt32BE(data.length, 0);
  body.copy(framed, 4);
  framed.writeUInt32BE(crc32(body), body.length + 4);
  return framed;
}

/**
 * A grey PNG of `width` × `height` written by hand: its rows of zeros deflate to almost nothing, so
 * a 40,000,000 × 1 picture is a 39 KB file (a picture bomb no encoder is asked to make).
 */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample; colour type 0 (grey), no interlace
  const rows = Buffer.alloc((width + 1) * height); // each row: filter byte 0, then its samples
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
