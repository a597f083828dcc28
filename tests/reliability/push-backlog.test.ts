import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../database/client.server.ts";
import { pushDeliveries } from "../../database/schema.ts";
import {
  fakeSubscription,
  startFakePushService,
  startSilentService,
  type ConnectionCount,
} from "../support/fake-push-service.ts";
import { quickOrders, subscribeDevices, watchServer } from "./push-support.ts";
import { adminSession, dropDatabases, freshDatabase, startServer, type Server } from "./servers.ts";

/**
 * A push backlog against push services in an outage (#38, docs/decisions/0047-push-backlog.md):
 * ten admin devices on services that hang (one takes the connection and never says a word, not
 * even TLS; one reads the request and never answers) or refuse at once, then 300 guests' quick
 * checkouts from 8 addresses on the embedded database. The server keeps its memory budget,
 * /healthz answers quickly throughout, the services see a few connections at once, the log gets
 * summaries. A SIGTERM under load stops the server once the pushes in flight are answered and
 * recorded, without an error line.
 */
afterAll(dropDatabases);

const ADMIN = "admin-antrean@nyala.test";
const ENV = { ADMIN_EMAILS: ADMIN, NYALA_TEST_MODE: "1", TRUST_PROXY: "1" };
const ORDERS = 300;
/** After the last checkout: every first push has timed out, and hosts were paused and tried again. */
const AFTER_MS = 40_000;
const RSS_BUDGET_MB = 256;
// On a quiet machine the backlog's p99 is 7-77 ms (printed above each run, decision 0047); the
// bound leaves room for a busy CI machine and still fails without the pool (p99 660 ms).
const HEALTH_P99_MS = 400;

const dataDirs: string[] = [];
afterAll(() => Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true }))));
async function embedded() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-push-"));
  dataDirs.push(dataDir);
  return { dataDir };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The push pool's own notices about the push services (failures summed up, a host paused). */
const PUSH_NOTICE = /^(Push sejak ringkasan terakhir|Layanan push \S+ gagal)/;
/** Lines a failure of the server would print (errors, failed queries, a crash), not the access log's. */
const errorLines = (log: string[]) =>
  log.filter(
    (line) =>
      /error|gagal|fatal|heap|unhandled|ECONN/i.test(line) &&
      !/^(GET|POST|HEAD) \//.test(line) &&
      !PUSH_NOTICE.test(line),
  );

async function backlog(label: string, services: { url: string; connections: ConnectionCount }[]) {
  const server = await startServer(await embedded(), ENV, { log: true });
  try {
    const cookie = await adminSession(server, ADMIN);
    const devices = Array.from({ length: 10 }, (_, index) =>
      fakeSubscription(services[index % services.length]!.url, `perangkat-${index}`),
    );
    await subscribeDevices(server, cookie, devices);
    const watch = watchServer(server, "checkouts");
    const started = Date.now();
    const statuses = await quickOrders(server, ORDERS);
    const ordersMs = Date.now() - started;
    watch.phase("backlog");
    await sleep(AFTER_MS);
    const watched = await watch.stop();
    const pushLines = server.log.filter((line) => /push/i.test(line) && !/^(GET|POST) \//.test(line));
    const most = services.map((service) => service.connections.most);
    const health = (phase: string) => {
      const { p50, p99, max, count } = watched.health[phase]!;
      return `${phase} p50 ${p50} ms, p99 ${p99} ms, max ${max} ms (${count} asked)`;
    };
    console.log(
      `${label}: ${ORDERS} quick checkouts in ${(ordersMs / 1000).toFixed(1)} s, then ${AFTER_MS / 1000} s; ` +
        `most connections at once per service ${most.join(" / ")} (in all ${services.map((s) => s.connections.total).join(" / ")}); ` +
        `RSS max ${watched.rssMaxMb} MB; /healthz ${health("checkouts")}; ${health("backlog")}; push log lines ${pushLines.length}`,
    );
    for (const line of pushLines.slice(0, 6)) console.log(`  ${line}`);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(server.process.exitCode).toBeNull();
    expect(watched.healthFailures).toEqual([]);
    expect(watched.rssMaxMb).toBeLessThan(RSS_BUDGET_MB);
    // The checkouts themselves hold the embedded database (p99 140–300 ms here without any push
    // device); the backlog after them is the push worker's alone.
    expect(watched.health.backlog!.p99).toBeLessThan(HEALTH_P99_MS);
    expect(watched.health.checkouts!.max).toBeLessThan(3_000);
    for (const count of most) expect(count).toBeLessThanOrEqual(4);
    // Summaries: a pause's first notice per host, one line a minute, not a line per push.
    expect(pushLines.length).toBeLessThanOrEqual(6);
    expect(errorLines(server.log)).toEqual([]);
  } finally {
    await server.stop();
  }
}

describe("a push backlog on the embedded database", () => {
  it(`push services that hang: ${ORDERS} orders for 10 devices leave memory, /healthz and the services' connections bounded`, async () => {
    const silent = await startSilentService();
    const hanging = await startFakePushService();
    hanging.answerWith("hang");
    try {
      await backlog("hanging services (TLS silent / HTTP unanswered)", [silent, hanging]);
    } finally {
      await Promise.all([silent.close(), hanging.close()]);
    }
  }, 300_000);

  it(`a push service that refuses at once: the same ${ORDERS} orders, the same bounds`, async () => {
    const refusing = await startFakePushService();
    refusing.answerWith(503);
    try {
      await backlog("a service refusing at once (503)", [refusing]);
    } finally {
      await refusing.close();
    }
  }, 300_000);
});

/** The pushes' states in the server's database, read once it has stopped. */
async function pushStates(database: { dataDir: string } | { databaseUrl: string }) {
  const handle = await openDatabase(
    "dataDir" in database ? { dataDir: path.join(database.dataDir, "pglite") } : database,
  );
  try {
    const rows = await handle.db.select().from(pushDeliveries);
    return {
      sent: rows.filter((row) => row.state === "sent").length,
      leased: rows.filter((row) => row.state === "pending" && row.claimed_until).length,
    };
  } finally {
    await handle.close();
  }
}

describe("SIGTERM under load", () => {
  for (const kind of ["embedded", "postgres"] as const)
    it(`stops the server with checkouts and pushes in flight: their answers recorded, no error line (${kind})`, async () => {
      // A push service that answers after a second: pushes are in flight whenever the stop comes.
      const slow = await startFakePushService();
      slow.answerWith({ status: 201, afterMs: 1_000 });
      const database = kind === "embedded" ? await embedded() : { databaseUrl: await freshDatabase() };
      let server: Server | undefined;
      try {
        server = await startServer(database, ENV, { log: true });
        const cookie = await adminSession(server, ADMIN);
        await subscribeDevices(
          server,
          cookie,
          Array.from({ length: 10 }, (_, index) => fakeSubscription(slow.url, `berhenti-${index}`)),
        );
        const ordering = quickOrders(server, 1_000).catch(() => []);
        await slow.waitFor(20, 30_000);
        const exited = new Promise<number | null>((resolve) => server!.process.once("exit", resolve));
        server.process.kill("SIGTERM");
        expect(await exited).toBe(0);
        await ordering;
        expect(server.log.some((line) => line.startsWith("SIGTERM: server berhenti"))).toBe(true);
        expect(server.log.at(-1)).toBe("Server berhenti.");
        expect(errorLines(server.log)).toEqual([]);
        // Every push the service took was answered before the database closed, and kept as sent:
        // none is left leased, to be sent again by the next server.
        expect(await pushStates(database)).toEqual({ sent: slow.received.length, leased: 0 });
      } finally {
        await server?.stop();
        await slow.close();
      }
    }, 120_000);
});
