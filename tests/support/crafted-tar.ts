/**
 * Tar archives that a backup must never be, for the tests: each entry packed by tar-stream, then,
 * where a test asks, a field of its header overwritten and the checksum made right again — the
 * malformed headers no library writes on purpose (docs/decisions/0052-archives-within-budget.md).
 */
import { gzipSync } from "node:zlib";
import tar, { type Pack } from "tar-stream";

type PackHeader = Parameters<Pack["entry"]>[0];

export type EntryType =
  "file" | "directory" | "symlink" | "link" | "character-device" | "fifo" | "contiguous-file";

/** Header fields by offset and width (POSIX ustar). */
export const FIELD = { name: [0, 100], size: [124, 12], type: [156, 1] } as const;

export interface CraftedEntry {
  name: string;
  body?: string | Buffer;
  type?: EntryType;
  /** Raw bytes for a header field, written over what tar-stream wrote. */
  patch?: { field: keyof typeof FIELD; bytes: Buffer | string };
  /** Pax records (`size`, `path`…) for the entry, written by tar-stream as a header of their own. */
  pax?: Record<string, string>;
}

export const END_OF_ARCHIVE = Buffer.alloc(1024);

/** A 12-byte base-256 number field (GNU): 0x80 then the value, or 0xff then its two's complement. */
export function base256(value: bigint): Buffer {
  const field = Buffer.alloc(12);
  let rest = value < 0n ? (1n << 88n) + value : value;
  for (let index = 11; index >= 1; index--) {
    field[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  field[0] = value < 0n ? 0xff : 0x80;
  return field;
}

/** tar-stream's bytes for `entries`, without the end-of-archive blocks. */
async function packed(headers: { header: PackHeader; body?: Buffer }[]): Promise<Buffer> {
  const pack = tar.pack();
  const collected = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  })();
  for (const { header, body } of headers) {
    await new Promise<void>((resolve, reject) =>
      body
        ? pack.entry(header, body, (error) => (error ? reject(error) : resolve()))
        : pack.entry(header, (error) => (error ? reject(error) : resolve())),
    );
  }
  pack.finalize();
  const all = await collected;
  return all.subarray(0, all.length - END_OF_ARCHIVE.length);
}

/** Overwrites one field of the header block at the start of `entry` and sets its checksum again. */
export function patchHeader(entry: Buffer, field: keyof typeof FIELD, bytes: Buffer | string): Buffer {
  const block = Buffer.from(entry);
  const [offset, width] = FIELD[field];
  const value = Buffer.alloc(width);
  Buffer.from(bytes).copy(value, 0, 0, width);
  value.copy(block, offset);
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (let index = 0; index < 512; index++) sum += block[index]!;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** One entry's bytes: its pax header when asked, its header (patched when asked), body and padding. */
export async function entryBytes(entry: CraftedEntry): Promise<Buffer> {
  const type = entry.type ?? "file";
  const hasBody = type === "file" || type === "contiguous-file";
  const body = hasBody ? Buffer.from(entry.body ?? "") : undefined;
  const header: PackHeader = {
    name: entry.name,
    type,
    mode: 0o600,
    ...(body ? { size: body.length } : {}),
    ...(type === "symlink" || type === "link" ? { linkname: "../../etc/passwd" } : {}),
    ...(entry.pax ? { pax: entry.pax } : {}),
  };
  const bytes = await packed([{ header, body }]);
  if (!entry.patch) return bytes;
  // With pax records, the entry's own header follows the pax header and its records.
  const at = entry.pax ? bytes.length - 512 * (1 + Math.ceil((body?.length ?? 0) / 512)) : 0;
  const patched = patchHeader(bytes.subarray(at, at + 512), entry.patch.field, entry.patch.bytes);
  return Buffer.concat([bytes.subarray(0, at), patched, bytes.subarray(at + 512)]);
}

/** A whole archive: the entries in order, then (unless `end` is false) the end-of-archive blocks. */
export async function tarOf(entries: CraftedEntry[], { end = true } = {}): Promise<Buffer> {
  const parts = await Promise.all(entries.map(entryBytes));
  return Buffer.concat([...parts, ...(end ? [END_OF_ARCHIVE] : [])]);
}

export const tarGzOf = async (entries: CraftedEntry[], options?: { end?: boolean }) =>
  gzipSync(await tarOf(entries, options));

/** `entries` with a folder entry before each for every folder above it not yet listed, as a backup has. */
export function withFolders(entries: CraftedEntry[], listed = new Set<string>()): CraftedEntry[] {
  return entries.flatMap((entry) => {
    const segments = entry.name.replace(/\/$/, "").split("/");
    const folders = segments
      .slice(0, -1)
      .map((_, index) => segments.slice(0, index + 1).join("/"))
      .filter((folder) => !listed.has(folder));
    for (const folder of folders) listed.add(folder);
    if (entry.type === "directory") listed.add(segments.join("/"));
    return [...folders.map((folder) => ({ name: `${folder}/`, type: "directory" as const })), entry];
  });
}

/** `count` folder entries `pglite/d0000000/`, `pglite/d0000001/`…, a thousand headers at a time. */
export async function* folderHeaders(count: number): AsyncGenerator<Buffer> {
  const first = await entryBytes({ name: "pglite/d0000000/", type: "directory" });
  for (let from = 0; from < count; from += 1000) {
    const to = Math.min(count, from + 1000);
    yield Buffer.concat(
      Array.from({ length: to - from }, (_, index) =>
        patchHeader(first, "name", `pglite/d${String(from + index).padStart(7, "0")}/`),
      ),
    );
  }
}

export async function manyFolders(count: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of folderHeaders(count)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The manifest a backup begins with. */
export const manifestEntry = (files: number, migrations: { hash: string; createdAt: number }[] = []) => ({
  name: "nyala-backup.json",
  body: JSON.stringify({
    format: "nyala-backup",
    version: 1,
    createdAt: new Date().toISOString(),
    migrations,
    files,
  }),
});
