/**
 * A database that stopped at an earlier migration, for tests of what a migration does to the
 * rows already there: PGlite in memory, or a new database on the suite's PostgreSQL
 * (TEST_DATABASE_URL). `migrate()` applies the rest, as a server's next start would.
 */
import { randomBytes } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "../../database/client.server.ts";

const FULL = path.resolve("drizzle");

export async function databaseMigratedTo(last: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "nyala-migration-"));
  const folder = path.join(dir, "drizzle");
  await mkdir(path.join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(await readFile(path.join(FULL, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === last) + 1);
  await writeFile(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const file of await readdir(FULL))
    if (file.endsWith(".sql")) await copyFile(path.join(FULL, file), path.join(folder, file));

  const serverUrl = process.env.TEST_DATABASE_URL;
  let drop = async () => undefined as void;
  let handle: DatabaseHandle;
  if (!serverUrl) {
    handle = await openDatabase({ dataDir: "memory://", migrationsFolder: folder });
  } else {
    const { default: pg } = await import("pg");
    const name = `nyala_mig_${randomBytes(5).toString("hex")}`;
    const run = async (query: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(query);
      await client.end();
    };
    await run(`create database ${name}`);
    drop = () => run(`drop database if exists ${name} with (force)`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), migrationsFolder: folder });
  }
  return {
    handle,
    async migrate() {
      const { migrate } =
        handle.kind === "pglite"
          ? await import("drizzle-orm/pglite/migrator")
          : await import("drizzle-orm/node-postgres/migrator");
      await migrate(handle.db as never, { migrationsFolder: FULL });
    },
    async close() {
      await handle.close();
      await drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
