import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle } from "../../database/client.server.ts";
import { seedCatalog } from "../../database/seed.ts";
import { getEnv } from "./env.server.ts";
import { startNoticeRelay } from "./notices.server.ts";

// One database per server process. Kept on globalThis so the dev server's module reloads
// do not open PGlite's data directory twice.
const globalStore = globalThis as typeof globalThis & {
  __nyalaDb?: Promise<DatabaseHandle>;
};

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!globalStore.__nyalaDb) {
    const env = getEnv();
    const dataDir = path.resolve(env.DATA_DIR, "pglite");
    globalStore.__nyalaDb = (async () => {
      if (!env.DATABASE_URL) await prepareEmbeddedDataDir(dataDir);
      const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
      await seedCatalog(handle.db);
      if (!env.DATABASE_URL) return handle;
      // Other app servers may share this database: notices reach them through it.
      const stopRelay = await startNoticeRelay(env.DATABASE_URL, (channel, payload) =>
        handle.db.execute(sql`select pg_notify(${channel}, ${payload})`),
      );
      return { ...handle, close: () => stopRelay().then(() => handle.close()) };
    })();
    globalStore.__nyalaDb.then(registerShutdown, (error: unknown) => {
      console.error("Database tidak bisa dibuka:", error);
      process.exit(1);
    });
  }
  return globalStore.__nyalaDb;
}

/**
 * A new embedded data directory is created by a short-lived child process (initdb, migrations,
 * seed): initdb's memory then leaves with the child instead of staying in the server.
 */
async function prepareEmbeddedDataDir(dataDir: string) {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const script = path.resolve(process.cwd(), "database/prepare-embedded.ts");
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [script, dataDir], { stdio: "inherit", env: process.env });
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`preparing the embedded database in ${dataDir} failed (exit ${code})`);
}

/** Points the app at a database the caller opened (integration tests). */
export function useDatabaseHandle(handle: DatabaseHandle) {
  globalStore.__nyalaDb = Promise.resolve(handle);
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

// react-router-serve only closes its HTTP server on a signal; PGlite must be closed too, or
// the process never exits and the last writes may not reach the data directory.
function registerShutdown(handle: DatabaseHandle) {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    handle.close().then(
      () => process.exit(signal === "SIGINT" ? 130 : 0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
