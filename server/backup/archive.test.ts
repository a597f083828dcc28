import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { manifestEntry, tarGzOf, withFolders, type CraftedEntry } from "../../tests/support/crafted-tar.ts";
import { BackupRefusedError, MANIFEST_NAME, writeArchive } from "./archive.ts";
import { checkMigrations } from "./restore.ts";
import { EXPANSION_LIMIT, readArchive } from "./unpack.ts";

const PHOTO = `${"ab".repeat(32)}.webp`;
const known = readMigrationFiles({ migrationsFolder: "drizzle" }).map((migration) => ({
  hash: migration.hash,
  createdAt: migration.folderMillis,
}));

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "nyala-archive-"));
  const staging = path.join(root, "staging");
  await mkdir(path.join(staging, "pglite/base/1"), { recursive: true });
  await mkdir(path.join(staging, "pglite/pg_notify"), { recursive: true });
  await writeFile(path.join(staging, "pglite/PG_VERSION"), "18\n");
  await writeFile(path.join(staging, "pglite/base/1/1259"), Buffer.alloc(100_000, 7));
  await mkdir(path.join(staging, "uploads/menu"), { recursive: true });
  await writeFile(path.join(staging, "uploads/menu", PHOTO), "RIFF....WEBP");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const archive = () =>
  writeArchive(
    path.join(root, "staging"),
    { createdAt: new Date().toISOString(), migrations: known },
    path.join(root, "backup.tar.gz"),
  );

/** A gzip'd tar written entry by entry, to make the archives a backup must never be. */
const rawArchive = (entries: CraftedEntry[], end = true) => tarGzOf(withFolders(entries), { end });

const manifestOf = (files: number) => manifestEntry(files, known);

let attempt = 0;
async function refusal(bytes: Buffer | string | Promise<Buffer>) {
  const file = await bytes;
  const source = path.join(root, "suspect.tar.gz");
  await writeFile(source, file);
  const target = path.join(root, `unpacked-${(attempt += 1)}`);
  const error = await readArchive(source, target, () => undefined).then(
    () => null,
    (caught: unknown) => caught,
  );
  return { error: error as Error | null, target };
}

describe("the backup file", () => {
  it("holds the manifest first, then the database (empty folders too) and the photos, readable with tar", async () => {
    const manifest = await archive();
    expect(manifest.files).toBe(3);
    const listing = execFileSync("tar", ["-tzf", path.join(root, "backup.tar.gz")], {
      encoding: "utf8",
    }).split("\n");
    expect(listing[0]).toBe(MANIFEST_NAME);
    expect(listing).toContain("pglite/pg_notify/");
    const target = path.join(root, "unpacked");
    expect(await readArchive(path.join(root, "backup.tar.gz"), target, () => undefined)).toEqual(manifest);
    expect(readFileSync(path.join(target, "pglite/base/1/1259"))).toEqual(Buffer.alloc(100_000, 7));
    expect(await readdir(path.join(target, "pglite/pg_notify"))).toEqual([]);
    expect(readFileSync(path.join(target, "uploads/menu", PHOTO), "utf8")).toBe("RIFF....WEBP");
  });

  it("refuses what is not gzip, or not a tar, before writing anything", async () => {
    for (const bytes of [Buffer.from("bukan cadangan"), gzipSync(Buffer.alloc(2048, 1))]) {
      const { error, target } = await refusal(bytes);
      expect(error).toBeInstanceOf(BackupRefusedError);
      expect(error?.message).toContain("bukan cadangan Nyala");
      expect(existsSync(target)).toBe(false);
    }
  });

  it("refuses a foreign archive: no manifest first, or a manifest of something else", async () => {
    const foreign = await refusal(rawArchive([{ name: "docs/readme.md", body: "hello" }]));
    expect(foreign.error?.message).toContain(`tidak ada ${MANIFEST_NAME} di awal`);
    const other = JSON.stringify({ format: "other-app", version: 1 });
    const mislabelled = await refusal(rawArchive([{ name: MANIFEST_NAME, body: other }]));
    expect(mislabelled.error?.message).toContain("tidak dikenal");
    expect(existsSync(mislabelled.target)).toBe(false);
  });

  it("refuses entries outside pglite/ and uploads/, links and devices, without writing them", async () => {
    for (const evil of [
      { name: "pglite/../../escaped", body: "x" },
      { name: "/etc/cron.d/nyala", body: "x" },
      { name: "config/settings", body: "x" },
      { name: "uploads/menu/link", type: "symlink" },
      { name: "uploads/menu/hard", type: "link" },
      { name: "pglite/dev", type: "character-device" },
      { name: "pglite/fifo", type: "fifo" },
      { name: "pglite/contiguous", type: "contiguous-file", body: "x" },
      // A name past 255 bytes, carried by a pax record.
      { name: `pglite/${"a".repeat(250)}`, body: "x", pax: { path: `pglite/${"a".repeat(250)}` } },
    ] satisfies CraftedEntry[]) {
      const { error, target } = await refusal(rawArchive([manifestOf(1), evil]));
      expect(error, evil.name).toBeInstanceOf(BackupRefusedError);
      expect(error?.message, evil.name).toMatch(/isi tidak dikenal|jenis isi tidak diizinkan/);
      expect(existsSync(target)).toBe(false);
    }
    expect(existsSync(path.join(root, "escaped"))).toBe(false);
    expect(existsSync(path.join(path.dirname(root), "escaped"))).toBe(false);
  });

  it("refuses a truncated file, a damaged header and a file count that differs from the manifest", async () => {
    await archive();
    const whole = readFileSync(path.join(root, "backup.tar.gz"));
    const truncated = await refusal(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(truncated.error).toBeInstanceOf(BackupRefusedError);
    const damaged = Buffer.from(whole);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    expect((await refusal(damaged)).error).toBeInstanceOf(BackupRefusedError);
    const short = rawArchive([manifestOf(2), { name: "pglite/PG_VERSION", body: "18\n" }]);
    expect((await refusal(short)).error?.message).toContain("1 berkas, semestinya 2");
    const unended = rawArchive([manifestOf(0)], false);
    expect((await refusal(unended)).error?.message).toContain("terpotong");
  });

  it("refuses an archive that would unpack past its budget, before writing anything", async () => {
    // A header that claims a gigabyte: refused at the header, its bytes never read.
    const claimsAGigabyte = rawArchive(
      [manifestOf(1), { name: "pglite/base/1/besar", patch: { field: "size", bytes: "10000000000" } }],
      false,
    );
    const claimed = await refusal(claimsAGigabyte);
    expect(claimed.error?.message).toContain(`lebih dari ${EXPANSION_LIMIT} kali ukurannya`);
    expect(existsSync(claimed.target)).toBe(false);

    // Forty files of a megabyte of zeros (a 40 KB file): refused on the way, nothing written.
    const zeros = Buffer.alloc(1024 * 1024);
    const bomb = await rawArchive([
      manifestOf(40),
      ...Array.from({ length: 40 }, (_, index) => ({ name: `pglite/base/1/${index}`, body: zeros })),
    ]);
    expect(bomb.length * EXPANSION_LIMIT).toBeLessThan(40 * zeros.length);
    const exploded = await refusal(bomb);
    expect(exploded.error?.message).toContain(`lebih dari ${EXPANSION_LIMIT} kali ukurannya`);
    expect(existsSync(exploded.target)).toBe(false);

    // A real backup, but more than the disk can take.
    await archive();
    const target = path.join(root, "no-room");
    const noRoom = await readArchive(path.join(root, "backup.tar.gz"), target, () => undefined, {
      bytes: 50_000,
      by: "disk",
    }).catch((error: unknown) => error as Error);
    expect((noRoom as Error).message).toMatch(/^Ruang disk tidak cukup untuk memulihkan cadangan ini/);
    expect(existsSync(target)).toBe(false);
  });

  it("refuses a backup from a newer schema: a migration this version does not know", () => {
    expect(() => checkMigrations(known, "drizzle")).not.toThrow();
    expect(() => checkMigrations(known.slice(0, 2), "drizzle")).not.toThrow();
    const newer = [...known, { hash: "f".repeat(64), createdAt: Date.now() }];
    expect(() => checkMigrations(newer, "drizzle")).toThrow(/versi Nyala yang lebih baru/);
  });
});
