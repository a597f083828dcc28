import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  base256,
  END_OF_ARCHIVE,
  entryBytes,
  folderHeaders,
  manifestEntry,
  tarOf,
} from "../support/crafted-tar.ts";
import { runScript } from "./one-box-support.ts";
import { startServer } from "./servers.ts";

/**
 * Crafted backups (issues #26 and #38): a file of about a megabyte whose one database file
 * unpacks to a gigabyte of zeros, sizes that are negative or not octal (which once voided the
 * budget: 497 MB written from 510 KB), and a million folder headers. `npm run restore` refuses
 * each quickly, in Indonesian, before writing any of it: the data folder never grows while it runs
 * (sampled every 20 ms), and the shop's data is untouched.
 */
let root: string;
let dataDir: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "nyala-bomb-"));
  dataDir = path.join(root, "shop");
  const shop = await startServer({ dataDir });
  await shop.stop();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const GIGABYTE = 1024 ** 3;

async function write(file: string, parts: () => AsyncGenerator<Buffer>) {
  await pipeline(Readable.from(parts()), createGzip({ level: 9 }), createWriteStream(file));
  return (await stat(file)).size;
}

const start = () => tarOf([manifestEntry(1), { name: "pglite/", type: "directory" }], { end: false });

const ATTACKS: Record<string, { craft: () => AsyncGenerator<Buffer>; refusal: string }> = {
  "a gigabyte of zeros in one file": {
    async *craft() {
      yield await start();
      yield await entryBytes({ name: "pglite/16384", patch: { field: "size", bytes: GIGABYTE.toString(8) } });
      const zeros = Buffer.alloc(4 * 1024 * 1024);
      for (let sent = 0; sent < GIGABYTE; sent += zeros.length) yield zeros;
      yield END_OF_ARCHIVE;
    },
    refusal: "Isi berkas ini lebih dari 100 kali ukurannya",
  },
  "a negative size, then a million folder headers": {
    async *craft() {
      yield await start();
      yield await entryBytes({
        name: "pglite/16384",
        patch: { field: "size", bytes: base256(-512n * 1024n) },
      });
      yield* folderHeaders(1_000_000);
      yield END_OF_ARCHIVE;
    },
    refusal: "Berkas ini bukan cadangan Nyala, atau sudah rusak (header rusak)",
  },
  'a size of "9", not an octal number, then a gigabyte of zeros': {
    async *craft() {
      yield await start();
      yield await entryBytes({ name: "pglite/16384", patch: { field: "size", bytes: "9" } });
      const zeros = Buffer.alloc(4 * 1024 * 1024);
      for (let sent = 0; sent < GIGABYTE; sent += zeros.length) yield zeros;
      yield END_OF_ARCHIVE;
    },
    refusal: "Berkas ini bukan cadangan Nyala, atau sudah rusak (header rusak)",
  },
  "a million folder headers": {
    async *craft() {
      yield await start();
      yield* folderHeaders(1_000_000);
      yield END_OF_ARCHIVE;
    },
    refusal: "Berkas ini berisi lebih dari 50.000 berkas dan folder",
  },
};

/** Bytes of the files under `dir`, the lock restore holds (DATA_DIR/pglite.lock, its holder's name) left out. */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && !(entry.parentPath === dir && entry.name === "pglite.lock"))
      total += (await stat(path.join(entry.parentPath, entry.name)).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

describe("a crafted backup", () => {
  it.each(Object.keys(ATTACKS))(
    "%s: refused by npm run restore before a byte of it is written",
    async (label) => {
      const attack = ATTACKS[label]!;
      const file = path.join(root, "nyala-cadangan-palsu.tar.gz");
      const size = await write(file, attack.craft);
      expect(size).toBeLessThan(8 * 1024 * 1024);

      const before = await folderBytes(dataDir);
      const listing = (await readdir(dataDir)).sort();
      let largest = before;
      let running = true;
      const sampler = (async () => {
        while (running) {
          largest = Math.max(largest, await folderBytes(dataDir));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const started = performance.now();
      const restore = await runScript("restore.ts", [file], dataDir);
      const ms = Math.round(performance.now() - started);
      running = false;
      await sampler;

      console.log(
        `${label}: ${(size / 1024).toFixed(0)} KB file; ${largest - before} bytes written; refused after ${ms} ms ` +
          `(the script's start included): ${restore.stderr.trim()}`,
      );
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain(`Pemulihan ditolak: ${attack.refusal}`);
      expect(largest - before, "bytes the restore wrote meanwhile").toBe(0);
      expect(ms).toBeLessThan(10_000);
      expect((await readdir(dataDir)).sort()).toEqual(listing);
      expect(await folderBytes(dataDir)).toBe(before);
    },
  );
});
