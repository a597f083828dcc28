/**
 * Once per server before photos are used: older upload files (DATA_DIR/uploads) move into the
 * database and this server's cache, and cached photos no row holds are dropped; idempotent
 * (docs/decisions/0035-photos-in-the-database.md).
 */
import { createHash } from "node:crypto";
import { readdir, readFile, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../../database/client.server.ts";
import { photos } from "../../../database/schema.ts";
import { getEnv } from "../../lib/env.server.ts";
import { moveIntoCache, PHOTO_NAME, pruneCache } from "./photo-store.server.ts";

export interface MovedUploads {
  moved: number;
  /** Files left where they were: a full picture whose bytes do not match its name (damaged). */
  left: string[];
}

/** A full picture's name is the SHA-256 of its bytes; a smaller copy's cannot be checked. */
const isIntact = (file: string, bytes: Buffer) => {
  const full = /^([a-f0-9]{64})\.webp$/.exec(path.basename(file));
  return !full || createHash("sha256").update(bytes).digest("hex") === full[1];
};

/** Moves DATA_DIR/uploads' photos into the database, one file at a time; removes emptied folders. */
export async function moveUploadsIntoDatabase(db: Database, dataDir: string): Promise<MovedUploads> {
  const uploads = path.join(dataDir, "uploads");
  const result: MovedUploads = { moved: 0, left: [] };
  const kinds = await readdir(uploads, { withFileTypes: true }).catch(() => []);
  for (const kind of kinds.filter((entry) => entry.isDirectory())) {
    const folder = path.join(uploads, kind.name);
    for (const file of await readdir(folder)) {
      const name = `${kind.name}/${file}`;
      const source = path.join(folder, file);
      // An upload that died half-written.
      if (file.endsWith(".tmp")) await rm(source, { force: true });
      if (!PHOTO_NAME.test(name)) continue;
      const bytes = await readFile(source);
      if (!isIntact(source, bytes)) {
        result.left.push(source);
        continue;
      }
      await db.insert(photos).values({ name, bytes }).onConflictDoNothing();
      await moveIntoCache(name, source);
      result.moved++;
    }
    await rmdir(folder).catch(() => undefined); // only when emptied
  }
  await rmdir(uploads).catch(() => undefined);
  return result;
}

let prepared: Promise<void> | undefined;

/** Runs once per process; every photo read or write waits for it. Failing, it says so and lets them go on. */
export function preparePhotos(db: Database): Promise<void> {
  prepared ??= (async () => {
    const dataDir = path.resolve(getEnv().DATA_DIR);
    const { moved, left } = await moveUploadsIntoDatabase(db, dataDir);
    if (moved > 0) console.log(`${moved} foto dari ${path.join(dataDir, "uploads")} dipindah ke database.`);
    for (const file of left)
      console.error(`Foto ${file} rusak (isinya tidak cocok dengan namanya): dibiarkan.`);
    await pruneCache(db);
  })().catch((error: unknown) => {
    console.error("Menyiapkan foto gagal:", error instanceof Error ? error.message : error);
  });
  return prepared;
}
