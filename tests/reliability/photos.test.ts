import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editForm } from "../support/menu-edits.ts";
import {
  adminSession,
  dropDatabases,
  editMenuItem,
  freshDatabase,
  startServer,
  type Server,
} from "./servers.ts";

/**
 * Photos on several app servers (issue #28): two production servers on one PostgreSQL database,
 * each with a data folder of its own as two machines have. A dish or promo photo uploaded through
 * one is served by the other, its smaller copies too; photos uploaded before they were kept in the
 * database (files in a server's DATA_DIR/uploads) reach every server once that server has started;
 * a photo missing everywhere answers with a placeholder picture. Needs TEST_DATABASE_URL.
 */
const ADMIN = "admin-foto@nyala.test";
let root: string;
let databaseUrl: string;
let a: Server;
let b: Server;

const dataDir = (name: string) => path.join(root, name);
/** Without the catalog cache: a page shows a change made straight in the database at once. */
const startOn = (name: string) =>
  startServer({ databaseUrl }, { DATA_DIR: dataDir(name), ADMIN_EMAILS: ADMIN, CATALOG_CACHE_MS: "0" });

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "nyala-photos-"));
  databaseUrl = await freshDatabase();
  [a, b] = await Promise.all([startOn("a"), startOn("b")]);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await dropDatabases();
  await rm(root, { recursive: true, force: true });
});

const jpeg = (background: string) =>
  sharp({ create: { width: 900, height: 700, channels: 3, background } })
    .jpeg()
    .toBuffer();
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function fetchPhoto(server: Server, src: string) {
  const response = await fetch(`${server.url}${src}`);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The `src` of the picture of the card named `name` on `page`. */
async function pictureOf(server: Server, page: string, name: string) {
  const html = await (await fetch(`${server.url}${page}`)).text();
  const card = html.slice(html.lastIndexOf("<article", html.indexOf(`>${name}<`)));
  return /<img[^>]* src="([^"]+)"/.exec(card)?.[1];
}

async function database<T>(query: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
}

describe("photos on two app servers with data folders of their own", () => {
  it("a dish photo uploaded through one server is on the other's page and served by it, copies too", async () => {
    const cookie = await adminSession(a, ADMIN);
    const photo = new File([await jpeg("#d7261e")], "es.jpg", { type: "image/jpeg" });
    expect(await editMenuItem(a, cookie, "es-nyala", editForm(2), photo)).toBe(200);

    const src = await pictureOf(b, "/produk", "Es Nyala Versi 2");
    expect(src).toMatch(/^\/gambar\/menu\/[a-f0-9]{64}\.webp$/);
    const onB = await fetchPhoto(b, src!);
    expect([onB.status, onB.type]).toEqual([200, "image/webp"]);
    expect(sha256(onB.bytes)).toBe(path.basename(src!, ".webp"));
    expect(onB.bytes.equals((await fetchPhoto(a, src!)).bytes)).toBe(true);
    for (const width of [240, 360]) {
      const copy = await fetchPhoto(b, src!.replace(".webp", `-${width}.webp`));
      expect(copy.status).toBe(200);
      expect((await sharp(copy.bytes).metadata()).width).toBe(width);
    }
  }, 60_000);

  it("a promo picture added through one server is served by the other", async () => {
    const cookie = await adminSession(b, ADMIN);
    const body = new FormData();
    for (const [name, value] of Object.entries({
      intent: "create",
      title: "Promo Dua Server",
      aktif: "on",
    })) {
      body.set(name, value);
    }
    body.set("foto", new File([await jpeg("#f97316")], "promo.jpg", { type: "image/jpeg" }));
    const created = await fetch(`${b.url}/admin/menu-diskon`, {
      method: "POST",
      body,
      headers: { cookie, origin: b.url },
    });
    expect(created.status).toBe(200);

    const src = await pictureOf(a, "/beranda", "Promo Dua Server");
    expect(src).toMatch(/^\/gambar\/promo\/[a-f0-9]{64}\.webp$/);
    const onA = await fetchPhoto(a, src!);
    expect([onA.status, onA.type]).toEqual([200, "image/webp"]);
    expect(sha256(onA.bytes)).toBe(path.basename(src!, ".webp"));
  }, 60_000);

  it("photos a server kept as files before move into the database at its start, once, and every server serves them", async () => {
    const full = await sharp(await jpeg("#16a34a"))
      .resize(640, 480)
      .webp()
      .toBuffer();
    const hash = sha256(full);
    const src = `/gambar/menu/${hash}.webp`;
    const uploads = path.join(dataDir("c"), "uploads", "menu");
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, `${hash}.webp`), full);
    await database((client) =>
      client.query("update menu_items set gambar = $1 where id = 'pangsit-goreng'", [src]),
    );
    // Only C's disk has it, and C has not started: the others answer with the placeholder.
    expect((await fetchPhoto(a, src)).status).toBe(404);

    let c = await startOn("c");
    try {
      // C's first photo answer waits for the move; then A serves it too.
      expect((await fetchPhoto(c, src)).status).toBe(200);
      expect(existsSync(path.join(dataDir("c"), "uploads"))).toBe(false);
      const onA = await fetchPhoto(a, src);
      expect([onA.status, onA.bytes.equals(full)]).toEqual([200, true]);
      // A copy the file never had is made by whichever server is asked first.
      expect((await fetchPhoto(b, src.replace(".webp", "-240.webp"))).status).toBe(200);

      await c.stop();
      c = await startOn("c");
      expect((await fetchPhoto(c, src)).bytes.equals(full)).toBe(true);
      const stored = await database((client) =>
        client.query<{ n: number }>("select count(*)::int as n from photos where name like $1", [
          `menu/${hash}%`,
        ]),
      );
      expect(stored.rows[0]?.n, "the picture and the copy made, stored once each").toBe(2);
    } finally {
      await c.stop();
    }
  }, 120_000);

  it("a photo missing everywhere answers with a placeholder picture, not a broken one", async () => {
    const src = `/gambar/menu/${"a".repeat(64)}.webp`;
    await database((client) =>
      client.query("update menu_items set gambar = $1 where id = 'es-teh-jumbo'", [src]),
    );
    expect(await pictureOf(b, "/produk", "Es Teh Jumbo")).toBe(src);
    for (const server of [a, b]) {
      for (const file of [src, src.replace(".webp", "-240.webp")]) {
        const answer = await fetchPhoto(server, file);
        expect([answer.status, answer.type]).toEqual([404, "image/svg+xml"]);
        expect((await sharp(answer.bytes).metadata()).format).toBe("svg");
      }
    }
  }, 60_000);
});
