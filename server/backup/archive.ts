/**
 * The backup file: a tar.gz whose first entry is `nyala-backup.json` (the manifest), then
 * `pglite/…` and `uploads/…`, written under a temporary name with mode 0600 (it holds password
 * hashes) (docs/decisions/0014-one-box.md). Read by unpack.ts.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { AppliedMigration } from "../../database/client.server.ts";

export const MANIFEST_NAME = "nyala-backup.json";
export const FORMAT = "nyala-backup";
export const BLOCK = 512;

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  migrations: AppliedMigration[];
  /** Files (not folders) after the manifest. */
  files: number;
}

export class BackupRefusedError extends Error {
  override name = "BackupRefusedError";
}

export const NOT_A_BACKUP = "Berkas ini bukan cadangan Nyala, atau sudah rusak";

// --- writing -------------------------------------------------------------------------------

const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, "0") + "\0";

/** A ustar header block (`type` "0" a file, "5" a folder; tests write other types). */
export function tarHeader(name: string, size: number, type: string, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = "";
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", name.length - 1 - (type === "5" ? 1 : 0));
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155) {
      throw new Error(`path too long for the backup: ${name}`);
    }
  }
  block.write(base, 0, 100);
  block.write(octal(type === "5" ? 0o700 : 0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime / 1000), 12), 136);
  block.write("        ", 148);
  block.write(type, 156);
  block.write("ustar\0", 257);
  block.write("00", 263);
  block.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148);
  return block;
}

export const tarPadding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function* entries(root: string, relative: string): AsyncGenerator<Buffer> {
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    const name = `${relative}/${entry.name}`;
    const info = await stat(path.join(root, name));
    if (entry.isDirectory()) {
      yield tarHeader(`${name}/`, 0, "5", info.mtimeMs);
      yield* entries(root, name);
    } else if (entry.isFile()) {
      yield tarHeader(name, info.size, "0", info.mtimeMs);
      for await (const chunk of createReadStream(path.join(root, name))) yield chunk as Buffer;
      yield tarPadding(info.size);
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

/** Packs `stagingDir`'s pglite/ and uploads/ into `target`; returns the manifest written. */
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
  async function* tar(): AsyncGenerator<Buffer> {
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    yield tarHeader(MANIFEST_NAME, json.length, "0", Date.now());
    yield json;
    yield tarPadding(json.length);
    for (const top of ["pglite", "uploads"]) {
      const info = await stat(path.join(stagingDir, top));
      yield tarHeader(`${top}/`, 0, "5", info.mtimeMs);
      yield* entries(stagingDir, top);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  const partial = `${target}.part`;
  try {
    await pipeline(Readable.from(tar()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
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
