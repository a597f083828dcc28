import { mkdtemp, readdir, rm, unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as imageLoader } from "../../app/routes/resources/gambar.tsx";
import { readStoredImage, removeStoredImage, saveImage } from "../../app/features/media/images.server.ts";

/**
 * Uploaded photos and their smaller copies (app/features/media/images.ts): saved together, served by
 * GET /gambar/<kind>/<name>, and a copy missing for an older upload is made when first asked for.
 */
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-images-"));
  vi.stubEnv("DATA_DIR", dataDir);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dataDir, { recursive: true, force: true });
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 215, g: 38, b: 30 } } })
    .jpeg()
    .toBuffer();

async function upload(kind: "menu" | "promo" | "slide") {
  const saved = await saveImage(new Blob([new Uint8Array(await photo(1600, 1200))]), kind);
  if (!saved.ok) throw new Error(saved.message);
  return saved.path;
}

async function get(file: string, kind = "menu") {
  try {
    return (await imageLoader({ params: { kind, file } } as never)) as Response;
  } catch (error) {
    return error as { init?: { status?: number } };
  }
}

describe("uploaded photos and their smaller copies", () => {
  it("stores a menu photo at 640×480 and its 240 and 360 px copies beside it; all are served for a year", async () => {
    const stored = await upload("menu");
    const name = path.basename(stored);
    const hash = name.replace(".webp", "");
    expect(await readdir(path.join(dataDir, "uploads", "menu"))).toEqual(
      expect.arrayContaining([name, `${hash}-240.webp`, `${hash}-360.webp`]),
    );
    const full = await sharp((await readStoredImage("menu", name))!).metadata();
    expect([full.format, full.width, full.height]).toEqual(["webp", 640, 480]);
    const copy = await sharp((await readStoredImage("menu", `${hash}-360.webp`))!).metadata();
    expect([copy.format, copy.width, copy.height]).toEqual(["webp", 360, 270]);
    const small = await sharp((await readStoredImage("menu", `${hash}-240.webp`))!).metadata();
    expect([small.format, small.width, small.height]).toEqual(["webp", 240, 180]);

    const response = (await get(`${hash}-360.webp`)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toBe(`"${hash}-360"`);
  });

  it("makes a missing copy of an older upload when it is first asked for, and keeps it", async () => {
    const name = path.basename(await upload("menu"));
    const copyName = name.replace(".webp", "-360.webp");
    await unlink(path.join(dataDir, "uploads", "menu", copyName));
    const made = await readStoredImage("menu", copyName);
    expect((await sharp(made!).metadata()).width).toBe(360);
    expect(await readdir(path.join(dataDir, "uploads", "menu"))).toContain(copyName);
  });

  it("serves no copy at a width its kind does not use, none of a missing photo, and no other names", async () => {
    const name = path.basename(await upload("slide"));
    const hash = name.replace(".webp", "");
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
      expect(await readStoredImage(kind!, file!), `${kind}/${file}`).toBeNull();
      expect(
        ((await get(file!, kind)) as { init?: { status?: number } }).init?.status,
        `${kind}/${file}`,
      ).toBe(404);
    }
    const before = await readdir(path.join(dataDir, "uploads", "slide"));
    expect(before.sort()).toEqual([name, `${hash}-900.webp`].sort());
  });

  it("removes a photo together with its copies, and nothing else", async () => {
    const keep = path.basename(await upload("menu"));
    const other = await saveImage(
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 800, height: 600, channels: 3, background: "#0e7a3f" } })
            .png()
            .toBuffer(),
        ),
      ]),
      "menu",
    );
    if (!other.ok) throw new Error(other.message);
    const name = path.basename(other.path);
    await removeStoredImage("menu", name);
    const left = await readdir(path.join(dataDir, "uploads", "menu"));
    expect(left).not.toContain(name);
    expect(left).not.toContain(name.replace(".webp", "-240.webp"));
    expect(left).not.toContain(name.replace(".webp", "-360.webp"));
    expect(left).toEqual(
      expect.arrayContaining([keep, keep.replace(".webp", "-240.webp"), keep.replace(".webp", "-360.webp")]),
    );
    await removeStoredImage("menu", "../../etc/passwd");
    await removeStoredImage("menu", name); // already gone: no error
  });
});
