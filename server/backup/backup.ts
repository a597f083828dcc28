// npm run backup: the running shop snapshots on request, this process compresses (0014).
import { mkdir, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "../../database/client.server.ts";
import { askHolder, DataDirLockedError, lockDataDir } from "../../database/data-dir-lock.ts";
import { isDataDir } from "../../database/embedded-data-dir.ts";
import { writeArchive, type Manifest } from "./archive.ts";
import { shopStamp, shopTimezone } from "./shop-time.ts";
import { snapshotStopped, stagingRoot, type Snapshot } from "./snapshot.ts";

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  online: boolean;
  pauseMs: number;
  ms: number;
}

export const backupFileName = (date: Date, timeZone?: string) =>
  `nyala-cadangan-${shopStamp(date, timeZone)}.tar.gz`;

async function targetFile(target: string, date: Date, timeZone?: string): Promise<string> {
  if (target.endsWith(".tar.gz")) {
    await mkdir(path.dirname(path.resolve(target)), { recursive: true, mode: 0o700 });
    return path.resolve(target);
  }
  await mkdir(target, { recursive: true, mode: 0o700 });
  return path.resolve(target, backupFileName(date, timeZone));
}

async function snapshotOfStoppedShop(dataDir: string, databaseDir: string): Promise<Snapshot> {
  const lock = await lockDataDir(databaseDir, "npm run backup");
  try {
    if (!isDataDir(databaseDir))
      throw new Error(`Belum ada database di ${databaseDir}: tidak ada yang dicadangkan.`);
    const handle = await openDatabase({
      dataDir: databaseDir,
      migrate: false,
      lockPurpose: "npm run backup",
    });
    let migrations, timezone;
    try {
      migrations = await handle.appliedMigrations();
      timezone = await shopTimezone(handle.db);
    } finally {
      await handle.close();
    }
    return { ...(await snapshotStopped(dataDir, migrations)), timezone };
  } finally {
    await lock.release();
  }
}

async function snapshotOfRunningShop(databaseDir: string, locked: DataDirLockedError): Promise<Snapshot> {
  try {
    return (await askHolder(databaseDir, "snapshot")) as unknown as Snapshot;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${locked.message}\nProses itu tidak membuat cadangan (${reason}). Coba lagi setelah ia selesai.`,
      {
        cause: error,
      },
    );
  }
}

export async function backup(dataDir: string, target: string): Promise<BackupResult> {
  const started = performance.now();
  const databaseDir = path.join(dataDir, "pglite");
  let snapshot: Snapshot;
  let online = false;
  try {
    snapshot = await snapshotOfStoppedShop(dataDir, databaseDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    snapshot = await snapshotOfRunningShop(databaseDir, error);
    online = true;
  }
  try {
    const createdAt = new Date(snapshot.createdAt);
    const file = await targetFile(target, createdAt, snapshot.timezone);
    const manifest = await writeArchive(
      snapshot.dir,
      { createdAt: snapshot.createdAt, migrations: snapshot.migrations },
      file,
    );
    return {
      file,
      bytes: (await stat(file)).size,
      manifest,
      online,
      pauseMs: snapshot.pauseMs,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await rm(snapshot.dir, { recursive: true, force: true });
    await rmdir(stagingRoot(dataDir)).catch(() => undefined); // only when empty
  }
}
