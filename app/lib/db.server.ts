import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle } from "../../database/client.server.ts";
import { seedCatalog } from "../../database/seed.ts";
import { getEnv } from "./env.server.ts";
import { startNoticeRelay } from "./notices.server.ts";

// On globalThis so the dev server's module reloads do not open PGlite's data directory twice.
const globalStore = globalThis as typeof globalThis & {
  __nyalaDb?: Promise<DatabaseHandle>;
};

const TEMPLATE_ENV = "NYALA_EMBEDDED_TEMPLATE";

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!globalStore.__nyalaDb) {
    const env = getEnv();
    globalStore.__nyalaDb = (async () => {
      const handle = await openDatabase({
        databaseUrl: env.DATABASE_URL,
        dataDir: path.resolve(env.DATA_DIR, "pglite"),
        lockPurpose: "npm run dev",
        prepare: { templateDir: process.env[TEMPLATE_ENV] || undefined },
      });
      await seedCatalog(handle.db);
      if (!env.DATABASE_URL) return handle;
      const stopRelay = await startNoticeRelay(env.DATABASE_URL, (channel, payload) =>
        handle.db.execute(sql`select pg_notify(${channel}, ${payload})`),
      );
      return { ...handle, close: () => stopRelay().then(() => handle.close()) };
    })();
    if (import.meta.env.DEV) {
      globalStore.__nyalaDb.then(closeOnSignal, (error: unknown) => {
        console.error("Database tidak bisa dibuka:", error instanceof Error ? error.message : error);
        process.exit(1);
      });
    }
  }
  return globalStore.__nyalaDb;
}

export function useDatabaseHandle(handle: DatabaseHandle) {
  globalStore.__nyalaDb = Promise.resolve(handle);
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

export async function closeDatabase() {
  const opened = globalStore.__nyalaDb;
  if (!opened) return;
  await (await opened).close();
}

// In development PGlite must be closed on a signal, or the process never exits.
function closeOnSignal(handle: DatabaseHandle) {
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
