/**
 * For the one-box suite: commands run to their end (a second server, the owner's scripts), order
 * streams that record what the server acknowledged, and what the data directory holds afterwards.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../database/client.server.ts";
import { recordOrder, type Server } from "./servers.ts";

export interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `command` from the project's folder to its end (killed after `timeoutMs`). */
export function runToExit(
  command: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<Exited> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Math.round(performance.now() - started) });
    });
  });
}

/** An owner's script (scripts/*.ts) on the embedded database in `dataDir`. */
export const runScript = (script: string, args: string[], dataDir: string) =>
  runToExit(process.execPath, [`scripts/${script}`, ...args], { DATA_DIR: dataDir, DATABASE_URL: "" });

/** Orders recorded by `workers` clients in parallel until `stop()`; the codes acknowledged with 201. */
export function orderStream(server: Server, workers = 4) {
  const codes: string[] = [];
  let running = true;
  const done = Promise.all(
    Array.from({ length: workers }, async () => {
      while (running) {
        try {
          const code = await recordOrder(server);
          if (code) codes.push(code);
        } catch {
          return; // the server went away
        }
      }
    }),
  );
  return {
    codes,
    /** Resolves once `count` orders were acknowledged (a count, never a time). */
    async acknowledged(count: number) {
      while (codes.length < count) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    async stop() {
      running = false;
      await done;
      return [...codes];
    },
  };
}

export interface StoredOrders {
  /** Acknowledged codes that are not in the database. */
  missing: string[];
  /** Orders in the database without a single line. */
  withoutLines: number;
  total: number;
}

/** Opens the (stopped) server's embedded database and checks the acknowledged orders. */
export async function storedOrders(dataDir: string, acknowledged: string[]): Promise<StoredOrders> {
  const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  try {
    const codes = new Set(
      (
        (await handle.db.execute(sql`select code from orders`)) as unknown as { rows: { code: string }[] }
      ).rows.map((row) => row.code),
    );
    const orphans = (await handle.db.execute(
      sql`select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
    )) as unknown as { rows: { n: number }[] };
    return {
      missing: acknowledged.filter((code) => !codes.has(code)),
      withoutLines: orphans.rows[0]?.n ?? -1,
      total: codes.size,
    };
  } finally {
    await handle.close();
  }
}
