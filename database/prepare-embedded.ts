/**
 * `node database/prepare-embedded.ts <data dir>`: creates, migrates and seeds the embedded
 * database, then exits; run as a child so initdb's memory leaves with it
 * (docs/decisions/0002-embedded-database-memory.md).
 */
import { openDatabase } from "./client.server.ts";
import { seedCatalog } from "./seed.ts";

const dataDir = process.argv[2];
if (!dataDir) {
  console.error("usage: node database/prepare-embedded.ts <data dir>");
  process.exit(2);
}
const handle = await openDatabase({ dataDir });
await seedCatalog(handle.db);
await handle.close();
