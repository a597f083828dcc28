import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  startFakePushService,
  verifyVapid,
  type FakePushService,
  type FakeSubscription,
} from "../support/fake-push-service.ts";
import { readPush } from "../support/push.ts";
import { runToExit } from "./one-box-support.ts";
import { publicKeyOf, pushPost } from "./push-support.ts";
import {
  adminSession,
  dropDatabases,
  freePort,
  freshDatabase,
  startServer,
  submitOrder,
  type Server,
} from "./servers.ts";

/**
 * Web Push with two production servers on one PostgreSQL database (#24,
 * docs/decisions/0036-web-push.md): both hear every new order and both run the push worker, yet
 * each device gets each order's push exactly once; a push waiting for its retry when every
 * server stops is sent by the server that starts next. Both sign with one VAPID key, kept across
 * restarts (#38); in production a made-up VAPID subject stops the server at start, and with none
 * it opens but sends no push.
 */
afterAll(dropDatabases);

const ADMIN = "admin-push@nyala.test";
/** Plain-HTTP push endpoints on this machine (the fake service) are allowed in a test run only. */
const ENV = { ADMIN_EMAILS: ADMIN, NYALA_TEST_MODE: "1" };

async function post(server: Server, cookie: string, values: Record<string, string>) {
  const response = await fetch(`${server.url}/admin/notifikasi-push`, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { cookie, origin: server.url },
  });
  expect(response.status, JSON.stringify(values).slice(0, 60)).toBe(200);
  await response.arrayBuffer();
}

async function subscribeDevices(server: Server, cookie: string, service: FakePushService, names: string[]) {
  const devices: FakeSubscription[] = [];
  for (const name of names) {
    const device = service.subscription(name);
    await post(server, cookie, {
      intent: "nyalakan",
      endpoint: device.endpoint,
      p256dh: device.p256dh,
      auth: device.auth,
    });
    devices.push(device);
  }
  return devices;
}

describe("push with several app servers", () => {
  it("each order reaches each device exactly once, whichever server recorded it", async () => {
    const service = await startFakePushService();
    const databaseUrl = await freshDatabase();
    const a = await startServer({ databaseUrl }, ENV);
    const b = await startServer({ databaseUrl }, ENV);
    try {
      const cookie = await adminSession(a, ADMIN);
      const devices = await subscribeDevices(a, cookie, service, ["ponsel", "tablet", "laptop"]);
      await post(b, cookie, { intent: "ulangan", ulangan: "0" });

      const codes: string[] = [];
      for (let round = 0; round < 3; round++) {
        // Four checkouts at once, two on each server.
        const placed = await Promise.all([submitOrder(a), submitOrder(b), submitOrder(a), submitOrder(b)]);
        for (const order of placed) {
          expect(order.status).toBe(201);
          codes.push(order.code!);
        }
      }
      await service.waitFor(codes.length * devices.length, 20_000);
      // Both servers' timers run at least twice more: nothing arrives twice.
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      const seen = service.received.map((push) => {
        const device = devices.find((candidate) => candidate.name === push.name)!;
        return `${readPush(device, push.body).tag} → ${push.name}`;
      });
      const expected = codes.flatMap((code) => devices.map((device) => `${code} → ${device.name}`));
      expect(seen.sort()).toEqual(expected.sort());
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await service.close();
    }
  });

  it("a push waiting for its retry when every server stops is sent by the next server to start", async () => {
    const service = await startFakePushService();
    const databaseUrl = await freshDatabase();
    const first = await startServer({ databaseUrl }, ENV);
    let next: Server | undefined;
    try {
      const cookie = await adminSession(first, ADMIN);
      const [device] = await subscribeDevices(first, cookie, service, ["ponsel"]);
      service.answerWith(503);
      const order = await submitOrder(first);
      await service.waitFor(1);
      await first.stop();

      service.answerWith(201);
      next = await startServer({ databaseUrl }, ENV);
      const [, retried] = await service.waitFor(2, 20_000);
      expect(readPush(device!, retried!.body).title).toBe(`Pesanan baru ${order.code}`);
    } finally {
      await Promise.all([first.stop(), next?.stop()]);
      await service.close();
    }
  });

  it("the VAPID key is one for both servers and survives a restart: a push from either verifies with it", async () => {
    const service = await startFakePushService();
    const databaseUrl = await freshDatabase();
    // Started together, both load (or make) the key at once.
    const [a, b] = await Promise.all([startServer({ databaseUrl }, ENV), startServer({ databaseUrl }, ENV)]);
    let restarted: Server | undefined;
    try {
      const cookie = await adminSession(a, ADMIN);
      const [keyA, keyB] = await Promise.all([publicKeyOf(a, cookie), publicKeyOf(b, cookie)]);
      expect(keyA).toBe(keyB);
      const [device] = await subscribeDevices(a, cookie, service, ["ponsel"]);
      /** A test push through `server`; the key its VAPID signature verifies with. */
      const pushedBy = async (server: Server) => {
        const before = service.received.length;
        expect((await pushPost(server, cookie, { intent: "uji", endpoint: device!.endpoint })).status).toBe(
          200,
        );
        const [push] = (await service.waitFor(before + 1)).slice(before);
        expect(readPush(device!, push!.body).title).toBe("Push uji berhasil");
        return verifyVapid(push!.headers.authorization, device!.endpoint).publicKey;
      };
      expect(await pushedBy(a)).toBe(keyA);
      expect(await pushedBy(b)).toBe(keyA);

      await b.stop();
      restarted = await startServer({ databaseUrl }, ENV);
      expect(await publicKeyOf(restarted, cookie)).toBe(keyA);
      expect(await pushedBy(restarted)).toBe(keyA);
    } finally {
      await Promise.all([a.stop(), b.stop(), restarted?.stop()]);
      await service.close();
    }
  });
});

describe("the VAPID subject in production", () => {
  const REQUIRED =
    "VAPID_SUBJECT belum diisi: isi dengan alamat https:// toko ini atau mailto: email pemilik yang nyata.";
  const PLACEHOLDER = "VAPID_SUBJECT harus alamat email atau situs yang nyata";

  it("a made-up one stops the server at start, saying why", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-vapid-"));
    try {
      const cases: [Record<string, string>, string][] = [
        [{ VAPID_SUBJECT: "mailto:admin@nyala.invalid" }, PLACEHOLDER],
        [{ VAPID_SUBJECT: "mailto:openclaw@localhost" }, PLACEHOLDER],
        [{ VAPID_SUBJECT: "mailto:owner@example.com" }, PLACEHOLDER],
        [{ VAPID_SUBJECT: "https://localhost:3000" }, PLACEHOLDER],
        [{ VAPID_SUBJECT: "https://192.168.1.10" }, PLACEHOLDER],
        [{ VAPID_SUBJECT: "pemilik@mienyala.co.id" }, "VAPID_SUBJECT harus diawali mailto: atau https://"],
        [{ PUSH_SERVICE_HOSTS: "localhost" }, "PUSH_SERVICE_HOSTS berisi nama host dipisah koma"],
      ];
      for (const [env, message] of cases) {
        const exited = await runToExit(
          "bash",
          ["scripts/serve.sh"],
          {
            NODE_ENV: "production",
            PORT: String(await freePort()),
            DATA_DIR: dataDir,
            DATABASE_URL: "",
            VAPID_SUBJECT: "mailto:pemilik@mienyala.co.id",
            ...env,
          },
          60_000,
        );
        expect(exited.code, JSON.stringify(env)).toBe(1);
        expect(exited.stderr, JSON.stringify(env)).toContain(message);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("none at all: the shop opens, says why in its log and on the push page, and sends no push", async () => {
    const databaseUrl = await freshDatabase();
    const service = await startFakePushService();
    const server = await startServer({ databaseUrl }, { ...ENV, VAPID_SUBJECT: "" }, { log: true });
    try {
      expect((await fetch(`${server.url}/beranda`)).status).toBe(200);
      expect(server.log.join("\n")).toContain(REQUIRED);
      const cookie = await adminSession(server, ADMIN);
      const overview = await fetch(`${server.url}/admin/notifikasi-push.data`, { headers: { cookie } });
      expect(await overview.text()).toContain("subjectMissing");
      await subscribeDevices(server, cookie, service, ["tanpa-subjek"]);
      await submitOrder(server);
      // The worker's timer passes every 5 s: two passes and nothing sent.
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(service.received).toHaveLength(0);
    } finally {
      await server.stop();
      await service.close();
    }
  });

  it("the shop's https:// SITE_URL serves as one when VAPID_SUBJECT is unset", async () => {
    const databaseUrl = await freshDatabase();
    const service = await startFakePushService();
    const server = await startServer(
      { databaseUrl },
      { ...ENV, VAPID_SUBJECT: "", SITE_URL: "https://mienyala.co.id" },
      { log: true },
    );
    try {
      expect(server.log.join("\n")).not.toContain(REQUIRED);
      const cookie = await adminSession(server, ADMIN);
      const [device] = await subscribeDevices(server, cookie, service, ["subjek-situs"]);
      await submitOrder(server);
      const [push] = await service.waitFor(1, 10_000);
      expect(verifyVapid(push!.headers.authorization, device!.endpoint).claims.sub).toBe(
        "https://mienyala.co.id",
      );
    } finally {
      await server.stop();
      await service.close();
    }
  });
});
