import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** `postgres://…` runs on a PostgreSQL server; empty means the embedded PGlite. */
  databaseUrl?: string;
  /** PGlite's data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  migrationsFolder?: string;
  /** A PGlite snapshot (`dumpDataDir`) to start from instead of an empty cluster (tests). */
  loadDataDir?: Blob;
}

/**
 * PostgreSQL settings for the embedded database. shared_buffers is PostgreSQL's page cache
 * inside PGlite's WebAssembly memory; 16 MB holds the whole catalog and keeps the server's
 * memory small (docs/decisions/0002-embedded-database-memory.md). PGLITE_SHARED_BUFFERS changes it.
 */
function pgliteSettings(): string[] {
  return ["-c", `shared_buffers=${process.env.PGLITE_SHARED_BUFFERS || "16MB"}`];
}

const defaultMigrations = () => path.resolve(process.cwd(), "drizzle");

/**
 * Opens the database and applies the committed migrations. Seeding is the starter's job
 * (`seedCatalog` in seed.ts), so a script that only reads or imports never writes the catalog.
 */
export function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrations();
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrationsFolder)
    : openPglite(options.dataDir ?? "./data/pglite", migrationsFolder, options.loadDataDir);
}

async function openPglite(
  dataDir: string,
  migrationsFolder: string,
  loadDataDir?: Blob,
): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (!dataDir.startsWith("memory://")) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings()],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    close: () => client.close(),
  };
}

async function openPostgres(url: string, migrationsFolder: string): Promise<DatabaseHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
  // An idle connection that the server closes (restart, failover, admin command) emits an error
  // on the pool; unhandled, it would crash the process. The pool replaces the connection.
  pool.on("error", (error) => console.error("Koneksi database terputus:", error.message));
  const db = drizzle({ client: pool, schema });

  // Several app servers may start at once against one database: one migrates, the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock(724501)");
    await migrate(drizzle({ client: lockClient, schema }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock(724501)").catch(() => undefined);
    lockClient.release();
  }
  return {
    db: db as unknown as Database,
    kind: "postgres",
    close: () => pool.end(),
  };
}
