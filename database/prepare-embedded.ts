/**
 * Creates, migrates and seeds the embedded database in a data directory, then exits:
 *   node database/prepare-embedded.ts <data dir>
 * The server runs this in a child process on its first start, so the memory PostgreSQL's initdb
 * needs (several hundred MB in WebAssembly) is returned to the system when the child exits
 * instead of staying in the server's process (docs/decisions/0002-embedded-database-memory.md).
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
