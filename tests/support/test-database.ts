import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../database/client.server.ts";
import { seedCatalog } from "../../database/seed.ts";

/**
 * A fresh, migrated and seeded database for one test file.
 * With TEST_DATABASE_URL (postgres://…) set, a new database on that PostgreSQL server, dropped
 * on close; otherwise an in-memory PGlite started from the global snapshot.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = await readFile(inject("pgliteSnapshot"));
    return openDatabase({ dataDir: "memory://", loadDataDir: new Blob([snapshot]) });
  }
  const { default: pg } = await import("pg");
  const name = `nyala_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await seedCatalog(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const testDatabaseKind = () => (process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
