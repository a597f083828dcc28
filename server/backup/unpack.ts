// Reads a backup through tar-stream in two passes (0014, 0051, 0052): the first writes nothing and refuses
// anything unsound or past its limits; only then the second writes, checking it all again.
import { createReadStream } from "node:fs";
import { mkdir, open, rm, stat, statfs } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar, { type Header } from "tar-stream";
import { LOW_DISK_BYTES } from "../health.ts";
import { BackupRefusedError, FORMAT, MANIFEST_NAME, NOT_A_BACKUP, type Manifest } from "./archive.ts";

export const EXPANSION_LIMIT = 100;
export const MAX_ENTRIES = 50_000;
export const MAX_READ_MS = 10 * 60_000;
export const ENTRY_COST = 4096;
const MAX_NAME_BYTES = 255;
const MAX_MANIFEST_BYTES = 1024 * 1024;
const TAR_BLOCK = 512;

export interface UnpackBudget {
  bytes: number;
  by: "disk" | "file";
  entries?: number;
  ms?: number;
}

export async function unpackBudget(file: string, targetParent: string): Promise<UnpackBudget> {
  const [{ size }, disk] = await Promise.all([stat(file), statfs(targetParent)]);
  const byFile = size * EXPANSION_LIMIT;
  const byDisk = Math.max(0, disk.bavail * disk.bsize - LOW_DISK_BYTES);
  return byDisk < byFile ? { bytes: byDisk, by: "disk" } : { bytes: byFile, by: "file" };
}

const amount = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.floor(bytes / 1024)} KB` : `${Math.floor(bytes / 1024 / 1024)} MB`;
const FORGED = "Berkas ini bukan cadangan Nyala, atau sudah diubah.";
const refused = (detail: string) => new BackupRefusedError(`${NOT_A_BACKUP} (${detail}).`);
const shown = (name: string) => JSON.stringify(name.slice(0, 80));

function overBudget(budget: UnpackBudget): BackupRefusedError {
  return new BackupRefusedError(
    budget.by === "disk"
      ? `Ruang disk tidak cukup untuk memulihkan cadangan ini: isinya lebih dari ${amount(budget.bytes)} yang masih ` +
          `bisa dipakai. Kosongkan ruang disk dulu, lalu pulihkan lagi.`
      : `Isi berkas ini lebih dari ${EXPANSION_LIMIT} kali ukurannya (${amount(budget.bytes)}): cadangan Nyala ` +
          `tidak sebesar itu. ${FORGED}`,
  );
}

function asRefusal(error: unknown): Error {
  if (error instanceof BackupRefusedError) return error;
  if (!(error instanceof Error)) return new Error(String(error));
  const { code = "", message } = error as NodeJS.ErrnoException;
  if (code === "Z_BUF_ERROR") return refused("terpotong");
  if (code.startsWith("Z_")) return refused("bukan berkas .tar.gz");
  if (code) return error; // the disk's, not the archive's
  if (/unexpected end/i.test(message)) return refused("terpotong");
  if (/header/i.test(message)) return refused("header rusak");
  return error;
}

// Plain names, no `..`, no absolute paths.
const SAFE_ENTRY = /^(pglite|uploads)(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*\/?$/;

interface Sink {
  write(chunk: Buffer): Promise<unknown>;
  close(): Promise<void>;
}

interface Visitor {
  manifest(manifest: Manifest): Promise<void>;
  folder(name: string): Promise<void>;
  file(name: string): Promise<Sink>;
}

type Entry = AsyncIterable<Buffer> & { header: Header; offset: number };

function sizeOf(entry: Entry, budget: UnpackBudget): number {
  const { size, pax } = entry.header as Header & { pax?: Record<string, string> | null };
  const paxSize = pax?.size;
  // tar-stream reads a negative base-256 size one too high: -1 comes out as -0.
  const valid =
    Number.isSafeInteger(size) &&
    size >= 0 &&
    !Object.is(size, -0) &&
    (paxSize === undefined || /^\d{1,16}$/.test(paxSize));
  if (!valid) throw refused(`ukuran isi tidak sah: ${shown(entry.header.name)}`);
  if (size > budget.bytes) throw overBudget(budget);
  return size;
}

async function readManifest(entry: Entry, size: number): Promise<Manifest> {
  if (entry.header.name !== MANIFEST_NAME || entry.header.type !== "file" || size > MAX_MANIFEST_BYTES) {
    throw refused(`tidak ada ${MANIFEST_NAME} di awal`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk);
  return parseManifest(Buffer.concat(chunks));
}

// Every byte and entry is counted as read; the deadline is checked at each chunk out of gunzip.
async function walk(file: string, budget: UnpackBudget, deadline: number, visit: Visitor) {
  const maxEntries = budget.entries ?? MAX_ENTRIES;
  const tooSlow = () =>
    new BackupRefusedError(
      `Cadangan ini butuh lebih dari ${Math.round((budget.ms ?? MAX_READ_MS) / 1000)} detik untuk dibaca: ` +
        `cadangan Nyala dibaca dalam hitungan detik. ${FORGED}`,
    );
  let unzipped = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      unzipped += chunk.length;
      if (unzipped > budget.bytes) done(overBudget(budget));
      else if (performance.now() > deadline) done(tooSlow());
      else done(null, chunk);
    },
  });
  const extract = tar.extract();
  const piping = pipeline(createReadStream(file), createGunzip({ chunkSize: 256 * 1024 }), counted, extract);
  piping.catch(() => undefined); // its failure reaches the loop below through `extract`
  let manifest: Manifest | null = null;
  let entries = 0;
  let files = 0;
  let used = 0;
  let dataEnd = 0;
  const folders = new Set<string>();
  const seen = new Set<string>();
  try {
    for await (const entry of extract as AsyncIterable<Entry>) {
      const { name, type } = entry.header;
      const size = sizeOf(entry, budget);
      dataEnd = entry.offset + TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
      if (!manifest) {
        manifest = await readManifest(entry, size);
        await visit.manifest(manifest);
        continue;
      }
      if ((entries += 1) > maxEntries) {
        throw new BackupRefusedError(
          `Berkas ini berisi lebih dari ${maxEntries.toLocaleString("id-ID")} berkas dan folder: cadangan Nyala ` +
            `tidak sebanyak itu. ${FORGED}`,
        );
      }
      if (!SAFE_ENTRY.test(name) || Buffer.byteLength(name) > MAX_NAME_BYTES) {
        throw refused(`isi tidak dikenal: ${shown(name)}`);
      }
      if (type !== "directory" && type !== "file") throw refused(`jenis isi tidak diizinkan: ${shown(name)}`);
      // Each folder before what it holds and each name once, so the second pass creates what was counted.
      const plain = name.replace(/\/$/, "");
      const parent = path.posix.dirname(plain);
      if (seen.has(plain) || (parent !== "." && !folders.has(parent))) {
        throw refused(`urutan isi tidak sah: ${shown(name)}`);
      }
      seen.add(plain);
      if ((used += ENTRY_COST) > budget.bytes) throw overBudget(budget);
      if (type === "directory") {
        folders.add(plain);
        // tar-stream reads no body for a folder: bytes behind one would be taken for entries.
        if (size !== 0) throw refused(`folder dengan isi: ${shown(name)}`);
        await visit.folder(name);
      } else {
        const sink = await visit.file(name);
        try {
          for await (const chunk of entry) {
            if ((used += chunk.length) > budget.bytes) throw overBudget(budget);
            await sink.write(chunk);
          }
        } finally {
          await sink.close();
        }
        files += 1;
      }
    }
    await piping;
  } catch (error) {
    throw asRefusal(error);
  } finally {
    extract.destroy();
  }
  if (!manifest) throw refused("kosong");
  // The end of an archive is two blocks of zeros; tar-stream reads past them without a word.
  if (unzipped - dataEnd < 2 * TAR_BLOCK) throw refused("terpotong");
  if (files !== manifest.files) throw refused(`${files} berkas, semestinya ${manifest.files}`);
  return manifest;
}

const discard: Sink = { write: async () => undefined, close: async () => undefined };

// `targetDir` must not exist yet; refused or failed, nothing is left in it.
export async function readArchive(
  file: string,
  targetDir: string,
  accept: (manifest: Manifest) => void,
  budget?: UnpackBudget,
): Promise<Manifest> {
  const limit = budget ?? (await unpackBudget(file, path.dirname(targetDir)));
  const deadline = performance.now() + (limit.ms ?? MAX_READ_MS);
  await walk(file, limit, deadline, {
    manifest: async (manifest) => accept(manifest),
    folder: async () => undefined,
    file: async () => discard,
  });
  let created = false;
  try {
    return await walk(file, limit, deadline, {
      async manifest() {
        await mkdir(targetDir, { recursive: false, mode: 0o700 });
        created = true;
      },
      folder: (name) => mkdir(path.join(targetDir, name), { mode: 0o700 }).then(() => undefined),
      async file(name) {
        const handle = await open(path.join(targetDir, name), "wx", 0o600);
        return { write: (chunk) => handle.write(chunk), close: () => handle.close() };
      },
    });
  } catch (error) {
    if (created) await rm(targetDir, { recursive: true, force: true });
    throw error;
  }
}

function parseManifest(bytes: Buffer): Manifest {
  let parsed: Partial<Manifest>;
  try {
    parsed = JSON.parse(bytes.toString("utf8")) as Partial<Manifest>;
  } catch {
    throw refused(`${MANIFEST_NAME} tidak terbaca`);
  }
  const valid =
    parsed.format === FORMAT &&
    parsed.version === 1 &&
    typeof parsed.createdAt === "string" &&
    Number.isSafeInteger(parsed.files) &&
    Array.isArray(parsed.migrations) &&
    parsed.migrations.every((item) => typeof item?.hash === "string" && typeof item.createdAt === "number");
  if (!valid) throw refused(`${MANIFEST_NAME} tidak dikenal`);
  return parsed as Manifest;
}
