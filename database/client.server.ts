import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { lockDataDir } from "./data-dir-lock.ts";
import { drizzleClient } from "./pglite-queries.ts";
import { ensureEmbeddedDataDir } from "./embedded-data-dir.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  ping(): Promise<void>;
  appliedMigrations(): Promise<AppliedMigration[]>;
  /** Embedded only: runs `fn` between transactions after a checkpoint, the files unchanged meanwhile. */
  pause?<T>(fn: () => Promise<T>): Promise<T>;
}

interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  migrationsFolder?: string;
  loadDataDir?: Blob;
  lockPurpose?: string;
  prepare?: { templateDir?: string };
  migrate?: boolean;
}

// shared_buffers is PostgreSQL's page cache inside PGlite's WebAssembly memory (0002).
function pgliteSettings(): string[] {
  return ["-c", `shared_buffers=${process.env.PGLITE_SHARED_BUFFERS || "16MB"}`];
}

const defaultMigrations = () => path.resolve(process.cwd(), "drizzle");

// Seeding is the starter's job (seed.ts), so a script that only reads never writes the catalog.
export function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrations();
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrationsFolder, options.migrate ?? true)
    : openPglite(options.dataDir ?? "./data/pglite", migrationsFolder, options);
}

type RowQuery = (text: string) => Promise<{ rows: unknown[] }>;

async function readAppliedMigrations(query: RowQuery): Promise<AppliedMigration[]> {
  const found = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as exists");
  if (!(found.rows[0] as { exists?: boolean } | undefined)?.exists) return [];
  const { rows } = await query(
    "select hash, created_at from drizzle.__drizzle_migrations order by created_at, id",
  );
  return (rows as { hash: string; created_at: string | number }[]).map((row) => ({
    hash: row.hash,
    createdAt: Number(row.created_at),
  }));
}

async function openPglite(
  dataDir: string,
  migrationsFolder: string,
  options: DatabaseOptions,
): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  const lock = inMemory ? null : await lockDataDir(dataDir, options.lockPurpose ?? defaultPurpose());
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    if (!inMemory && options.prepare) await ensureEmbeddedDataDir(dataDir, options.prepare);
    if (!inMemory) await mkdir(dataDir, { recursive: true });
    const client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...pgliteSettings()],
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzle({ client: drizzleClient(client), schema }) as unknown as Database;
    if (options.migrate ?? true) await migrate(db as never, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      close: async () => {
        await client.close();
        await lock?.release();
      },
      ping: async () => {
        await client.query("select 1");
      },
      appliedMigrations: () => readAppliedMigrations((text) => client.query(text)),
      pause: async (fn) => {
        // Written-back pages make the copy a clean one; the WAL alone would also recover it.
        await client.exec("checkpoint");
        return client._runExclusiveTransaction(() => client._runExclusiveQuery(fn));
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

const defaultPurpose = () => path.basename(process.argv[1] ?? "node");

async function openPostgres(
  url: string,
  migrationsFolder: string,
  migrateNow: boolean,
): Promise<DatabaseHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
  // A closed connection emits "error" on the pool or on its client; unhandled, either ends the process.
  pool.on("connect", (client) =>
    client.on("error", (error) => console.error("Koneksi database terputus:", error.message)),
  );
  pool.on("error", () => undefined); // the client's own listener above has logged it
  const db = drizzle({ client: pool, schema });

  if (migrateNow) {
    // Several app servers may start at once against one database: one migrates, the others wait.
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock(724501)");
      await migrate(drizzle({ client: lockClient, schema }), { migrationsFolder });
    } finally {
      await lockClient.query("select pg_advisory_unlock(724501)").catch(() => undefined);
      lockClient.release();
    }
  }
  return {
    db: db as unknown as Database,
    kind: "postgres",
    close: () => pool.end(),
    ping: async () => {
      await pool.query("select 1");
    },
    appliedMigrations: () => readAppliedMigrations((text) => pool.query(text)),
  };
}
