// A consistent copy of the database and photos while the shop serves: a live pass, then a paused one (0014).
import { copyFile, link, lstat, mkdir, readdir, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { AppliedMigration } from "../../database/client.server.ts";
import type { DataDirLock } from "../../database/data-dir-lock.ts";
import { copyTree } from "../../database/embedded-data-dir.ts";

/** Files changed this long before the first copy began are copied again (coarse file clocks). */
const CLOCK_MARGIN_MS = 2000;
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
  timezone?: string;
}

interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
}

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

export function serveSnapshots(lock: DataDirLock, dataDir: string, source: SnapshotSource) {
  lock.serve("snapshot", async () => ({ ...(await snapshotDataDir(dataDir, source)) }));
}

export async function snapshotStopped(dataDir: string, migrations: AppliedMigration[]): Promise<Snapshot> {
  const createdAt = new Date();
  const dir = await newStagingDir(dataDir, createdAt);
  await copyTree(path.join(dataDir, "pglite"), path.join(dir, "pglite"));
  await linkTree(path.join(dataDir, "uploads"), path.join(dir, "uploads"));
  await mkdir(path.join(dir, "uploads"), { recursive: true });
  return { dir, migrations, pauseMs: 0, createdAt: createdAt.toISOString() };
}
