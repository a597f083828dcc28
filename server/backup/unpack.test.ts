import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync } from "node:fs";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  base256,
  END_OF_ARCHIVE,
  entryBytes,
  manifestEntry,
  tarGzOf,
  tarOf,
  manyFolders,
  withFolders,
  type CraftedEntry,
} from "../../tests/support/crafted-tar.ts";
import { BackupRefusedError } from "./archive.ts";
import { ENTRY_COST, MAX_ENTRIES, readArchive, type UnpackBudget } from "./unpack.ts";

// The reader against crafted archives (0052): sizes checked, bytes budgeted, entries and time capped.
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "nyala-unpack-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let attempt = 0;
async function unpack(bytes: Buffer, budget?: UnpackBudget, accept: () => void = () => undefined) {
  attempt += 1;
  const file = path.join(root, `suspect-${attempt}.tar.gz`);
  await writeFile(file, bytes);
  const target = path.join(root, `unpacked-${attempt}`);
  const started = performance.now();
  const error = await readArchive(file, target, accept, budget).then(
    () => null,
    (caught: unknown) => caught as Error,
  );
  return { error, target, file, ms: performance.now() - started };
}

/** Bytes a finished unpack holds: its files' sizes and a block per file and folder. */
async function diskCost(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    total += ENTRY_COST;
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** A file entry whose size field is `bytes`, with 64 KB behind it that a wrong size would unpack. */
const withSize = (bytes: Buffer | string): CraftedEntry[] =>
  withFolders([
    manifestEntry(1),
    { name: "pglite/base/1/besar", patch: { field: "size", bytes } },
    { name: "pglite/base/1/isi", body: randomBytes(64 * 1024) },
  ]);

describe("a crafted backup", () => {
  it("is refused when a size field is negative, not octal or out of range; nothing is written", async () => {
    for (const [label, field] of [
      ["negative octal", "-0000000001"],
      ["negative base-256", base256(-2n)],
      ["minus one in base-256, which tar-stream reads as -0", base256(-1n)],
      ["9, not an octal digit", "9"],
      ["base-256 past 2^53", base256(1n << 80n)],
    ] as const) {
      const { error, target, ms } = await unpack(await tarGzOf(withSize(field)));
      expect(error, label).toBeInstanceOf(BackupRefusedError);
      expect(error?.message, label).toMatch(
        /^Berkas ini bukan cadangan Nyala.*\((header rusak|ukuran isi tidak sah: .*)\)\.$/,
      );
      expect(existsSync(target), label).toBe(false);
      expect(ms, label).toBeLessThan(2000);
    }
  });

  it("is refused when a pax record gives a size that is not plain digits, or past the budget", async () => {
    for (const [size, reason] of [
      ["1e3", "ukuran isi tidak sah"], // tar-stream reads 1
      ["12abc", "ukuran isi tidak sah"], // 12
      ["99999999999999999999", "ukuran isi tidak sah"], // past 2^53
      ["-5", "header rusak"], // tar-stream refuses it itself
    ] as const) {
      const entries = withFolders([
        manifestEntry(1),
        { name: "pglite/x", body: "x".repeat(1000), pax: { size } },
      ]);
      const { error, target } = await unpack(await tarGzOf(entries));
      expect(error, size).toBeInstanceOf(BackupRefusedError);
      expect(error?.message, size).toContain(reason);
      expect(existsSync(target), size).toBe(false);
    }
    const plain = await unpack(
      await tarGzOf(withFolders([manifestEntry(1), { name: "pglite/x", body: "x", pax: { size: "1" } }])),
    );
    expect(plain.error).toBeNull();
  });

  it("is refused when a folder carries a body: the entries hidden in it are never unpacked", async () => {
    const hidden = await tarOf([{ name: "pglite/tersembunyi", body: "rahasia" }], { end: false });
    const folder = await entryBytes({
      name: "pglite/folder/",
      type: "directory",
      patch: { field: "size", bytes: hidden.length.toString(8).padStart(11, "0") },
    });
    const manifest = await tarOf([manifestEntry(1), { name: "pglite/", type: "directory" }], { end: false });
    const { error, target } = await unpack(
      gzipSync(Buffer.concat([manifest, folder, hidden, END_OF_ARCHIVE])),
    );
    expect(error?.message).toContain("folder dengan isi");
    expect(existsSync(target)).toBe(false);
  });

  it("is refused when an entry comes before its folder or twice, so the second pass creates only what was counted", async () => {
    const pglite: CraftedEntry = { name: "pglite/", type: "directory" };
    for (const [label, entries] of [
      ["a file before its folder", [manifestEntry(1), pglite, { name: "pglite/base/1259", body: "x" }]],
      [
        "a name twice",
        [manifestEntry(2), pglite, { name: "pglite/a", body: "x" }, { name: "pglite/a", body: "y" }],
      ],
      ["a folder twice", [manifestEntry(0), pglite, { name: "pglite/", type: "directory" }]],
      [
        "a file in a file",
        [manifestEntry(2), pglite, { name: "pglite/a", body: "x" }, { name: "pglite/a/b", body: "y" }],
      ],
    ] as const) {
      const { error, target } = await unpack(await tarGzOf([...entries]));
      expect(error?.message, label).toContain("urutan isi tidak sah");
      expect(existsSync(target), label).toBe(false);
    }
  });

  it("is refused past the budget counted in bytes read, however small each entry claims to be", async () => {
    // Trailing zeros after the end of the archive: 64 MB in a 64 KB file, no entry claims them.
    const tar = await tarOf([manifestEntry(0)]);
    const bomb = gzipSync(Buffer.concat([tar, Buffer.alloc(64 * 1024 * 1024)]), { level: 9 });
    const { error, target } = await unpack(bomb);
    expect(error?.message).toContain("lebih dari 100 kali ukurannya");
    expect(existsSync(target)).toBe(false);
  });

  it("counts each entry as the disk holds it: its bytes as read, and a block for its inode", async () => {
    const budget: UnpackBudget = { bytes: 2 * 1024 * 1024, by: "disk" };
    // 1,000 files of one byte: 1 MB of tar, 4 MB on disk.
    const small = Array.from({ length: 1000 }, (_, index) => ({ name: `pglite/${index}`, body: "x" }));
    const many = await unpack(await tarGzOf(withFolders([manifestEntry(1000), ...small])), budget);
    expect(many.error?.message).toMatch(/^Ruang disk tidak cukup/);
    // One file just under the budget, over it with the blocks of the file and its folder.
    const big = [{ name: "pglite/besar", body: randomBytes(budget.bytes - ENTRY_COST - 100) }];
    const one = await unpack(await tarGzOf(withFolders([manifestEntry(1), ...big])), budget);
    expect(one.error?.message).toMatch(/^Ruang disk tidak cukup/);
    expect(existsSync(one.target)).toBe(false);
    // The same file a block smaller fits.
    const fits = [{ name: "pglite/besar", body: randomBytes(budget.bytes - 3 * ENTRY_COST) }];
    expect((await unpack(await tarGzOf(withFolders([manifestEntry(1), ...fits])), budget)).error).toBeNull();
  });

  it("is refused past MAX_ENTRIES files and folders, quickly", async () => {
    const start = await tarOf([manifestEntry(0), { name: "pglite/", type: "directory" }], { end: false });
    const many = gzipSync(Buffer.concat([start, await manyFolders(MAX_ENTRIES), END_OF_ARCHIVE]));
    const { error, ms } = await unpack(many, { bytes: 10 * 1024 ** 3, by: "disk" });
    expect(error?.message).toMatch(/^Berkas ini berisi lebih dari 50\.000 berkas dan folder/);
    expect(ms).toBeLessThan(5000);
  });

  it("is refused once reading it takes longer than its time", async () => {
    const archive = await tarGzOf(
      withFolders([manifestEntry(1), { name: "pglite/PG_VERSION", body: "18\n" }]),
    );
    const { error, target } = await unpack(archive, { bytes: 1024 ** 3, by: "disk", ms: 0 });
    expect(error?.message).toMatch(/^Cadangan ini butuh lebih dari 0 detik untuk dibaca/);
    expect(existsSync(target)).toBe(false);
  });

  it("swapped for a bomb between the check and the unpacking, writes no more than its budget and leaves nothing", async () => {
    const files = (size: number): CraftedEntry[] =>
      Array.from({ length: 8 }, (_, index) => ({ name: `pglite/${index}`, body: Buffer.alloc(size, 1) }));
    const file = path.join(root, "swapped.tar.gz");
    const swap = path.join(root, "bomb.tar.gz");
    await writeFile(file, await tarGzOf(withFolders([manifestEntry(8), ...files(1024)])));
    await writeFile(swap, await tarGzOf(withFolders([manifestEntry(8), ...files(1024 * 1024)])));
    const target = path.join(root, "swapped");
    const budget: UnpackBudget = { bytes: 2 * 1024 * 1024, by: "disk" };
    // The first pass reads the sound file it opened; the second opens the path anew: the bomb.
    const error = await readArchive(file, target, () => renameSync(swap, file), budget).catch(
      (caught: unknown) => caught as Error,
    );
    expect((error as Error).message).toMatch(/^Ruang disk tidak cukup/);
    expect(existsSync(target)).toBe(false);
  });

  it("reads a backup written before tar-stream (the hand-written writer's ustar)", async () => {
    const fixture = readFileSync(path.join(import.meta.dirname, "fixtures/written-before-0051.tar.gz"));
    const { error, target } = await unpack(fixture);
    expect(error).toBeNull();
    expect(readFileSync(path.join(target, "pglite/base/1/1259"))).toEqual(Buffer.alloc(3000, 7));
    expect(await readdir(path.join(target, "pglite/pg_notify"))).toEqual([]);
    expect(await diskCost(target)).toBeLessThan(fixture.length * 100);
  });
});
