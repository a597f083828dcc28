/**
 * Reads a backup file (archive.ts) into a new folder in two passes: the first writes nothing and
 * refuses anything that is not a sound Nyala backup or would unpack past its budget; only then the
 * second writes (docs/decisions/0014-one-box.md, 0030-connection-budget-and-outages.md).
 */
import { createReadStream } from "node:fs";
import { mkdir, open, stat, statfs } from "node:fs/promises";
import path from "node:path";
import { createGunzip } from "node:zlib";
import { LOW_DISK_BYTES } from "../health.ts";
import {
  BackupRefusedError,
  BLOCK,
  FORMAT,
  MANIFEST_NAME,
  NOT_A_BACKUP,
  tarPadding,
  type Manifest,
} from "./archive.ts";

/** A backup unpacks to about ten times its size; a gzip bomb to a thousand times. */
export const EXPANSION_LIMIT = 100;

export interface UnpackBudget {
  bytes: number;
  /** What set it: the disk's free room (less a reserve) or the file's size. */
  by: "disk" | "file";
}

/** At most EXPANSION_LIMIT times the file, and what the target's disk can take keeping LOW_DISK_BYTES free. */
export async function unpackBudget(file: string, targetParent: string): Promise<UnpackBudget> {
  const [{ size }, disk] = await Promise.all([stat(file), statfs(targetParent)]);
  const byFile = size * EXPANSION_LIMIT;
  const byDisk = Math.max(0, disk.bavail * disk.bsize - LOW_DISK_BYTES);
  return byDisk < byFile ? { bytes: byDisk, by: "disk" } : { bytes: byFile, by: "file" };
}

const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024);

function overBudget(budget: UnpackBudget): BackupRefusedError {
  return new BackupRefusedError(
    budget.by === "disk"
      ? `Ruang disk tidak cukup untuk memulihkan cadangan ini: isinya lebih dari ${mb(budget.bytes)} MB yang masih ` +
          `bisa dipakai. Kosongkan ruang disk dulu, lalu pulihkan lagi.`
      : `Isi berkas ini lebih dari ${EXPANSION_LIMIT} kali ukurannya (${mb(budget.bytes)} MB): cadangan Nyala ` +
          `tidak sebesar itu. Berkas ini bukan cadangan Nyala, atau sudah diubah.`,
  );
}

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

type Reader = ReturnType<typeof byteReader>;

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

async function readExactly(read: Reader, size: number): Promise<Buffer> {
  const bytes = await read(size);
  if (!bytes) throw new BackupRefusedError(`${NOT_A_BACKUP} (terpotong).`);
  return bytes;
}

/** Passes one entry's bytes to `take`, a megabyte at a time, then skips its padding. */
async function eachChunk(read: Reader, size: number, take: (chunk: Buffer) => Promise<unknown>) {
  for (let left = size; left > 0;) {
    const chunk = await readExactly(read, Math.min(left, 1024 * 1024));
    await take(chunk);
    left -= chunk.length;
  }
  await readExactly(read, tarPadding(size).length);
}

const SAFE_ENTRY = /^(pglite|uploads)(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*\/?$/;

interface Visitor {
  manifest(manifest: Manifest): Promise<void>;
  folder(name: string): Promise<void>;
  file(name: string, size: number, read: Reader): Promise<void>;
}

/** Walks `file`'s entries, checking each and the sum of their sizes against `budget`. */
async function walk(file: string, budget: UnpackBudget, visit: Visitor): Promise<Manifest> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on("error", (error) => gunzip.destroy(error));
  const read = byteReader(source.pipe(gunzip)[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  let manifest: Manifest | null = null;
  let files = 0;
  let unpacked = 0;
  try {
    for (;;) {
      const block = await read(BLOCK);
      if (!block) throw new BackupRefusedError(`${NOT_A_BACKUP} (terpotong).`);
      if (block.every((byte) => byte === 0)) break;
      const entry = parseHeader(block);
      unpacked += BLOCK + entry.size;
      if (unpacked > budget.bytes) throw overBudget(budget);
      if (!manifest) {
        if (entry.name !== MANIFEST_NAME || entry.size > 1024 * 1024) {
          throw new BackupRefusedError(`${NOT_A_BACKUP} (tidak ada ${MANIFEST_NAME} di awal).`);
        }
        const body = await readExactly(read, entry.size + tarPadding(entry.size).length);
        manifest = parseManifest(body.subarray(0, entry.size));
        await visit.manifest(manifest);
        continue;
      }
      if (!SAFE_ENTRY.test(entry.name) || entry.name.split("/").includes("..")) {
        throw new BackupRefusedError(`${NOT_A_BACKUP} (isi tidak dikenal: ${entry.name.slice(0, 80)}).`);
      }
      if (entry.type === "5") {
        await visit.folder(entry.name);
      } else if (entry.type === "0") {
        await visit.file(entry.name, entry.size, read);
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

/**
 * Unpacks `file` into `targetDir` (which must not exist yet), within `budget` (by default
 * unpackBudget's for the folder around it). `accept` sees the manifest before anything is written
 * and throws BackupRefusedError to refuse it.
 */
export async function readArchive(
  file: string,
  targetDir: string,
  accept: (manifest: Manifest) => void,
  budget?: UnpackBudget,
): Promise<Manifest> {
  const limit = budget ?? (await unpackBudget(file, path.dirname(targetDir)));
  await walk(file, limit, {
    manifest: async (manifest) => accept(manifest),
    folder: async () => undefined,
    file: (_name, size, read) => eachChunk(read, size, async () => undefined),
  });
  return walk(file, limit, {
    manifest: () => mkdir(targetDir, { recursive: false, mode: 0o700 }).then(() => undefined),
    folder: (name) =>
      mkdir(path.join(targetDir, name), { recursive: true, mode: 0o700 }).then(() => undefined),
    async file(name, size, read) {
      const target = path.join(targetDir, name);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const handle = await open(target, "wx", 0o600);
      try {
        await eachChunk(read, size, (chunk) => handle.write(chunk));
      } finally {
        await handle.close();
      }
    },
  });
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
