import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_NAME, tarHeader, tarPadding } from "../../server/backup/archive.ts";
import { runScript } from "./one-box-support.ts";
import { startServer } from "./servers.ts";

/**
 * A crafted backup (issue #26): a file of about a megabyte whose one database file unpacks to a
 * gigabyte of zeros. `npm run restore` refuses it before writing any of it: the data folder never
 * grows while it runs (sampled every 50 ms), and the shop's data is untouched.
 */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "nyala-bomb-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const GIGABYTE = 1024 ** 3;

async function craftBomb(file: string) {
  const manifest = Buffer.from(
    JSON.stringify({
      format: "nyala-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      migrations: [],
      files: 1,
    }),
  );
  async function* tar() {
    yield Buffer.concat([
      tarHeader(MANIFEST_NAME, manifest.length, "0", Date.now()),
      manifest,
      tarPadding(manifest.length),
    ]);
    yield tarHeader("pglite/base/1/16384", GIGABYTE, "0", Date.now());
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    for (let sent = 0; sent < GIGABYTE; sent += zeros.length) yield zeros;
    yield Buffer.alloc(1024);
  }
  await pipeline(Readable.from(tar()), createGzip({ level: 9 }), createWriteStream(file));
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      total += (await stat(path.join(entry.parentPath, entry.name)).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

describe("a backup bomb", () => {
  it("is refused by npm run restore before a byte of it is written", async () => {
    const bomb = path.join(root, "nyala-cadangan-palsu.tar.gz");
    await craftBomb(bomb);
    expect((await stat(bomb)).size).toBeLessThan(2 * 1024 * 1024);

    const dataDir = path.join(root, "shop");
    const shop = await startServer({ dataDir });
    await shop.stop();
    const before = await folderBytes(dataDir);
    const listing = (await readdir(dataDir)).sort();
    let largest = before;
    let running = true;
    const sampler = (async () => {
      while (running) {
        largest = Math.max(largest, await folderBytes(dataDir));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const restore = await runScript("restore.ts", [bomb], dataDir);
    running = false;
    await sampler;

    expect(restore.code).toBe(1);
    expect(largest - before, "bytes the restore wrote meanwhile").toBeLessThan(1024 * 1024);
    expect(restore.stderr).toContain("Pemulihan ditolak: Isi berkas ini lebih dari 100 kali ukurannya");
    expect((await readdir(dataDir)).sort()).toEqual(listing);
  });
});
