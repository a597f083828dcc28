import { execSync } from "node:child_process";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { moveOn, openEvents } from "./event-streams.ts";
import {
  adminSession,
  attemptOrder,
  dropDatabases,
  freshDatabase,
  startServer,
  submitOrder,
  type OrderAttempt,
  type Server,
} from "./servers.ts";

/**
 * PostgreSQL stopped and started again under a stream of orders (issue #26 item 6), on a real
 * production server: the server stays up, answers what needs the database with 503 and an
 * Indonesian message while it is away (a page, never a stack), /healthz says so, and once the
 * database is back it serves again without a restart: every order it acknowledged is there, the
 * open board catches up with the orders recorded since, and an open order page gets the next
 * status change (LISTEN subscribed again). Runs through scripts/with-postgres.sh (TEST_PG_CTL).
 */
afterAll(dropDatabases);

const ADMIN = "admin-restart-db@nyala.test";

function pgCtl(action: "stop" | "start") {
  const command = process.env.TEST_PG_CTL;
  if (!command) throw new Error("TEST_PG_CTL is not set: run through scripts/with-postgres.sh");
  execSync(`${command} ${action === "stop" ? "-m fast stop" : "start"}`, { stdio: "ignore" });
}

async function health(server: Server) {
  const response = await fetch(`${server.url}/healthz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("PostgreSQL stopped and started under a stream of orders", () => {
  it("the server stays up, answers 503 meanwhile, loses no acknowledged order and catches its live pages up", async () => {
    const databaseUrl = await freshDatabase();
    const server = await startServer({ databaseUrl }, { ADMIN_EMAILS: ADMIN });
    let exited = false;
    server.process.once("exit", () => (exited = true));
    try {
      const admin = await adminSession(server, ADMIN);
      const first = await submitOrder(server);
      expect(first.status).toBe(201);
      const board = await openEvents(`${server.url}/admin/pesanan/langsung`, admin);
      const page = await openEvents(`${server.url}/pesanan/${first.code}/langsung`, first.viewCookie!);
      expect((await page.next("status")).data.status).toBe("baru");

      const acknowledged = [first.code!];
      const refused: OrderAttempt[] = [];
      let running = true;
      // Four customers at once, so that queries and transactions are under way when it stops.
      const stream = Promise.all(
        Array.from({ length: 4 }, async () => {
          while (running) {
            const attempt = await attemptOrder(server);
            if (attempt.code) acknowledged.push(attempt.code);
            else refused.push(attempt);
          }
        }),
      );
      while (acknowledged.length < 6) await new Promise((resolve) => setTimeout(resolve, 50));

      pgCtl("stop");
      const refusedBefore = refused.length;
      const healthDuring = await health(server);
      while (refused.length < refusedBefore + 3) await new Promise((resolve) => setTimeout(resolve, 50));
      pgCtl("start");
      const countAfterStart = acknowledged.length;
      const deadline = Date.now() + 30_000;
      while (acknowledged.length < countAfterStart + 5 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      running = false;
      await stream;

      expect(exited, "the server exited").toBe(false);
      expect(healthDuring).toMatchObject({
        status: 503,
        body: { status: "database-unavailable", database: "unavailable" },
      });
      expect((await health(server)).body).toMatchObject({ status: "ok", database: "ok" });
      expect(acknowledged.length, "orders recorded after the database came back").toBeGreaterThanOrEqual(
        countAfterStart + 5,
      );
      expect(refused.length).toBeGreaterThanOrEqual(3);
      for (const attempt of refused) {
        expect(attempt.status).toBe(503);
        expect(attempt.retryAfter).toBe("5");
        expect(attempt.body).toContain("Server kami sedang tidak bisa menghubungi database.");
        expect(attempt.body).not.toMatch(/at .*\.js:\d+|Error:/);
      }

      const check = new pg.Client({ connectionString: databaseUrl });
      await check.connect();
      const { rows } = await check.query<{ code: string }>("select code from orders where code = any($1)", [
        acknowledged,
      ]);
      const { rows: waiting } = await check.query<{ n: number }>(
        "select count(*)::int as n from orders where status = 'baru'",
      );
      await check.end();
      expect(rows.map((row) => row.code).sort()).toEqual([...acknowledged].sort());

      // The board, open throughout, reaches the count of orders waiting now…
      await board.next("pesanan", (event) => event.data.baru === waiting[0]!.n, 30_000);
      // …and the order page hears its next change through the LISTEN subscribed again.
      expect(await moveOn(server, admin, first.code!, "diterima")).toBe(200);
      expect((await page.next("status", (event) => event.data.status === "diterima")).data.status).toBe(
        "diterima",
      );
      await Promise.all([board.close(), page.close()]);
    } finally {
      await server.stop();
    }
  });
});
