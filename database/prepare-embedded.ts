// Creates, migrates and seeds the embedded database in a child, so initdb's memory leaves with it (0002).
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
