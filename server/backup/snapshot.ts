/**
 * A consistent copy of the embedded database and photos while the shop serves: a live copy, then
 * the changed files under a pause of milliseconds (docs/decisions/0014-one-box.md). Into
 * DATA_DIR/backup-staging/; `npm run backup` packs it.
 */
import { copyFile, link, lstat, mkdir, readdir, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { AppliedMigration } from "../../database/client.server.ts";
import type { DataDirLock } from "../../database/data-dir-lock.ts";
import { copyTree } from "../../database/embedded-data-dir.ts";

/** Files changed this long before the first copy began are copied again (coarse file clocks). */
const CLOCK_MARGIN_MS = 2000;
/** Staging folders older than this were left by a backup that died: removed on the next one. */
const STALE_STAGING_MS = 60 * 60 * 1000;

export const stagingRoot = (dataDir: string) => path.join(dataDir, "backup-staging");

async function newStagingDir(dataDir: string, createdAt: Date): Promise<string> {
  await mkdir(stagingRoot(dataDir), { recursive: true, mode: 0o700 });
  return path.join(stagingRoot(dataDir), `${createdAt.getTime()}-${process.pid}`);
}

export interface Snapshot {
  dir: string;
  migrations: AppliedMigration[];
  pauseMs: number;
  createdAt: string;
  /** The shop's time zone, for the backup's file name (shop-time.ts). */
  timezone?: string;
}

interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
}

/** Every file under `root` (relative paths); folders, empty ones too, go to `folders` when given. */
async function* files(root: string, folders?: string[], relative = ""): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const name = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      folders?.push(name);
      yield* files(root, folders, name);
    } else if (entry.isFile()) {
      yield name;
    }
  }
}

/** PostgreSQL needs its empty folders (pg_notify, pg_tblspc…) as much as its files. */
async function makeFolders(to: string, folders: string[]) {
  for (const folder of folders) await mkdir(path.join(to, folder), { recursive: true });
}

const stampOf = async (file: string): Promise<FileStamp> => {
  const { ino, size, mtimeMs } = await stat(file);
  return { ino, size, mtimeMs };
};

/** First pass, while the database runs: every file, with its stamp from before it was copied. */
async function copyLive(from: string, to: string): Promise<Map<string, FileStamp>> {
  const stamps = new Map<string, FileStamp>();
  const folders: string[] = [];
  for await (const name of files(from, folders)) {
    try {
      stamps.set(name, await stampOf(path.join(from, name)));
      await mkdir(path.dirname(path.join(to, name)), { recursive: true });
      await copyFile(path.join(from, name), path.join(to, name));
    } catch (error) {
      // Deleted meanwhile: the second pass settles it.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      stamps.delete(name);
    }
  }
  await makeFolders(to, folders);
  return stamps;
}

/** Second pass, under the pause: what changed, appeared or went away since the first began. */
async function copyChanged(from: string, to: string, stamps: Map<string, FileStamp>, since: number) {
  const present = new Set<string>();
  const changed: string[] = [];
  const folders: string[] = [];
  for await (const name of files(from, folders)) {
    present.add(name);
    const before = stamps.get(name);
    const now = await stampOf(path.join(from, name));
    const same =
      before && before.ino === now.ino && before.size === now.size && before.mtimeMs === now.mtimeMs;
    if (!same || now.mtimeMs >= since - CLOCK_MARGIN_MS) changed.push(name);
  }
  await makeFolders(to, folders);
  await Promise.all(
    changed.map(async (name) => {
      await mkdir(path.dirname(path.join(to, name)), { recursive: true });
      await copyFile(path.join(from, name), path.join(to, name));
    }),
  );
  for await (const name of files(to)) {
    if (!present.has(name)) await unlink(path.join(to, name));
  }
}

/** Links every photo (temporary files of an upload in progress left out); copies where links fail. */
async function linkTree(from: string, to: string) {
  for await (const name of files(from)) {
    if (name.endsWith(".tmp")) continue;
    await mkdir(path.dirname(path.join(to, name)), { recursive: true });
    await link(path.join(from, name), path.join(to, name)).catch(() =>
      copyFile(path.join(from, name), path.join(to, name)),
    );
  }
}

async function removeStaleStaging(dataDir: string) {
  const root = stagingRoot(dataDir);
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const info = await lstat(path.join(root, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_STAGING_MS) {
      await rm(path.join(root, name), { recursive: true, force: true });
    }
  }
}

export interface SnapshotSource {
  pause<T>(fn: () => Promise<T>): Promise<T>;
  appliedMigrations(): Promise<AppliedMigration[]>;
  timezone?(): Promise<string>;
}

/** Copies DATA_DIR/pglite and DATA_DIR/uploads into a new staging folder. */
export async function snapshotDataDir(dataDir: string, source: SnapshotSource): Promise<Snapshot> {
  await removeStaleStaging(dataDir);
  const createdAt = new Date();
  const dir = await newStagingDir(dataDir, createdAt);
  const database = path.join(dataDir, "pglite");
  const migrations = await source.appliedMigrations();
  const timezone = await source.timezone?.();
  const since = Date.now();
  const stamps = await copyLive(database, path.join(dir, "pglite"));
  let pauseMs = 0;
  await source.pause(async () => {
    const paused = performance.now();
    await copyChanged(database, path.join(dir, "pglite"), stamps, since);
    await linkTree(path.join(dataDir, "uploads"), path.join(dir, "uploads"));
    pauseMs = Math.round(performance.now() - paused);
  });
  await mkdir(path.join(dir, "uploads"), { recursive: true });
  return { dir, migrations, pauseMs, createdAt: createdAt.toISOString(), ...(timezone ? { timezone } : {}) };
}

/** Lets `npm run backup` ask the running server for a snapshot over the lock's socket. */
export function serveSnapshots(lock: DataDirLock, dataDir: string, source: SnapshotSource) {
  lock.serve("snapshot", async () => ({ ...(await snapshotDataDir(dataDir, source)) }));
}

/** The same copy when no server runs (the caller holds the lock): nothing changes meanwhile. */
export async function snapshotStopped(dataDir: string, migrations: AppliedMigration[]): Promise<Snapshot> {
  const createdAt = new Date();
  const dir = await newStagingDir(dataDir, createdAt);
  await copyTree(path.join(dataDir, "pglite"), path.join(dir, "pglite"));
  await linkTree(path.join(dataDir, "uploads"), path.join(dir, "uploads"));
  await mkdir(path.join(dir, "uploads"), { recursive: true });
  return { dir, migrations, pauseMs: 0, createdAt: createdAt.toISOString() };
}
