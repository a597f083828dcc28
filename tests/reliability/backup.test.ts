import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../database/client.server.ts";
import { menuItems, photos } from "../../database/schema.ts";
import { writeArchive } from "../../server/backup/archive.ts";
import { shopDateTime, shopStamp } from "../../server/backup/shop-time.ts";
import { readArchive } from "../../server/backup/unpack.ts";
import { editForm } from "../support/menu-edits.ts";
import { orderStream, runScript, storedOrders } from "./one-box-support.ts";
import { adminSession, editMenuItem, startServer } from "./servers.ts";

/**
 * Backup and restore on the embedded database (issue #19), against the production build: a
 * backup taken while orders stream in, restored onto a fresh data directory, holds every order
 * acknowledged before it began and the photo uploaded before it (a row of the database); an older
 * backup with its photos as files in uploads/ restores too; a file that is not a Nyala backup, is
 * damaged, or comes from a newer schema is refused and changes nothing.
 */
const ADMIN = "admin-cadangan@nyala.test";
let root: string;
let backupFile: string;
/** The restored data directory, with what it must hold. */
let restored: { dataDir: string; acknowledged: string[]; photo: string };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "nyala-backup-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function photoOf(dataDir: string, id: string): Promise<string> {
  const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  try {
    const [row] = await handle.db
      .select({ gambar: menuItems.gambar })
      .from(menuItems)
      .where(eq(menuItems.id, id));
    return row!.gambar;
  } finally {
    await handle.close();
  }
}

/**
 * The backup every test starts from, taken once (while orders are written) and restored onto a
 * fresh directory: any one test runs alone.
 */
let taken: ReturnType<typeof takeBackup> | undefined;
const backupOnce = () => (taken ??= takeBackup());

async function takeBackup() {
  const dataDir = path.join(root, "shop");
  const shop = await startServer({ dataDir }, { ADMIN_EMAILS: ADMIN });
  const cookie = await adminSession(shop, ADMIN);
  const jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#d7261e" } })
    .jpeg()
    .toBuffer();
  const photo = new File([jpeg], "es.jpg", { type: "image/jpeg" });
  expect(await editMenuItem(shop, cookie, "es-nyala", editForm(1), photo)).toBe(200);

  const orders = orderStream(shop);
  await orders.acknowledged(20);
  const beforeBackup = [...orders.codes];
  const backup = await runScript("backup.ts", [path.join(root, "backups")], dataDir);
  // The shop kept taking orders during the backup and after it.
  await orders.acknowledged(beforeBackup.length + 10);
  await orders.stop();
  await shop.stop();
  expect(backup.code, backup.stderr).toBe(0);
  expect(backup.stdout).toContain("toko tetap melayani");

  backupFile = path.join(root, "backups", (await readdir(path.join(root, "backups")))[0]!);
  expect(path.basename(backupFile)).toMatch(/^nyala-cadangan-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/);
  expect((await stat(backupFile)).mode & 0o777).toBe(0o600);

  const fresh = path.join(root, "restored");
  const restore = await runScript("restore.ts", [backupFile], fresh);
  expect(restore.code, restore.stderr).toBe(0);
  expect(restore.stdout).toContain(" pengguna, 1 foto;");
  // When the backup was made, on the shop's clock (WITA, its default zone), not the machine's UTC.
  const madeAt = JSON.parse(
    execFileSync("tar", ["-xzOf", backupFile, "nyala-backup.json"], { encoding: "utf8" }),
  );
  expect(restore.stdout).toContain(`Cadangan ${shopDateTime(madeAt.createdAt, "Asia/Makassar")} dipulihkan`);
  expect(restore.stdout).toMatch(/^Cadangan \d{1,2} \w{3} \d{4}, \d{2}\.\d{2}\.\d{2} WITA dipulihkan ke /m);
  const photoPath = await photoOf(dataDir, "es-nyala");
  expect(photoPath).toMatch(/^\/gambar\/menu\/[a-f0-9]{64}\.webp$/);
  restored = { dataDir: fresh, acknowledged: beforeBackup, photo: photoPath };
  return { backup, restore, fresh, beforeBackup, photoPath };
}

describe("npm run backup and npm run restore", () => {
  it("a backup taken while orders are written, restored onto a fresh directory, holds every order and photo", async () => {
    const { backup, restore, fresh, beforeBackup, photoPath } = await backupOnce();

    const started = performance.now();
    const again = await startServer({ dataDir: fresh });
    const firstPageMs = Math.round(performance.now() - started);
    try {
      const picture = await fetch(`${again.url}${photoPath}`);
      expect(picture.status).toBe(200);
      expect(
        Buffer.from(await picture.arrayBuffer())
          .subarray(8, 12)
          .toString(),
      ).toBe("WEBP");
    } finally {
      await again.stop();
    }
    expect(await storedOrders(fresh, beforeBackup)).toMatchObject({ missing: [], withoutLines: 0 });
    const size = ((await stat(backupFile)).size / 1024 / 1024).toFixed(1);
    console.log(
      `backup with ${beforeBackup.length}+ orders: ${size} MB in ${backup.ms} ms (${backup.stdout.trim().split("\n").at(-1)}); ` +
        `restore ${restore.ms} ms; restored server's first page after ${firstPageMs} ms`,
    );
  }, 240_000);

  it("an older backup, its photos as files in uploads/, restores; they move into the database at the start", async () => {
    await backupOnce();
    const unpacked = path.join(root, "older");
    const manifest = await readArchive(backupFile, unpacked, () => undefined);
    // As backups were before photos were kept in the database: the photo is a file, not a row.
    const handle = await openDatabase({ dataDir: path.join(unpacked, "pglite"), migrate: false });
    try {
      for (const row of await handle.db.select().from(photos)) {
        await mkdir(path.join(unpacked, "uploads", path.dirname(row.name)), { recursive: true });
        await writeFile(path.join(unpacked, "uploads", row.name), row.bytes);
      }
      await handle.db.delete(photos);
    } finally {
      await handle.close();
    }
    const older = path.join(root, "older.tar.gz");
    await writeArchive(unpacked, manifest, older);

    const dataDir = path.join(root, "restored-older");
    const restore = await runScript("restore.ts", [older], dataDir);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(" pengguna, 1 foto;");
    const shop = await startServer({ dataDir });
    try {
      const picture = await fetch(`${shop.url}${restored.photo}`);
      expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/webp"]);
      const bytes = Buffer.from(await picture.arrayBuffer());
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(path.basename(restored.photo, ".webp"));
    } finally {
      await shop.stop();
    }
    expect(existsSync(path.join(dataDir, "uploads")), "the files moved into the database").toBe(false);
  }, 360_000);

  it("refuses a file that is not a Nyala backup, a damaged one and one from a newer schema, changing nothing", async () => {
    await backupOnce();
    const before = (await readdir(restored.dataDir)).sort();
    const whole = readFileSync(backupFile);
    const suspects: Record<string, Buffer | string> = {
      "not a backup": "ini bukan cadangan\n",
      damaged: Buffer.concat([whole.subarray(0, 4096), Buffer.alloc(4096, 0x55), whole.subarray(8192)]),
      truncated: whole.subarray(0, Math.floor(whole.length * 0.6)),
    };
    // A newer schema: the same backup, its manifest listing a migration this version lacks.
    const unpacked = path.join(root, "unpacked");
    const manifest = await readArchive(backupFile, unpacked, () => undefined);
    const newer = path.join(root, "newer.tar.gz");
    await writeArchive(
      unpacked,
      { ...manifest, migrations: [...manifest.migrations, { hash: "e".repeat(64), createdAt: Date.now() }] },
      newer,
    );
    for (const [label, bytes] of Object.entries(suspects)) {
      const file = path.join(root, `${label}.tar.gz`);
      await writeFile(file, bytes);
      const answer = await runScript("restore.ts", [file], restored.dataDir);
      expect(answer.code, label).toBe(1);
      expect(answer.stderr, label).toContain("Pemulihan ditolak: Berkas ini bukan cadangan Nyala");
    }
    const refusedNewer = await runScript("restore.ts", [newer], restored.dataDir);
    expect(refusedNewer.code).toBe(1);
    expect(refusedNewer.stderr).toContain("versi Nyala yang lebih baru");

    // Nothing was replaced or set aside: the restored shop is as it was.
    expect((await readdir(restored.dataDir)).sort()).toEqual(before);
    expect(await storedOrders(restored.dataDir, restored.acknowledged)).toMatchObject({
      missing: [],
      withoutLines: 0,
    });
  }, 360_000);

  it("refuses to restore onto a running shop", async () => {
    const shop = await startServer({ dataDir: restored.dataDir });
    try {
      const answer = await runScript("restore.ts", [backupFile], restored.dataDir);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain(`sedang dipakai oleh proses ${shop.process.pid}`);
    } finally {
      await shop.stop();
    }
  }, 360_000);

  it("restored over a shop, keeps its data aside in a folder named on the shop's clock", async () => {
    await backupOnce();
    const hours = () => shopStamp(new Date(), "Asia/Makassar").slice(0, 13);
    const before = hours();
    const answer = await runScript("restore.ts", [backupFile], restored.dataDir);
    const after = hours();
    expect(answer.code, answer.stderr).toBe(0);
    const aside = /Data sebelumnya disimpan di (\S+) /.exec(answer.stdout)?.[1] ?? "";
    expect(path.basename(aside)).toMatch(/^sebelum-pemulihan-\d{4}-\d{2}-\d{2}-\d{6}$/);
    expect([before, after]).toContain(path.basename(aside).slice("sebelum-pemulihan-".length, -4));
    expect(existsSync(path.join(aside, "pglite"))).toBe(true);
  }, 360_000);
});
