/**
 * Upgrading a shop that ran before level families and promo rules (#16), on PGlite and
 * PostgreSQL: a database migrated up to 0011 (live orders) holding the old model — dishes
 * that took any level, past orders with a level picked apart from the name, a stored cart line
 * at such a level, the seeded promos as pictures and one the owner wrote — is migrated to the
 * latest schema and upgraded by the seed step. Nothing is lost: each `X Level n` dish becomes
 * level n of X, past orders keep what was ordered (with their subtotal), the stored line stays
 * as chosen and is flagged, the seeded promos get their rules, the owner's promo is untouched.
 */
import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../database/client.server.ts";
import { seedPromos } from "../../../database/catalog-data.ts";
import { menuItems, orderItems, orders, promos } from "../../../database/schema.ts";
import { seedPromoRules } from "../../../database/seed.ts";
import { readCartView } from "../../../app/features/cart/cart.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { testDatabaseKind } from "../../support/test-database.ts";

const LAST_OLD = 11; // 0011_order_status_check: the schema before this issue
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The committed migrations up to `last`, in a folder of their own. */
async function migrationsUpTo(last: number): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "nyala-migrations-"));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const journal = JSON.parse(await readFile("drizzle/meta/_journal.json", "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  await mkdir(path.join(folder, "meta"));
  await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries)
    await cp(`drizzle/${entry.tag}.sql`, path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** One database opened twice: first with `folder`'s migrations, then with all of them. */
async function twoOpenings() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-upgrade-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return (migrationsFolder?: string) => openDatabase({ dataDir, migrationsFolder });
  }
  const { default: pg } = await import("pg");
  const name = `nyala_upgrade_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return (migrationsFolder?: string) => openDatabase({ databaseUrl: url.toString(), migrationsFolder });
}

describe(`upgrading a shop from before level families (${testDatabaseKind()})`, () => {
  it("keeps every dish, order, cart line and promo, in the new model", async () => {
    const open = await twoOpenings();
    const old: DatabaseHandle = await open(await migrationsUpTo(LAST_OLD));
    for (const statement of [
      `insert into categories (id, nama, urutan) values ('makanan', 'Makanan', 1), ('minuman', 'Minuman', 2)`,
      `insert into menu_items (id, nama, category_id, harga, gambar, takes_level) values
          ('mie-nyala-level-1', 'Mie Nyala Level 1', 'makanan', 10000, '/images/menu/a.webp', true),
          ('mie-nyala-level-1-lama', 'Mie Nyala level 1', 'makanan', 9000, '/images/menu/a.webp', true),
          ('mie-nyala-level-3', 'Mie Nyala Level 3', 'makanan', 12000, '/images/menu/c.webp', true),
          ('mie-goreng-pedas', 'Mie Goreng Pedas', 'makanan', 13000, '/images/menu/d.webp', true),
          ('es-teh-jumbo', 'Es Teh Jumbo', 'minuman', 5000, '/images/menu/e.webp', false)`,
      `insert into orders (id, code, status, total) values (1, 'NY-AAAA', 'selesai', 25000)`,
      `insert into order_items (order_id, menu_item_id, nama, harga, jumlah, level, subtotal) values
          (1, 'mie-nyala-level-1', 'Mie Nyala Level 1', 10000, 2, 5, 20000),
          (1, 'es-teh-jumbo', 'Es Teh Jumbo', 5000, 1, null, 5000)`,
      `insert into carts (id, secret_hash, version, expires_at) values ('keranjang-lama', 'x', 1, now() + interval '1 day')`,
      `insert into cart_lines (cart_id, line_key, menu_item_id, level, jumlah, nama, harga) values
          ('keranjang-lama', 'mie-nyala-level-1#5', 'mie-nyala-level-1', 5, 2, 'Mie Nyala Level 1', 10000),
          ('keranjang-lama', 'es-teh-jumbo', 'es-teh-jumbo', null, 1, 'Es Teh Jumbo', 5000)`,
    ])
      await old.db.execute(sql.raw(statement));
    for (const promo of seedPromos) {
      await old.db.execute(sql`
        insert into promos (title, description, image, label, urutan)
        values (${promo.title}, ${promo.before.description}, ${promo.image}, ${promo.before.label}, ${promo.urutan})`);
    }
    // The owner rewrote one seeded promo's words and wrote one of their own.
    for (const statement of [
      `update promos set description = 'Tulisan pemilik.' where title = 'Paket Hemat Pelajar'`,
      `insert into promos (title, description, image, label, urutan)
          values ('Promo Pemilik', 'Buatan pemilik.', '/gambar/promo/x.webp', 'Hanya Hari Ini', 9)`,
    ])
      await old.db.execute(sql.raw(statement));
    await old.close();

    const handle = await open();
    cleanups.push(() => handle.close());
    const { db } = handle;
    expect(
      await db
        .select({ id: menuItems.id, level_family: menuItems.level_family, level: menuItems.level })
        .from(menuItems)
        .orderBy(menuItems.id),
    ).toEqual([
      { id: "es-teh-jumbo", level_family: null, level: null },
      { id: "mie-goreng-pedas", level_family: null, level: null },
      { id: "mie-nyala-level-1", level_family: "Mie Nyala", level: 1 },
      // The second item claiming Level 1 of Mie Nyala stays an item of its own, without a level.
      { id: "mie-nyala-level-1-lama", level_family: null, level: null },
      { id: "mie-nyala-level-3", level_family: "Mie Nyala", level: 3 },
    ]);
    // Past orders keep what was ordered; their subtotal is what their lines cost.
    expect(await db.select({ subtotal: orders.subtotal, total: orders.total }).from(orders)).toEqual([
      { subtotal: 25_000, total: 25_000 },
    ]);
    expect(
      await db
        .select({ nama: orderItems.nama, harga: orderItems.harga, level: orderItems.level })
        .from(orderItems)
        .orderBy(orderItems.id),
    ).toEqual([
      { nama: "Mie Nyala Level 1", harga: 10_000, level: 5 },
      { nama: "Es Teh Jumbo", harga: 5_000, level: null },
    ]);
    // The stored line keeps the level chosen and is flagged until a level of the dish is picked.
    invalidateContentCache();
    const cart = await readCartView(db, "keranjang-lama", { acknowledge: false });
    expect(cart.lines.map((line) => [line.key, line.nama, line.harga, line.problem])).toEqual([
      ["mie-nyala-level-1#5", "Mie Nyala Level 1", 10_000, "pilih-level"],
      ["es-teh-jumbo", "Es Teh Jumbo", 5_000, null],
    ]);
    expect(cart.lines[0]?.levels.map((entry) => entry.level)).toEqual([1, 3]);

    // The seed step: the seeded promos get their rules (and the new words where the owner left
    // the seeded ones); the owner's own promo is untouched; it runs once.
    expect(await seedPromoRules(db)).toBe(true);
    expect(await seedPromoRules(db)).toBe(false);
    const rows = await db.select().from(promos).orderBy(promos.urutan);
    expect(rows.map((row) => [row.title, row.label, row.rule?.kind ?? null])).toEqual([
      ["Beli 2 Mie Gratis Es Teh Jumbo", "", "gratis"],
      ["Diskon 20% Hari Senin", "", "persen"],
      ["Paket Hemat Pelajar", "Khusus Pelajar", "paket"],
      ["Promo Pemilik", "Hanya Hari Ini", null],
    ]);
    expect(rows[0]?.description).toBe(seedPromos[0]!.description);
    expect(rows[2]?.description).toBe("Tulisan pemilik.");
    expect(rows[3]?.description).toBe("Buatan pemilik.");
    const [owner] = await db.select().from(promos).where(eq(promos.title, "Promo Pemilik"));
    expect(owner?.updated_at.getTime()).toBe(owner?.created_at.getTime());
  });
});
