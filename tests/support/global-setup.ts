import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../database/client.server.ts";
import { seedCatalog } from "../../database/seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * Builds one migrated and seeded PGlite cluster and saves it as a snapshot; every test file
 * starts its own database from that snapshot (0.7 s) instead of running initdb (3 s).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "nyala-test-"));
  const handle = await openDatabase({ dataDir: "memory://" });
  await seedCatalog(handle.db);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const snapshot = await client.dumpDataDir("none");
  const file = path.join(dir, "snapshot.tar");
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  await handle.close();
  project.provide("pgliteSnapshot", file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
