// The production server: lock, app build, HTTP server, database, snapshots, graceful stop (0014, 0015).
import { statfs } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { DatabaseHandle } from "../database/client.server.ts";
import { DataDirLockedError, lockDataDir, type DataDirLock } from "../database/data-dir-lock.ts";
import { shopTimezone } from "./backup/shop-time.ts";
import { serveSnapshots } from "./backup/snapshot.ts";
import type { Phase } from "./health.ts";
import { createAppServer } from "./http-server.ts";

/** Exit code when another process is in the way (the data directory's lock, the port): no restart helps. */
export const EXIT_IN_THE_WAY = 3;
const STOP_GRACE_MS = 15_000;

interface AppHooks {
  getDatabaseHandle(): Promise<DatabaseHandle>;
  closeDatabase(): Promise<void>;
  stopWorkers(): Promise<void>;
  outageSeenWithin(kind: "disk", ms: number): boolean;
}

const DISK_FULL_NOTED_MS = 60_000;

process.env.NODE_ENV ??= "production";
const startedAt = Date.now();
const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
const embedded = !process.env.DATABASE_URL?.trim();
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;

let phase: Phase = "starting";
let lock: DataDirLock | null = null;

if (embedded) {
  try {
    lock = await lockDataDir(path.join(dataDir, "pglite"), "server Nyala (npm start)");
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(EXIT_IN_THE_WAY);
  }
  if (lock.previousHolder) {
    console.log(
      `Kunci folder data dari proses ${lock.previousHolder.pid} yang sudah berhenti diambil alih (${lock.dir}).`,
    );
  }
  // The app copies a new data directory from the build's template instead of running initdb.
  process.env.NYALA_EMBEDDED_TEMPLATE = path.join(buildDir, "embedded-template");
}

const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const hooks = build.entry.module as unknown as AppHooks;
let handle: DatabaseHandle | null = null;

const app = createAppServer(build, {
  phase: () => phase,
  ping: () => (handle ? handle.ping() : Promise.reject(new Error("not open"))),
  freeDiskBytes: async () => {
    const disk = await statfs(dataDir).catch(() => statfs(path.dirname(dataDir)));
    return disk.bavail * disk.bsize;
  },
  diskFullLately: () => hooks.outageSeenWithin("disk", DISK_FULL_NOTED_MS),
  startedAt,
  restarts: Number(process.env.NYALA_RESTARTS ?? 0) || 0,
});

app.server.once("error", (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === "EADDRINUSE" ? `Port ${port} sudah dipakai proses lain. Pilih PORT lain.` : error.message,
  );
  process.exit(error.code === "EADDRINUSE" ? EXIT_IN_THE_WAY : 1);
});
app.server.listen({ port, host }, () => {
  console.log(`Nyala berjalan di http://localhost:${port}${embedded ? ` (data: ${dataDir})` : ""}`);
});

let stopping: Promise<void> | null = null;
async function stop(signal: NodeJS.Signals) {
  phase = "stopping";
  console.log(`${signal}: server berhenti menerima permintaan baru, menyelesaikan yang sedang berjalan…`);
  // The push worker, like the requests in flight, is done with the database before it closes.
  await Promise.all([
    app.drain(STOP_GRACE_MS),
    handle &&
      hooks
        .stopWorkers()
        .catch((error: unknown) => console.error("Menghentikan pekerjaan latar gagal:", error)),
  ]);
  // A database still opening is left to the end of the process, like a crash it recovers from.
  if (handle)
    await hooks.closeDatabase().catch((error: unknown) => console.error("Menutup database gagal:", error));
  await lock?.release();
  console.log("Server berhenti.");
  process.exit(signal === "SIGINT" ? 130 : 0);
}
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  // A service manager and a terminal may both send one: the first stops, the others wait for it.
  process.on(signal, () => {
    stopping ??= stop(signal);
  });
}

try {
  const opened = await hooks.getDatabaseHandle();
  handle = opened;
  if (lock && opened.pause) {
    serveSnapshots(lock, dataDir, {
      pause: opened.pause,
      appliedMigrations: opened.appliedMigrations,
      timezone: () => shopTimezone(opened.db),
    });
  }
} catch (error) {
  console.error("Database tidak bisa dibuka:", error instanceof Error ? error.message : error);
  process.exit(1);
}
if (phase === "starting") phase = "ready";
