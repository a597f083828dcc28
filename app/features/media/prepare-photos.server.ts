// Once per server: old DATA_DIR/uploads files move into the database, stray cached photos go; idempotent (0035).
import { createHash } from "node:crypto";
import { readdir, readFile, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../../database/client.server.ts";
import { photos } from "../../../database/schema.ts";
import { getEnv } from "../../lib/env.server.ts";
import { moveIntoCache, PHOTO_NAME, pruneCache } from "./photo-store.server.ts";

export interface MovedUploads {
  moved: number;
  left: string[];
}

const isIntact = (file: string, bytes: Buffer) => {
  const full = /^([a-f0-9]{64})\.webp$/.exec(path.basename(file));
  return !full || createHash("sha256").update(bytes).digest("hex") === full[1];
};

export async function moveUploadsIntoDatabase(db: Database, dataDir: string): Promise<MovedUploads> {
  const uploads = path.join(dataDir, "uploads");
  const result: MovedUploads = { moved: 0, left: [] };
  const kinds = await readdir(uploads, { withFileTypes: true }).catch(() => []);
  for (const kind of kinds.filter((entry) => entry.isDirectory())) {
    const folder = path.join(uploads, kind.name);
    for (const file of await readdir(folder)) {
      const name = `${kind.name}/${file}`;
      const source = path.join(folder, file);
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

// Every photo read or write waits for it; a failure is logged and they go on.
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
