// Stored photos: `photos` rows on every server, cached per server under DATA_DIR/photo-cache/ in slices (0035).
import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { photos } from "../../../database/schema.ts";
import { getEnv } from "../../lib/env.server.ts";

export const SLICE_BYTES = 64 * 1024;

export const photoCacheDir = () => path.resolve(getEnv().DATA_DIR, "photo-cache");
export const PHOTO_NAME = /^[a-z]+\/[a-f0-9]{64}(?:-\d+)?\.webp$/;

function cachePath(name: string) {
  if (!PHOTO_NAME.test(name)) throw new Error(`not a photo name: ${name}`);
  return path.join(photoCacheDir(), name);
}
const isFile = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const temporaryPath = (target: string) => `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;

export interface PhotoFile {
  size: number;
  body: ReadableStream<Uint8Array>;
}

export async function pruneCache(db: Database) {
  const stored = new Set((await db.select({ name: photos.name }).from(photos)).map((row) => row.name));
  const root = photoCacheDir();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !stored.has(path.relative(root, file).split(path.sep).join("/"))) {
      await rm(file, { force: true });
    }
  }
}

export async function moveIntoCache(name: string, file: string) {
  const target = cachePath(name);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await rename(file, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    const temporary = temporaryPath(target);
    await copyFile(file, temporary);
    await rename(temporary, target);
    await rm(file);
  }
}

export async function putPhoto(db: Database, name: string, bytes: Uint8Array) {
  await db.insert(photos).values({ name, bytes }).onConflictDoNothing();
  const target = cachePath(name);
  // A copy being sent must not be replaced: its reader would fail.
  if (await isFile(target)) return;
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = temporaryPath(target);
  await writeFile(temporary, bytes);
  await rename(temporary, target);
}

export async function deletePhotos(db: Database, names: string[]) {
  await db.delete(photos).where(inArray(photos.name, names));
  await Promise.all(names.map((name) => rm(cachePath(name), { force: true })));
}

async function fillCache(db: Database, name: string): Promise<boolean> {
  const [row] = await db
    .select({ size: sql<number>`octet_length(${photos.bytes})` })
    .from(photos)
    .where(eq(photos.name, name));
  if (!row) return false;
  const target = cachePath(name);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = temporaryPath(target);
  const file = await open(temporary, "wx");
  let whole = false;
  try {
    for (let offset = 0; offset < row.size; offset += SLICE_BYTES) {
      const [slice] = await db
        .select({ bytes: sql<Uint8Array>`substring(${photos.bytes} from ${offset + 1} for ${SLICE_BYTES})` })
        .from(photos)
        .where(eq(photos.name, name));
      if (!slice) return false;
      await file.write(slice.bytes);
    }
    whole = true;
  } finally {
    await file.close();
    await (whole ? rename(temporary, target) : rm(temporary, { force: true }));
  }
  return true;
}

// One copy per photo at a time, however many requests ask for it at once.
const filling = new Map<string, Promise<boolean>>();
function fillOnce(db: Database, name: string): Promise<boolean> {
  let pending = filling.get(name);
  if (!pending) {
    pending = fillCache(db, name).finally(() => filling.delete(name));
    filling.set(name, pending);
  }
  return pending;
}

export async function cachedPhotoPath(db: Database, name: string): Promise<string | null> {
  const file = cachePath(name);
  return (await isFile(file)) || (await fillOnce(db, name)) ? file : null;
}

async function openCached(name: string): Promise<PhotoFile | null> {
  const file = cachePath(name);
  if (!(await isFile(file))) return null;
  // Read from disk as the answer is sent, and only then: an answer dropped holds no file open.
  const blob = await openAsBlob(file);
  return { size: blob.size, body: blob.stream() };
}

export async function openPhoto(db: Database, name: string): Promise<PhotoFile | null> {
  return (await openCached(name)) ?? ((await fillOnce(db, name)) ? openCached(name) : null);
}
