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
