// A tar.gz, manifest first, written under a temporary name, mode 0600: it holds password hashes (0051).
import { createReadStream, createWriteStream } from "node:fs";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar, { type Pack } from "tar-stream";
import type { AppliedMigration } from "../../database/client.server.ts";

export const MANIFEST_NAME = "nyala-backup.json";
export const FORMAT = "nyala-backup";

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  migrations: AppliedMigration[];
  files: number;
}

export class BackupRefusedError extends Error {
  override name = "BackupRefusedError";
}

export const NOT_A_BACKUP = "Berkas ini bukan cadangan Nyala, atau sudah rusak";

type Header = Parameters<Pack["entry"]>[0];

function add(pack: Pack, header: Header, body?: Buffer | { file: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (Buffer.isBuffer(body)) {
      pack.entry(header, body, done);
    } else if (body) {
      pipeline(createReadStream(body.file), pack.entry(header, done)).catch(reject);
    } else {
      pack.entry(header, done);
    }
  });
}

async function addTree(pack: Pack, root: string, relative: string): Promise<void> {
  const info = await stat(path.join(root, relative));
  await add(pack, { name: `${relative}/`, type: "directory", mode: 0o700, mtime: info.mtime });
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    const name = `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      await addTree(pack, root, name);
    } else if (entry.isFile()) {
      const file = path.join(root, name);
      const { size, mtime } = await stat(file);
      await add(pack, { name, type: "file", size, mode: 0o600, mtime }, { file });
    }
  }
}

async function countFiles(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) count += 1;
  }
  return count;
}

export async function writeArchive(
  stagingDir: string,
  details: Pick<Manifest, "createdAt" | "migrations">,
  target: string,
): Promise<Manifest> {
  const manifest: Manifest = {
    format: FORMAT,
    version: 1,
    ...details,
    files:
      (await countFiles(path.join(stagingDir, "pglite"))) +
      (await countFiles(path.join(stagingDir, "uploads"))),
  };
  const pack = tar.pack();
  const filling = (async () => {
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await add(pack, { name: MANIFEST_NAME, type: "file", mode: 0o600 }, json);
    for (const top of ["pglite", "uploads"]) await addTree(pack, stagingDir, top);
    pack.finalize();
  })().catch((error: unknown) => {
    pack.destroy(error as Error);
    throw error;
  });
  const partial = `${target}.part`;
  try {
    const [written, filled] = await Promise.allSettled([
      pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 })),
      filling,
    ]);
    if (filled.status === "rejected") throw filled.reason;
    if (written.status === "rejected") throw written.reason;
    const file = await open(partial, "r");
    await file.sync();
    await file.close();
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return manifest;
}
