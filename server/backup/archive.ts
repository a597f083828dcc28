/**
 * The backup file: a gzip-compressed tar (readable with `tar -tzf`) whose first entry is
 * `nyala-backup.json` (what made it, when, and the database's applied migrations), followed by
 * `pglite/…` (the database directory) and `uploads/…` (the photos). Written under a temporary
 * name, mode 0600 (it holds password hashes), and renamed when complete.
 *
 * Reading refuses anything else before writing a byte: a file that is not gzip, a tar whose
 * first entry is not the manifest, an entry outside pglite/ and uploads/ (`..`, absolute paths,
 * links, devices), a header whose checksum fails, a truncated archive, a count that differs from
 * the manifest's. gzip's CRC catches damaged bytes.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { AppliedMigration } from "../../database/client.server.ts";

export const MANIFEST_NAME = "nyala-backup.json";
const FORMAT = "nyala-backup";
const BLOCK = 512;

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

const NOT_A_BACKUP = "Berkas ini bukan cadangan Nyala, atau sudah rusak";

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

// --- reading -------------------------------------------------------------------------------

/** Pulls exact byte counts out of a stream of chunks. */
function byteReader(chunks: AsyncIterator<Buffer>) {
  const parts: Buffer[] = [];
  let length = 0;
  return async (size: number): Promise<Buffer | null> => {
    while (length < size) {
      const next = await chunks.next();
      if (next.done) return null;
      parts.push(next.value);
      length += next.value.length;
    }
    const all = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
    parts.length = 0;
    const rest = all.subarray(size);
    if (rest.length > 0) parts.push(rest);
    length = rest.length;
    return all.subarray(0, size);
  };
}

const field = (block: Buffer, offset: number, length: number) =>
  block
    .subarray(offset, offset + length)
    .toString("utf8")
    .replace(/\0.*$/s, "");

function parseHeader(block: Buffer) {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 32 : block[index]!;
  if (sum !== parseInt(field(block, 148, 8).trim(), 8))
    throw new BackupRefusedError(`${NOT_A_BACKUP} (header).`);
  const prefix = field(block, 345, 155);
  const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
  const size = parseInt(field(block, 124, 12).trim() || "0", 8);
  return { name, size, type: field(block, 156, 1) || "0" };
}

async function readExactly(read: ReturnType<typeof byteReader>, size: number): Promise<Buffer> {
  const bytes = await read(size);
  if (!bytes) throw new BackupRefusedError(`${NOT_A_BACKUP} (terpotong).`);
  return bytes;
}

/** Writes one entry's bytes to a new file, a megabyte at a time. */
async function extractFile(read: ReturnType<typeof byteReader>, target: string, size: number) {
  const file = await open(target, "wx", 0o600);
  try {
    for (let left = size; left > 0;) {
      const chunk = await readExactly(read, Math.min(left, 1024 * 1024));
      await file.write(chunk);
      left -= chunk.length;
    }
  } finally {
    await file.close();
  }
  await readExactly(read, tarPadding(size).length);
}

const SAFE_ENTRY = /^(pglite|uploads)(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*\/?$/;

/**
 * Unpacks `file` into `targetDir` (which must not exist yet). `accept` sees the manifest before
 * anything is written and throws BackupRefusedError to refuse it.
 */
export async function readArchive(
  file: string,
  targetDir: string,
  accept: (manifest: Manifest) => void,
): Promise<Manifest> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on("error", (error) => gunzip.destroy(error));
  const chunks = source.pipe(gunzip)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const read = byteReader(chunks);
  let manifest: Manifest | null = null;
  let files = 0;
  try {
    for (;;) {
      const block = await read(BLOCK);
      if (!block) throw new BackupRefusedError(`${NOT_A_BACKUP} (terpotong).`);
      if (block.every((byte) => byte === 0)) break;
      const entry = parseHeader(block);
      if (!manifest) {
        if (entry.name !== MANIFEST_NAME || entry.size > 1024 * 1024) {
          throw new BackupRefusedError(`${NOT_A_BACKUP} (tidak ada ${MANIFEST_NAME} di awal).`);
        }
        const body = await readExactly(read, entry.size + tarPadding(entry.size).length);
        manifest = parseManifest(body.subarray(0, entry.size));
        accept(manifest);
        await mkdir(targetDir, { recursive: false, mode: 0o700 });
        continue;
      }
      if (!SAFE_ENTRY.test(entry.name) || entry.name.split("/").includes("..")) {
        throw new BackupRefusedError(`${NOT_A_BACKUP} (isi tidak dikenal: ${entry.name.slice(0, 80)}).`);
      }
      const target = path.join(targetDir, entry.name);
      if (entry.type === "5") {
        await mkdir(target, { recursive: true, mode: 0o700 });
      } else if (entry.type === "0") {
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await extractFile(read, target, entry.size);
        files += 1;
      } else {
        throw new BackupRefusedError(
          `${NOT_A_BACKUP} (jenis isi tidak diizinkan: ${entry.name.slice(0, 80)}).`,
        );
      }
    }
  } catch (error) {
    if (error instanceof BackupRefusedError) throw error;
    throw new BackupRefusedError(`${NOT_A_BACKUP} (${error instanceof Error ? error.message : error}).`);
  } finally {
    source.destroy();
  }
  if (!manifest) throw new BackupRefusedError(`${NOT_A_BACKUP} (kosong).`);
  if (files !== manifest.files) {
    throw new BackupRefusedError(`${NOT_A_BACKUP} (${files} berkas, semestinya ${manifest.files}).`);
  }
  return manifest;
}

function parseManifest(bytes: Buffer): Manifest {
  let parsed: Partial<Manifest>;
  try {
    parsed = JSON.parse(bytes.toString("utf8")) as Partial<Manifest>;
  } catch {
    throw new BackupRefusedError(`${NOT_A_BACKUP} (${MANIFEST_NAME} tidak terbaca).`);
  }
  const valid =
    parsed.format === FORMAT &&
    parsed.version === 1 &&
    typeof parsed.createdAt === "string" &&
    typeof parsed.files === "number" &&
    Array.isArray(parsed.migrations) &&
    parsed.migrations.every((item) => typeof item?.hash === "string" && typeof item.createdAt === "number");
  if (!valid) throw new BackupRefusedError(`${NOT_A_BACKUP} (${MANIFEST_NAME} tidak dikenal).`);
  return parsed as Manifest;
}
