/**
 * Catalog changes across app servers that share one PostgreSQL database. Each server keeps the
 * catalog for a moment in memory (catalog-cache.server.ts); a write on one server would stay
 * invisible on the others until their copies expire. After a committed write the writing server
 * sends NOTIFY on one channel; every server LISTENs on its own connection and clears its copies,
 * so the change shows at the next page load wherever it lands.
 *
 * A lost listening connection is opened again after a second; meanwhile, and for a notice lost
 * with it, the cache's own lifetime (CATALOG_CACHE_MS) bounds how stale a page can be.
 * The embedded database (PGlite) has one server by construction and needs none of this.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../database/client.server.ts";
import { clearCatalogCacheForPeer, publishCatalogInvalidations } from "./content-cache.server.ts";

const CHANNEL = "nyala_catalog";
const RECONNECT_MS = 1000;

export async function startCatalogSync(databaseUrl: string, db: Database): Promise<() => Promise<void>> {
  const { default: pg } = await import("pg");
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | undefined;

  publishCatalogInvalidations(() => {
    db.execute(sql`select pg_notify(${CHANNEL}, '')`).catch((error: unknown) => {
      console.error("Perubahan katalog tidak terkirim ke server lain:", (error as Error).message);
    });
  });

  const listen = async () => {
    if (stopped) return;
    const connection = new pg.Client({ connectionString: databaseUrl });
    client = connection;
    let retried = false;
    const retry = () => {
      if (retried || stopped) return;
      retried = true;
      // Whatever was missed while the connection was down is cleared now.
      clearCatalogCacheForPeer();
      setTimeout(() => void listen(), RECONNECT_MS).unref();
    };
    connection.on("notification", () => clearCatalogCacheForPeer());
    connection.on("error", (error) => {
      console.error("Koneksi LISTEN katalog terputus:", error.message);
      void connection.end().catch(() => undefined);
      retry();
    });
    connection.on("end", retry);
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      console.error("LISTEN katalog gagal:", (error as Error).message);
      void connection.end().catch(() => undefined);
      retry();
    }
  };
  await listen();

  return async () => {
    stopped = true;
    publishCatalogInvalidations(undefined);
    await client?.end().catch(() => undefined);
  };
}
