import { randomBytes } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../../../database/client.server.ts";
import { testDatabaseKind } from "../../support/test-database.ts";

/**
 * Issue #15's migration on a database that already holds orders under the old statuses (baru,
 * diproses, selesai, batal) and the sample notifications: every order keeps its rows, its status
 * is mapped (diproses → diterima), it gets a timeline, and the samples go while real
 * notifications stay. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
const FULL = path.resolve("drizzle");
/** The last migration before order tracking. */
const BEFORE = "0008_server_cart_contact";

let dir: string;
let handle: DatabaseHandle;
let cleanup: () => Promise<void> = async () => undefined;

async function migrationsUpTo(last: string): Promise<string> {
  const folder = path.join(dir, "drizzle");
  await mkdir(path.join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(await readFile(path.join(FULL, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === last);
  journal.entries = journal.entries.slice(0, cut + 1);
  await writeFile(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const file of await readdir(FULL))
    if (file.endsWith(".sql")) await copyFile(path.join(FULL, file), path.join(folder, file));
  return folder;
}

async function migrateFully(db: Database) {
  const { migrate } =
    handle.kind === "pglite"
      ? await import("drizzle-orm/pglite/migrator")
      : await import("drizzle-orm/node-postgres/migrator");
  await migrate(db as never, { migrationsFolder: FULL });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "nyala-migration-"));
  const migrationsFolder = await migrationsUpTo(BEFORE);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    handle = await openDatabase({ dataDir: "memory://", migrationsFolder });
    return;
  }
  const { default: pg } = await import("pg");
  const name = `nyala_mig_${randomBytes(5).toString("hex")}`;
  const adminClient = new pg.Client({ connectionString: serverUrl });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  await adminClient.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  handle = await openDatabase({ databaseUrl: url.toString(), migrationsFolder });
  cleanup = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
});
afterAll(async () => {
  await handle?.close();
  await cleanup();
  await rm(dir, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

describe(`migrating existing orders to the kitchen's statuses (${testDatabaseKind()})`, () => {
  it("maps every status without losing an order, gives each its timeline, and removes only the sample notifications", async () => {
    const db = handle.db;
    await db.execute(
      sql`insert into users (id, nama, email, provider, role) values ('u1', 'Admin Lama', 'lama@contoh.test', 'password', 'admin')`,
    );
    const orders: [string, string, string | null][] = [
      ["NY-AAAA", "baru", null],
      ["NY-CCCC", "diproses", null],
      ["NY-DDDD", "selesai", null],
      ["NY-EEEE", "batal", null],
      ["NY-FFFF", "batal", "NY-GGGG"],
      ["NY-GGGG", "baru", null],
    ];
    for (const [code, status, replacedBy] of orders) {
      await db.execute(sql`
        insert into orders (code, status, customer_name, total, replaced_by, created_at, updated_at)
        values (${code}, ${status}, 'Pelanggan Lama', 16000, ${replacedBy},
          '2026-11-01T10:00:00Z', '2026-11-01T10:20:00Z')`);
      await db.execute(sql`
        insert into order_items (order_id, menu_item_id, nama, harga, jumlah, subtotal)
        select id, null, 'Es Nyala', 8000, 2, 16000 from orders where code = ${code}`);
    }
    await db.execute(sql`
      insert into notifications (user_id, judul, pesan) values
        ('u1', 'Selamat datang di panel admin', 'Di sini Anda mengelola pengguna dan melihat kabar terbaru dari toko.'),
        ('u1', 'Pesanan baru', 'Ada pesanan baru lewat WhatsApp: 2x Mie Nyala Level 3, 1x Es Teh Jumbo.'),
        ('u1', 'Promo Senin aktif', 'Diskon Senin 20% sudah tampil di halaman beranda.'),
        ('u1', 'Pengguna baru', 'Budi (budi@contoh.test) baru saja mendaftar.')`);

    await migrateFully(db);

    const after = await rows<{ code: string; status: string; total: number; items: number }>(sql`
      select o.code, o.status, o.total::int as total, (select count(*)::int from order_items i where i.order_id = o.id) as items
      from orders o order by o.code`);
    expect(after).toEqual([
      { code: "NY-AAAA", status: "baru", total: 16000, items: 1 },
      { code: "NY-CCCC", status: "diterima", total: 16000, items: 1 },
      { code: "NY-DDDD", status: "selesai", total: 16000, items: 1 },
      { code: "NY-EEEE", status: "batal", total: 16000, items: 1 },
      { code: "NY-FFFF", status: "batal", total: 16000, items: 1 },
      { code: "NY-GGGG", status: "baru", total: 16000, items: 1 },
    ]);
    const timeline = await rows<{ code: string; status: string; at: string; reason: string | null }>(sql`
      select o.code, e.status, to_char(e.created_at at time zone 'UTC', 'HH24:MI') as at, e.reason
      from order_events e join orders o on o.id = e.order_id order by o.code, e.id`);
    expect(timeline).toEqual([
      { code: "NY-AAAA", status: "baru", at: "10:00", reason: null },
      { code: "NY-CCCC", status: "baru", at: "10:00", reason: null },
      { code: "NY-CCCC", status: "diterima", at: "10:20", reason: null },
      { code: "NY-DDDD", status: "baru", at: "10:00", reason: null },
      { code: "NY-DDDD", status: "selesai", at: "10:20", reason: null },
      { code: "NY-EEEE", status: "baru", at: "10:00", reason: null },
      { code: "NY-EEEE", status: "batal", at: "10:20", reason: null },
      { code: "NY-FFFF", status: "baru", at: "10:00", reason: null },
      {
        code: "NY-FFFF",
        status: "batal",
        at: "10:20",
        reason: "Pelanggan mengubah pesanan; diganti pesanan NY-GGGG.",
      },
      { code: "NY-GGGG", status: "baru", at: "10:00", reason: null },
    ]);
    expect(await rows<{ judul: string }>(sql`select judul from notifications`)).toEqual([
      { judul: "Pengguna baru" },
    ]);
    // The old status can no longer be written.
    await expect(
      db.execute(sql`update orders set status = 'diproses' where code = 'NY-AAAA'`),
    ).rejects.toThrow();
  });
});
