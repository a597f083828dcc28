// npm run restore: a backup checked, then swapped in on a stopped shop under the data lock (0014).
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { openDatabase, type AppliedMigration, type Database } from "../../database/client.server.ts";
import { lockDataDir } from "../../database/data-dir-lock.ts";
import { isDataDir } from "../../database/embedded-data-dir.ts";
import { orders, photos, users } from "../../database/schema.ts";
import { DEFAULT_STORE_TIMEZONE } from "../../database/store-defaults.ts";
import { BackupRefusedError, type Manifest } from "./archive.ts";
import { shopStamp, shopTimezone } from "./shop-time.ts";
import { readArchive } from "./unpack.ts";

export interface RestoreResult {
  manifest: Manifest;
  orders: number;
  users: number;
  photos: number;
  keptAside: string | null;
  timezone: string;
  ms: number;
}

export function checkMigrations(applied: AppliedMigration[], migrationsFolder: string) {
  const known = new Set(readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash));
  const unknown = applied.filter((migration) => !known.has(migration.hash));
  if (unknown.length > 0) {
    throw new BackupRefusedError(
      `Cadangan ini dibuat oleh versi Nyala yang lebih baru: ${unknown.length} perubahan database di ` +
        `dalamnya belum dikenal versi ini. Perbarui Nyala dulu, lalu pulihkan lagi.`,
    );
  }
}

async function countPhotos(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && /^[a-f0-9]{64}\.webp$/.test(entry.name)).length;
}

async function countStoredPhotos(db: Database): Promise<number> {
  const { rows } = (await db.execute(sql`select to_regclass('photos') is not null as present`)) as {
    rows: { present: boolean }[];
  };
  if (!rows[0]?.present) return 0;
  const [found] = await db
    .select({ value: count() })
    .from(photos)
    .where(sql`${photos.name} !~ '-[0-9]+\.webp$'`);
  return found?.value ?? 0;
}

async function inspect(databaseDir: string, migrationsFolder: string) {
  const handle = await openDatabase({ dataDir: databaseDir, migrate: false, lockPurpose: "npm run restore" });
  try {
    checkMigrations(await handle.appliedMigrations(), migrationsFolder);
    const [orderCount] = await handle.db.select({ value: count() }).from(orders);
    const [userCount] = await handle.db.select({ value: count() }).from(users);
    return {
      orders: orderCount?.value ?? 0,
      users: userCount?.value ?? 0,
      photos: await countStoredPhotos(handle.db),
      // A backup from before the setting existed has no time zone yet: the default one.
      timezone: await shopTimezone(handle.db).catch(() => DEFAULT_STORE_TIMEZONE),
    };
  } finally {
    await handle.close();
  }
}

export async function restore(
  file: string,
  dataDir: string,
  migrationsFolder = path.resolve("drizzle"),
): Promise<RestoreResult> {
  const started = performance.now();
  if (!existsSync(file)) throw new BackupRefusedError(`Berkas ${file} tidak ada.`);
  const databaseDir = path.join(dataDir, "pglite");
  const uploadsDir = path.join(dataDir, "uploads");
  await mkdir(dataDir, { recursive: true });
  const lock = await lockDataDir(databaseDir, "npm run restore");
  const staging = path.join(dataDir, `restore-staging-${process.pid}`);
  try {
    await rm(staging, { recursive: true, force: true });
    const manifest = await readArchive(path.resolve(file), staging, (found) =>
      checkMigrations(found.migrations, migrationsFolder),
    );
    if (!isDataDir(path.join(staging, "pglite"))) {
      throw new BackupRefusedError("Berkas ini bukan cadangan Nyala, atau sudah rusak (database tidak ada).");
    }
    let contents;
    try {
      contents = await inspect(path.join(staging, "pglite"), migrationsFolder);
    } catch (error) {
      if (error instanceof BackupRefusedError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new BackupRefusedError(`Database di dalam cadangan tidak bisa dibuka (${reason}).`);
    }
    let keptAside: string | null = null;
    if (existsSync(databaseDir) || existsSync(uploadsDir)) {
      keptAside = path.join(dataDir, `sebelum-pemulihan-${shopStamp(new Date(), contents.timezone)}`);
      await mkdir(keptAside, { recursive: true, mode: 0o700 });
      if (existsSync(databaseDir)) await rename(databaseDir, path.join(keptAside, "pglite"));
      if (existsSync(uploadsDir)) await rename(uploadsDir, path.join(keptAside, "uploads"));
    }
    await rename(path.join(staging, "pglite"), databaseDir);
    await chmod(databaseDir, 0o700);
    await mkdir(path.join(staging, "uploads"), { recursive: true });
    await rename(path.join(staging, "uploads"), uploadsDir);
    return {
      manifest,
      ...contents,
      photos: contents.photos + (await countPhotos(uploadsDir)),
      keptAside,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await lock.release();
  }
}
