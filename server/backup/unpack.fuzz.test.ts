import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  base256,
  END_OF_ARCHIVE,
  entryBytes,
  manifestEntry,
  withFolders,
  type CraftedEntry,
  type EntryType,
} from "../../tests/support/crafted-tar.ts";
import { BackupRefusedError } from "./archive.ts";
import { ENTRY_COST, readArchive, type UnpackBudget } from "./unpack.ts";

// Whatever archive comes, the reader unpacks a sound backup within its budget or refuses it in Indonesian,
// leaving nothing behind (0052).
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "nyala-fuzz-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const SAFE = /^(pglite|uploads)(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/;

const names = fc.oneof(
  fc.constantFrom("pglite/", "uploads/", "pglite/PG_VERSION", "pglite/base/1/1259", "uploads/menu/a.webp"),
  fc.constantFrom("../x", "/etc/x", "pglite/../x", "pglite/.x", "x", "pglite//a", "nyala-backup.json"),
  fc.stringMatching(/^(pglite|uploads)\/[a-z0-9/._-]{1,300}$/),
);
const types = fc.constantFrom<EntryType>(
  "file",
  "file",
  "directory",
  "symlink",
  "link",
  "character-device",
  "fifo",
  "contiguous-file",
);
const bodies = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }).map((bytes) => Buffer.from(bytes)),
  fc.integer({ min: 0, max: 3 * 1024 * 1024 }).map((size) => Buffer.alloc(size)), // compresses to almost nothing
);
const sizeFields = fc.oneof(
  fc.stringMatching(/^[0-7]{1,11}$/),
  fc.stringMatching(/^[-0-9 ]{1,11}$/),
  fc.string({ maxLength: 12 }),
  fc.bigInt({ min: -(1n << 80n), max: 1n << 80n }).map(base256),
  fc.uint8Array({ minLength: 12, maxLength: 12 }).map((bytes) => Buffer.from(bytes)),
);
const patches = fc.oneof(
  sizeFields.map((bytes) => ({ field: "size" as const, bytes })),
  fc
    .constantFrom("0", "1", "2", "3", "5", "7", "x", "L", "K", "g", "\0")
    .map((bytes) => ({ field: "type" as const, bytes })),
  fc.string({ maxLength: 100 }).map((bytes) => ({ field: "name" as const, bytes })),
);
const paxRecords = fc.oneof(
  fc.record({ size: fc.oneof(fc.nat().map(String), fc.string({ maxLength: 24 })) }),
  fc.record({ path: names }),
);
const hostile = fc.record(
  { name: names, type: types, body: bodies, patch: patches, pax: paxRecords },
  { requiredKeys: ["name", "type"] },
) as fc.Arbitrary<CraftedEntry>;
const sound = fc.record({
  name: fc
    .tuple(
      fc.constantFrom("pglite", "uploads"),
      fc.array(fc.stringMatching(/^[a-z0-9_][a-z0-9._-]{0,12}$/), { minLength: 1, maxLength: 3 }),
    )
    .map(([top, segments]) => [top, ...segments].join("/")),
  type: fc.constantFrom<EntryType>("file", "file", "directory"),
  body: bodies,
}) as fc.Arbitrary<CraftedEntry>;
/** Sound entries come with the folders above them, as in a backup; hostile ones alone. */
const entries = fc.oneof(
  { weight: 4, arbitrary: sound.map((entry) => ({ entry, folders: true })) },
  { weight: 1, arbitrary: hostile.map((entry) => ({ entry, folders: false })) },
);
const tails = fc.oneof(
  fc.constant(END_OF_ARCHIVE),
  fc.constant(Buffer.alloc(0)),
  fc.integer({ min: 0, max: 8 * 1024 * 1024 }).map((size) => Buffer.alloc(size)),
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.concat([END_OF_ARCHIVE, Buffer.from(bytes)])),
);
const hostileArchives = fc.record({
  // null: as many as the archive's file entries, so that some archives are sound.
  files: fc.option(fc.integer({ min: 0, max: 4 })),
  manifest: fc.oneof(
    { weight: 4, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
  entries: fc.array(entries, { maxLength: 8 }),
  tail: fc.oneof({ weight: 3, arbitrary: fc.constant(END_OF_ARCHIVE) }, { weight: 1, arbitrary: tails }),
  cut: fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
  ),
});
const soundArchives = fc.record({
  files: fc.constant(null),
  manifest: fc.constant(true),
  entries: fc.array(
    sound.map((entry) => ({ entry, folders: true })),
    { maxLength: 8 },
  ),
  tail: fc.constant(END_OF_ARCHIVE),
  cut: fc.constant(null),
});
const archives = fc.oneof({ weight: 1, arbitrary: soundArchives }, { weight: 2, arbitrary: hostileArchives });
const budgets = fc.record({
  bytes: fc.integer({ min: 16 * 1024, max: 4 * 1024 * 1024 }),
  by: fc.constantFrom<UnpackBudget["by"]>("disk", "file"),
  entries: fc.integer({ min: 1, max: 40 }),
  ms: fc.constant(20_000),
});

async function onDisk(dir: string) {
  let bytes = 0;
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const name = path.relative(dir, path.join(entry.parentPath, entry.name));
    found.push(name);
    bytes += ENTRY_COST + (entry.isFile() ? (await stat(path.join(dir, name))).size : 0);
  }
  return { bytes, found };
}

let run = 0;
let unpacked = 0;

describe("the backup reader, fuzzed", () => {
  it("unpacks within its budget or refuses in Indonesian, leaving nothing, whatever the archive", async () => {
    await fc.assert(
      fc.asyncProperty(archives, budgets, async (archive, budget) => {
        const folders = new Set<string>();
        const listed = archive.entries.flatMap(({ entry, folders: above }) =>
          above ? withFolders([entry], folders) : [entry],
        );
        const fileCount = listed.filter((entry) => (entry.type ?? "file") === "file").length;
        const manifest = archive.manifest ? [manifestEntry(archive.files ?? fileCount)] : [];
        const parts = await Promise.all([...manifest, ...listed].map(entryBytes));
        let bytes = gzipSync(Buffer.concat([...parts, archive.tail]), { level: 1 });
        if (archive.cut !== null) bytes = bytes.subarray(0, Math.floor(bytes.length * archive.cut));
        const folder = path.join(root, `run-${(run += 1)}`);
        const file = path.join(folder, "suspect.tar.gz");
        const target = path.join(folder, "unpacked");
        await mkdir(folder);
        await writeFile(file, bytes);
        const outcome = await readArchive(file, target, () => undefined, budget).then(
          () => null,
          (error: unknown) => error,
        );
        if (outcome) {
          expect(outcome).toBeInstanceOf(BackupRefusedError);
          expect((outcome as Error).message).toMatch(/^(Berkas ini|Isi berkas ini|Ruang disk|Cadangan ini)/);
          expect(existsSync(target)).toBe(false);
        } else {
          const { bytes: used, found } = await onDisk(target);
          expect(used).toBeLessThanOrEqual(budget.bytes);
          for (const name of found) expect(name).toMatch(SAFE);
          unpacked += 1;
        }
        expect((await readdir(folder)).sort()).toEqual(
          outcome ? ["suspect.tar.gz"] : ["suspect.tar.gz", "unpacked"],
        );
        await rm(folder, { recursive: true, force: true });
      }),
      { numRuns: 300 },
    );
    expect(unpacked, "sound archives among the generated ones").toBeGreaterThan(20);
  }, 240_000);
});
