import os from "node:os";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { orders, pushDeliveries, pushSubscriptions, users } from "../../../database/schema.ts";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { ENDPOINT_MESSAGES } from "../../../app/features/push/push-endpoint.server.ts";
import { runPushRound } from "../../../app/features/push/push-worker.server.ts";
import { INVALID_SUBSCRIPTION } from "../../../app/features/push/subscriptions.server.ts";
import { action } from "../../../app/routes/resources/notifikasi-push.tsx";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { startFakeDns, useFakeDns, type FakeDns } from "../../support/fake-dns.ts";
import {
  fakeSubscription,
  startFakePushService,
  type FakePushService,
} from "../../support/fake-push-service.ts";
import { placeOrder } from "../../support/orders.ts";
import { ANDROID_CHROME } from "../../support/push.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, post } from "../accounts/auth-support.ts";

/**
 * Pushes go to push services only (#38, docs/decisions/0048-push-only-to-push-services.md): in
 * production (no NYALA_TEST_MODE) an endpoint must be https on port 443 of a known push service's
 * host, or of one the owner added, and every address its name resolves to public, when the browser
 * subscribes and again when a push leaves. This machine's DNS server stands in for the internet's.
 */
delete process.env.NYALA_TEST_MODE;
process.env.PUSH_SERVICE_HOSTS = "*.push.toko-uji.id";

let handle: DatabaseHandle;
let fakeDns: FakeDns;
let restoreDns: () => void;
let service: FakePushService;
let admin: { id: string; token: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  const started = await startFakeDns();
  fakeDns = started;
  restoreDns = useFakeDns(started);
  service = await startFakePushService();
  const id = newUserId();
  await handle.db.insert(users).values({
    id,
    nama: "Admin",
    email: `admin-${id.toLowerCase()}@contoh.test`,
    provider: "password",
    role: "pemilik",
  });
  admin = { id, token: (await createSession(handle.db, id)).token };
});
afterAll(async () => {
  restoreDns?.();
  await fakeDns?.close();
  await service?.close();
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(pushSubscriptions);
  await handle.db.update(orders).set({ status: "selesai" });
  fakeDns.questions.length = 0;
});

const keys = fakeSubscription("https://fcm.googleapis.com", "kunci");
const turnOn = (endpoint: string, p256dh = keys.p256dh) =>
  call(
    action,
    post(
      "/admin/notifikasi-push",
      { intent: "nyalakan", endpoint, p256dh, auth: keys.auth },
      { session: admin.token, headers: { "user-agent": ANDROID_CHROME } },
    ),
  );
const stored = async () => (await handle.db.select().from(pushSubscriptions)).map((row) => row.endpoint);

describe(`push endpoints in production (${testDatabaseKind()})`, () => {
  it("refuses every host that is not a push service's with a clear 400, without looking any of them up", async () => {
    // Answers they would get from a DNS: none of them is asked.
    fakeDns.answer("127.0.0.1.nip.io", ["127.0.0.1"]);
    fakeDns.answer("metadata.google.internal", ["169.254.169.254"]);
    const attacks = [
      "https://localhost/push/x",
      "https://localhost.:8443/push/x",
      `https://${os.hostname()}/push/x`, // a name from /etc/hosts
      `https://${os.hostname()}:9000/push/x`,
      "https://127.0.0.1.nip.io/push/x", // public wildcard DNS for a loopback address
      "https://127.0.0.1.nip.io:8443/push/x",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://metadata/computeMetadata/v1/",
      "https://169.254.169.254/latest/meta-data/",
      "https://[fd00:ec2::254]/latest/meta-data/",
      "https://127.0.0.1/push/x",
      "https://2130706433/push/x",
      "https://[::1]/push/x",
      "https://[::ffff:127.0.0.1]/push/x",
      "https://10.0.0.7/push/x",
      "https://intranet/push/x",
      "https://fcm.googleapis.com./fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com.toko-jahat.id/fcm/send/x",
      "https://palsufcm.googleapis.com/fcm/send/x",
      "https://push.apple.com/x", // the allowed pattern is its subdomains
      `${service.url}/push/x`, // the test runs' own push service: not outside a test run
    ];
    for (const endpoint of attacks) {
      const answer = await turnOn(endpoint);
      expect(answer.status, endpoint).toBe(400);
      expect(answer.json, endpoint).toMatchObject({
        ok: false,
        message: ENDPOINT_MESSAGES["unknown-service"],
      });
    }
    expect(fakeDns.questions).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it("refuses a push service's name that resolves to a private, loopback, link-local, CGNAT, metadata, unspecified or multicast address", async () => {
    const privateAddresses = [
      "127.0.0.1",
      "127.1.2.3",
      "10.0.0.8",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.251",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00:ec2::254",
      "fc00::7",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "64:ff9b::10.0.0.1",
    ];
    for (const address of privateAddresses) {
      // A public address beside it changes nothing: a connection may pick either.
      fakeDns.answer("fcm.googleapis.com", ["142.250.4.95", address]);
      const answer = await turnOn("https://fcm.googleapis.com/fcm/send/racun");
      expect(answer.status, address).toBe(400);
      expect(answer.json, address).toMatchObject({ message: ENDPOINT_MESSAGES["private-address"] });
    }
    fakeDns.answer("fcm.googleapis.com", []);
    expect((await turnOn("https://fcm.googleapis.com/fcm/send/hilang")).json).toMatchObject({
      message: ENDPOINT_MESSAGES["not-found"],
    });
    // A DNS that fails is no proof either way: try again later.
    fakeDns.answer("fcm.googleapis.com", "servfail");
    const unchecked = await turnOn("https://fcm.googleapis.com/fcm/send/nanti");
    expect(unchecked.status).toBe(503);
    expect(unchecked.json).toMatchObject({ message: ENDPOINT_MESSAGES.unchecked });
    expect(await stored()).toEqual([]);

    fakeDns.answer("fcm.googleapis.com", ["142.250.4.95", "2404:6800:4003:c00::5f", "::ffff:142.250.4.95"]);
    expect((await turnOn("https://fcm.googleapis.com/fcm/send/asli")).status).toBe(200);
    fakeDns.answer("web.push.apple.com", ["17.253.144.10"]);
    expect((await turnOn("https://web.push.apple.com/QGc8Xy")).status).toBe(200);
    expect(fakeDns.questions).toContain("web.push.apple.com AAAA");
    expect(await stored()).toEqual([
      "https://fcm.googleapis.com/fcm/send/asli",
      "https://web.push.apple.com/QGc8Xy",
    ]);
  });

  it("takes a host the owner added in PUSH_SERVICE_HOSTS, under the same address check", async () => {
    fakeDns.answer("eu.push.toko-uji.id", ["127.0.0.1"]);
    expect((await turnOn("https://eu.push.toko-uji.id/langganan/1")).json).toMatchObject({
      message: ENDPOINT_MESSAGES["private-address"],
    });
    fakeDns.answer("eu.push.toko-uji.id", ["93.184.215.14"]);
    expect((await turnOn("https://eu.push.toko-uji.id/langganan/1")).status).toBe(200);
    for (const endpoint of [
      "https://push.toko-uji.id/langganan/2",
      "https://a..push.toko-uji.id/langganan/3",
    ])
      expect((await turnOn(endpoint)).json, endpoint).toMatchObject({
        message: ENDPOINT_MESSAGES["unknown-service"],
      });
  });

  it("checks the name again when a push leaves: one that now points at this machine gets no connection", async () => {
    fakeDns.answer("fcm.googleapis.com", ["142.250.4.95"]);
    expect((await turnOn("https://fcm.googleapis.com/fcm/send/berubah")).status).toBe(200);
    await handle.db.update(pushSubscriptions).set({ created_at: new Date(Date.now() - 60_000) });
    fakeDns.answer("fcm.googleapis.com", ["127.0.0.1"]);
    fakeDns.questions.length = 0;
    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    expect(await runPushRound(handle.db)).toBe(1);
    const [row] = await handle.db.select().from(pushDeliveries);
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    expect(row!.last_error).toBe("alamat ditolak: fcm.googleapis.com → 127.0.0.1");
    expect(fakeDns.questions).toContain("fcm.googleapis.com A");
  });

  it("sends nothing to a stored endpoint that is no push service's (one kept from before these checks)", async () => {
    const [row] = await handle.db
      .insert(pushSubscriptions)
      .values({
        user_id: admin.id,
        endpoint: "https://10.0.0.7/push/lama",
        p256dh: keys.p256dh,
        auth: keys.auth,
        device: "Chrome di Android",
        created_at: new Date(Date.now() - 60_000),
      })
      .returning();
    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    expect(await runPushRound(handle.db)).toBe(1);
    const [delivery] = await handle.db.select().from(pushDeliveries);
    expect(delivery).toMatchObject({
      subscription_id: row!.id,
      state: "failed",
      last_error: "bukan layanan push",
    });
  });

  it("refuses a key that is not a point on P-256 with a 400 (the test push answered 500 with it)", async () => {
    fakeDns.answer("fcm.googleapis.com", ["142.250.4.95"]);
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const answer = await turnOn(
      "https://fcm.googleapis.com/fcm/send/kunci-palsu",
      offCurve.toString("base64url"),
    );
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ ok: false, message: INVALID_SUBSCRIPTION });
    expect(await stored()).toEqual([]);
  });

  it("in a test run (NYALA_TEST_MODE=1) takes plain HTTP on the loopback address literals only", async () => {
    process.env.NYALA_TEST_MODE = "1";
    try {
      const port = new URL(service.url).port;
      expect((await turnOn(`http://127.0.0.1:${port}/push/uji`)).status).toBe(200);
      expect((await turnOn(`http://[::1]:${port}/push/uji6`)).status).toBe(200);
      for (const endpoint of [
        `http://localhost:${port}/push/x`,
        "https://127.0.0.1.nip.io/push/x",
        "http://10.0.0.7/x",
      ])
        expect((await turnOn(endpoint)).status, endpoint).toBe(400);
    } finally {
      delete process.env.NYALA_TEST_MODE;
    }
  });
});
