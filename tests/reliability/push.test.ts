import { afterAll, describe, expect, it } from "vitest";
import {
  startFakePushService,
  type FakePushService,
  type FakeSubscription,
} from "../support/fake-push-service.ts";
import { readPush } from "../support/push.ts";
import {
  adminSession,
  dropDatabases,
  freshDatabase,
  startServer,
  submitOrder,
  type Server,
} from "./servers.ts";

/**
 * Web Push with two production servers on one PostgreSQL database (#24,
 * docs/decisions/0036-web-push.md): both hear every new order and both run the push worker, yet
 * each device gets each order's push exactly once; a push waiting for its retry when every
 * server stops is sent by the server that starts next.
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
});
