import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHECKOUT_FORM,
  fillCart,
  freePort,
  orderCodeIn,
  startServer,
  VAPID_SUBJECT,
  type Server,
} from "./servers.ts";
import { orderStream, runScript, runToExit, storedOrders } from "./one-box-support.ts";

/**
 * One embedded database, one server (issue #19), against the production build: a second server
 * or script on the same data directory refuses to start, a lock left by a killed server is taken
 * over, SIGTERM finishes what is in flight and loses nothing, and the health check tells a
 * starting server from a ready one.
 */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "nyala-one-box-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let dirs = 0;
const freshDataDir = () => path.join(root, `data-${(dirs += 1)}`);
const lockHolderPid = (dataDir: string) =>
  (JSON.parse(readFileSync(path.join(dataDir, "pglite.lock"), "utf8")) as { pid: number }).pid;

describe("the embedded data directory's lock", () => {
  it("a second server on the same directory exits 3 naming the first, which keeps serving and loses nothing", async () => {
    const dataDir = freshDataDir();
    const first = await startServer({ dataDir });
    const orders = orderStream(first);
    let acknowledged: string[];
    try {
      const second = await runToExit("bash", ["scripts/serve.sh"], {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PORT: String(await freePort()),
      });
      expect(second.code).toBe(3);
      expect(second.stderr).toContain(
        `Folder data ${path.join(dataDir, "pglite")} sedang dipakai oleh proses ${first.process.pid}`,
      );
      const importer = await runScript("import-users.ts", ["tests/fixtures/firestore-users.json"], dataDir);
      expect(importer.code).toBe(1);
      expect(importer.stderr).toContain(`sedang dipakai oleh proses ${first.process.pid}`);
      expect((await fetch(`${first.url}/beranda`)).status).toBe(200);
      await orders.acknowledged(10);
    } finally {
      acknowledged = await orders.stop();
      await first.stop();
    }
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(await storedOrders(dataDir, acknowledged)).toMatchObject({ missing: [], withoutLines: 0 });
  }, 120_000);

  it("a lock left by a server killed with SIGKILL is taken over by the next start, no cleanup by hand", async () => {
    const dataDir = freshDataDir();
    const first = await startServer({ dataDir });
    const killedPid = first.process.pid!;
    first.process.kill("SIGKILL");
    await first.stop();
    expect(lockHolderPid(dataDir)).toBe(killedPid);
    const second = await startServer({ dataDir });
    try {
      expect(lockHolderPid(dataDir)).toBe(second.process.pid);
      expect((await fetch(`${second.url}/beranda`)).status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 120_000);
});

/**
 * A filled cart's checkout, POST /pesanan asking first (Expect: 100-continue): the server's "100 Continue" proves it has
 * taken the request in; `between` runs then, and only after it the body is sent.
 */
async function orderInFlight(
  server: Server,
  between: () => Promise<void>,
): Promise<{ status: number; body: string }> {
  const cookie = await fillCart(server);
  const body = CHECKOUT_FORM;
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/pesanan",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": Buffer.byteLength(body),
        cookie,
        expect: "100-continue",
      },
    });
    request.on("error", reject);
    request.on("continue", () => between().then(() => request.end(body), reject));
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.flushHeaders();
  });
}

/** Resolves once `port` refuses new connections (the server stopped listening). */
async function refusesConnections(port: number) {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a graceful stop (SIGTERM)", () => {
  it("takes no new connection, answers the request in flight, loses no acknowledged order and exits 0", async () => {
    const dataDir = freshDataDir();
    const server = await startServer({ dataDir });
    const orders = orderStream(server);
    await orders.acknowledged(10);
    const exit = new Promise<number | null>((resolve) =>
      server.process.once("exit", (code) => resolve(code)),
    );
    const inFlight = await orderInFlight(server, async () => {
      server.process.kill("SIGTERM");
      await refusesConnections(Number(new URL(server.url).port));
    });
    const acknowledged = await orders.stop();
    expect(inFlight.status).toBe(201);
    const code = orderCodeIn(inFlight.body);
    expect(code).not.toBeNull();
    expect(await exit).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(await storedOrders(dataDir, [...acknowledged, code ?? "(no code)"])).toMatchObject({
      missing: [],
      withoutLines: 0,
    });
    console.log(
      `${acknowledged.length} orders acknowledged around SIGTERM, and the one in flight: all there`,
    );
  }, 120_000);
});

describe("/healthz", () => {
  it("answers 503 while the database is not open yet, and the server still stops on SIGTERM", async () => {
    // A "database" that accepts connections and never answers: the server stays starting.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const dbPort = (silent.address() as net.AddressInfo).port;
    const port = await freePort();
    const child = spawn("bash", ["scripts/serve.sh"], {
      env: {
        ...process.env,
        PORT: String(port),
        VAPID_SUBJECT,
        DATABASE_URL: `postgres://nyala:x@127.0.0.1:${dbPort}/nyala`,
      },
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      let answer: Response | null = null;
      while (!answer) {
        answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
        if (!answer) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(answer.status).toBe(503);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.json()).toMatchObject({
        status: "starting",
        keterangan: "Server sedang dinyalakan.",
      });
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
      silent.close();
    }
  }, 60_000);
});
