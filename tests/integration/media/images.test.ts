import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { photos } from "../../../database/schema.ts";
import { IMAGE_MESSAGES, removeStoredImage, saveImage } from "../../../app/features/media/images.server.ts";
import { pruneCache, SLICE_BYTES } from "../../../app/features/media/photo-store.server.ts";
import { moveUploadsIntoDatabase } from "../../../app/features/media/prepare-photos.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { loader as imageLoader } from "../../../app/routes/resources/gambar.tsx";
import { blankPng } from "../../support/photos.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";

/**
 * Uploaded photos and their smaller copies (app/features/media/images.ts): stored in the database,
 * served by GET /gambar/<kind>/<name> from each server's copy on disk (filled from the database by
 * a server that has none), a copy missing for an older upload made when first asked for, files of
 * older uploads moved into the database, and a placeholder picture for a photo that is missing.
 */
let handle: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-images-"));
  vi.stubEnv("DATA_DIR", dataDir);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const cacheDir = () => path.join(dataDir, "photo-cache");

const plain = (width: number, height: number, background = "#d7261e") =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A picture of random pixels: its WebP is several slices long. */
const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width, height, channels: 3 },
  })
    .png()
    .toBuffer();

async function upload(kind: "menu" | "promo" | "slide", picture?: Buffer) {
  const bytes = picture ?? (await plain(1600, 1200));
  const saved = await saveImage(handle.db, new Blob([new Uint8Array(bytes)]), kind);
  if (!saved.ok) throw new Error(saved.message);
  return saved.path;
}

async function get(kind: string, file: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/gambar/${kind}/${file}`, { headers });
  return (await imageLoader({ params: { kind, file }, request } as never)) as Response;
}

const storedNames = async (prefix: string) =>
  (await handle.db.select({ name: photos.name }).from(photos))
    .map((row) => row.name)
    .filter((name) => name.startsWith(prefix))
    .sort();

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe(`uploaded photos (${testDatabaseKind()})`, () => {
  it("stores a menu photo at 640×480 with its 240 and 360 px copies in the database; all are served for a year", async () => {
    const hash = path.basename(await upload("menu"), ".webp");
    expect(await storedNames(`menu/${hash}`)).toEqual(
      [`menu/${hash}-240.webp`, `menu/${hash}-360.webp`, `menu/${hash}.webp`].sort(),
    );
    for (const [file, size] of [
      [`${hash}.webp`, [640, 480]],
      [`${hash}-360.webp`, [360, 270]],
      [`${hash}-240.webp`, [240, 180]],
    ] as const) {
      const response = await get("menu", file);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("etag")).toBe(`"${file.replace(".webp", "")}"`);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", ...size]);
    }
  });

  it("a server that never had a photo on its disk reads it from the database, whole, and keeps it", async () => {
    const hash = path.basename(await upload("slide", await noise(1200, 600)), ".webp");
    const [row] = await handle.db
      .select()
      .from(photos)
      .where(eq(photos.name, `slide/${hash}.webp`));
    expect(row!.bytes.length, "a photo several slices long").toBeGreaterThan(2 * SLICE_BYTES);
    // Another server's disk: nothing cached.
    await rm(cacheDir(), { recursive: true, force: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => get("slide", `${hash}.webp`)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(sha256(new Uint8Array(await answer.arrayBuffer()))).toBe(hash);
    }
    expect(await readdir(path.join(cacheDir(), "slide"))).toEqual([`${hash}.webp`]);
  });

  it("answers a browser that has the photo with 304 and no body", async () => {
    const hash = path.basename(await upload("promo"), ".webp");
    const response = await get("promo", `${hash}.webp`, { "if-none-match": `"${hash}"` });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(`"${hash}"`);
    expect(response.body).toBeNull();
  });

  it("makes a missing copy of an older upload when it is first asked for, and stores it", async () => {
    const hash = path.basename(await upload("menu", await plain(900, 700, "#0e7a3f")), ".webp");
    await handle.db.delete(photos).where(eq(photos.name, `menu/${hash}-360.webp`));
    await rm(path.join(cacheDir(), "menu", `${hash}-360.webp`));
    const response = await get("menu", `${hash}-360.webp`);
    expect(response.status).toBe(200);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(360);
    expect(await storedNames(`menu/${hash}-360`)).toEqual([`menu/${hash}-360.webp`]);
  });

  it("a missing photo, a width its kind does not use and other names answer 404 with a placeholder picture", async () => {
    const hash = path.basename(await upload("slide", await plain(1600, 800)), ".webp");
    const missing = "f".repeat(64);
    for (const [kind, file] of [
      ["slide", `${hash}-360.webp`],
      ["menu", `${hash}-999.webp`],
      ["menu", `${missing}-360.webp`],
      ["menu", `${missing}.webp`],
      ["menu", `../menu/${hash}.webp`],
      ["menu", `${hash}-360.png`],
      ["ikon", `${hash}.webp`],
    ]) {
      const response = await get(kind!, file!);
      expect(response.status, `${kind}/${file}`).toBe(404);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const picture = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([picture.format, picture.width, picture.height]).toEqual(["svg", 640, 480]);
    }
    expect(await storedNames(`slide/${hash}`)).toEqual([`slide/${hash}-900.webp`, `slide/${hash}.webp`]);
  });

  it("refuses a strip of a picture from its header: too long a side, or far longer than wide", async () => {
    const stored = await storedNames("");
    for (const [width, height, message] of [
      [40_000_000, 1, IMAGE_MESSAGES.tooManyPixels],
      [1, 40_000_000, IMAGE_MESSAGES.tooManyPixels],
      [20_000, 2_000, IMAGE_MESSAGES.tooManyPixels], // 40 megapixels, but one side past 16,000
      [2_000, 100, IMAGE_MESSAGES.oddShape],
      [100, 2_000, IMAGE_MESSAGES.oddShape],
    ] as const) {
      const picture = new Blob([new Uint8Array(blankPng(width, height))]);
      const started = performance.now();
      const saved = await saveImage(handle.db, picture, "menu");
      expect(saved, `${width} × ${height}`).toEqual({ ok: false, message });
      expect(performance.now() - started, `${width} × ${height}`).toBeLessThan(300);
    }
    expect(await storedNames("")).toEqual(stored);
    // Ten times as long as wide is still a picture: a banner.
    expect((await saveImage(handle.db, new Blob([new Uint8Array(blankPng(2_000, 200))]), "slide")).ok).toBe(
      true,
    );
  });

  it("removes a photo together with its copies, from the database and the disk, and nothing else", async () => {
    const keep = path.basename(await upload("menu"), ".webp");
    const gone = path.basename(await upload("menu", await plain(800, 600, "#1d4ed8")), ".webp");
    await removeStoredImage(handle.db, "menu", `${gone}.webp`);
    expect(await storedNames(`menu/${gone}`)).toEqual([]);
    expect((await readdir(path.join(cacheDir(), "menu"))).filter((file) => file.startsWith(gone))).toEqual(
      [],
    );
    expect(await storedNames(`menu/${keep}`)).toHaveLength(3);
    expect((await get("menu", `${gone}.webp`)).status).toBe(404);
    expect((await get("menu", `${keep}.webp`)).status).toBe(200);
    await removeStoredImage(handle.db, "menu", "../../etc/passwd");
    await removeStoredImage(handle.db, "menu", `${gone}.webp`); // already gone: no error
  });

  it("drops cached photos no row holds any more, and keeps the others", async () => {
    const kept = path.basename(await upload("promo", await plain(640, 400, "#7c3aed")), ".webp");
    const orphan = path.join(cacheDir(), "promo", `${"e".repeat(64)}.webp`);
    await writeFile(orphan, "dihapus di server lain");
    await pruneCache(handle.db);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(path.join(cacheDir(), "promo", `${kept}.webp`))).toBe(true);
  });
});

describe(`photos uploaded before they were kept in the database (${testDatabaseKind()})`, () => {
  it("move from DATA_DIR/uploads into the database once; a damaged one stays where it is", async () => {
    const full = await sharp(await plain(640, 480, "#ca8a04"))
      .webp()
      .toBuffer();
    const hash = sha256(full);
    const copy = await sharp(full).resize({ width: 360 }).webp().toBuffer();
    const folder = path.join(dataDir, "uploads", "menu");
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `${hash}.webp`), full);
    await writeFile(path.join(folder, `${hash}-360.webp`), copy);
    const damaged = `${"0".repeat(64)}.webp`;
    await writeFile(path.join(folder, damaged), full.subarray(0, 100));
    await writeFile(path.join(folder, `${hash}.webp.123.abc.tmp`), full.subarray(0, 10));

    expect(await moveUploadsIntoDatabase(handle.db, dataDir)).toEqual({
      moved: 2,
      left: [path.join(folder, damaged)],
    });
    expect(await storedNames(`menu/${hash}`)).toEqual([`menu/${hash}-360.webp`, `menu/${hash}.webp`]);
    expect(await storedNames(`menu/${"0".repeat(64)}`)).toEqual([]);
    expect(await readdir(folder)).toEqual([damaged]);
    // Moved into this server's copies, not lost from its disk.
    expect(await readdir(path.join(cacheDir(), "menu"))).toEqual(
      expect.arrayContaining([`${hash}.webp`, `${hash}-360.webp`]),
    );
    const served = await get("menu", `${hash}.webp`);
    expect(Buffer.from(await served.arrayBuffer()).equals(full)).toBe(true);

    // Again (the next start): nothing more to move, nothing changed.
    expect(await moveUploadsIntoDatabase(handle.db, dataDir)).toEqual({
      moved: 0,
      left: [path.join(folder, damaged)],
    });
    await rm(path.join(folder, damaged));
    expect(await moveUploadsIntoDatabase(handle.db, dataDir)).toEqual({ moved: 0, left: [] });
    expect(existsSync(path.join(dataDir, "uploads")), "emptied folders are removed").toBe(false);
  });
});
