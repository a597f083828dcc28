import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { auditLog, pushSubscriptions, users } from "../../../database/schema.ts";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { MAX_DEVICES_PER_ADMIN } from "../../../app/features/push/subscriptions.server.ts";
import { getPushRepeats } from "../../../app/features/push/push-repeats.server.ts";
import { action, loader } from "../../../app/routes/resources/notifikasi-push.tsx";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { startFakePushService, verifyVapid, type FakePushService } from "../../support/fake-push-service.ts";
import { ANDROID_CHROME, readPush, resetPushes } from "../../support/push.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, post } from "../accounts/auth-support.ts";

/**
 * /admin/notifikasi-push (docs/decisions/0036-web-push.md): an admin turns push on and off for
 * their own devices only, through the CSRF check, with a subscription that names a real push
 * service; a test push reaches the device; the owner sets the reminders' limit.
 */
process.env.NYALA_TEST_MODE = "1";

let handle: DatabaseHandle;
let service: FakePushService;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  service = await startFakePushService();
});
afterAll(async () => {
  await service?.close();
  await handle?.close();
});
beforeEach(() => resetPushes(handle.db, service));

async function account(role: "pemilik" | "customer") {
  const id = newUserId();
  const email = `${role}-${id.toLowerCase()}@contoh.test`;
  await handle.db.insert(users).values({ id, nama: "Uji Push", email, provider: "password", role });
  return { id, email, token: (await createSession(handle.db, id)).token };
}

const PATH = "/admin/notifikasi-push";
const send = (values: Record<string, string>, session?: string, headers: Record<string, string> = {}) =>
  call(action, post(PATH, values, { session, headers: { "user-agent": ANDROID_CHROME, ...headers } }));
const turnOn = (
  { endpoint, p256dh, auth }: { endpoint: string; p256dh: string; auth: string },
  session?: string,
) => send({ intent: "nyalakan", endpoint, p256dh, auth }, session);
const endpoints = async () =>
  (await handle.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id)).map((row) => row.endpoint);

describe(`push on an admin's devices (${testDatabaseKind()})`, () => {
  it("answers 401 to nobody, 403 to a customer and to another site, and stores nothing", async () => {
    const customer = await account("customer");
    const admin = await account("pemilik");
    const device = service.subscription("tamu");
    expect((await call(loader, get(PATH))).status).toBe(401);
    expect((await call(loader, get(PATH, { session: customer.token }))).status).toBe(403);
    expect((await turnOn(device)).status).toBe(401);
    expect((await turnOn(device, customer.token)).status).toBe(403);
    const { endpoint, p256dh, auth } = device;
    const forged = await send({ intent: "nyalakan", endpoint, p256dh, auth }, admin.token, {
      origin: "https://situs-jahat.example",
      "sec-fetch-site": "cross-site",
    });
    expect(forged.status).toBe(403);
    expect(await endpoints()).toEqual([]);
  });

  it("turns push on for this browser, names the device, and tells the page which endpoints it knows", async () => {
    const admin = await account("pemilik");
    const device = service.subscription("ponsel");
    const empty = await call(loader, get(PATH, { session: admin.token }));
    // No VAPID_SUBJECT here (outside production): the panel warns that iPhones will not ring.
    expect(empty.json).toMatchObject({ devices: [], repeats: 5, subjectMissing: true });
    const publicKey = empty.json!.publicKey as string;
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);

    const on = await turnOn(device, admin.token);
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ ok: true, message: "Push aktif di perangkat ini." });
    const overview = await call(loader, get(PATH, { session: admin.token }));
    expect(overview.json!.devices).toEqual([
      {
        device: "Chrome di Android",
        since: expect.any(String),
        endpointHash: createHash("sha256").update(device.endpoint).digest("hex"),
      },
    ]);
    expect(overview.body).not.toContain(device.endpoint);

    // The test push: signed with the key the page gave the browser, readable by the browser only.
    const test = await send({ intent: "uji", endpoint: device.endpoint }, admin.token);
    expect(test.json).toMatchObject({ ok: true });
    const [push] = service.received;
    expect(verifyVapid(push!.headers.authorization, device.endpoint).publicKey).toBe(publicKey);
    expect(readPush(device, push!.body)).toMatchObject({
      title: "Push uji berhasil",
      url: "/admin/pengaturan-notifikasi",
    });
  });

  it("refuses a subscription that is not a browser's, with a message and nothing stored (hosts: push-endpoints.test.ts)", async () => {
    const admin = await account("pemilik");
    const good = service.subscription("baik");
    const refused = [
      { ...good, endpoint: "https://user:pw@push.example.com/x" },
      { ...good, endpoint: "bukan url" },
      { ...good, endpoint: `https://push.example.com/${"a".repeat(2000)}` },
      { ...good, p256dh: good.auth },
      { ...good, p256dh: Buffer.alloc(65, 1).toString("base64url") },
      { ...good, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url") },
      { ...good, auth: "" },
    ];
    for (const subscription of refused) {
      const answer = await turnOn(subscription, admin.token);
      expect(answer.status, JSON.stringify(subscription).slice(0, 80)).toBe(400);
      expect(answer.json).toMatchObject({
        ok: false,
        message: "Langganan push dari browser ini tidak valid. Muat ulang halaman lalu coba lagi.",
      });
    }
    const missing = await send({ intent: "nyalakan" }, admin.token);
    expect(missing.status).toBe(400);
    expect(await endpoints()).toEqual([]);

    // Outside a test run a plain-HTTP endpoint on this machine is refused too.
    process.env.NYALA_TEST_MODE = "0";
    try {
      expect((await turnOn(good, admin.token)).status).toBe(400);
    } finally {
      process.env.NYALA_TEST_MODE = "1";
    }
  });

  it("turns off only the admin's own device; a browser used by another admin moves to them", async () => {
    const first = await account("pemilik");
    const second = await account("pemilik");
    const shared = service.subscription("bersama");
    const own = service.subscription("milik-kedua");
    await turnOn(shared, first.token);
    await turnOn(own, second.token);
    // Another admin cannot switch off (or test) a device that is not theirs.
    await send({ intent: "matikan", endpoint: own.endpoint }, first.token);
    expect(await endpoints()).toEqual([shared.endpoint, own.endpoint]);
    expect((await send({ intent: "uji", endpoint: own.endpoint }, first.token)).status).toBe(404);

    await turnOn(shared, second.token);
    const [row] = await handle.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(row?.user_id).toBe(second.id);
    const off = await send({ intent: "matikan", endpoint: shared.endpoint }, second.token);
    expect(off.json).toMatchObject({ ok: true, message: "Push dimatikan di perangkat ini." });
    expect(await endpoints()).toEqual([own.endpoint]);
  });

  it(`keeps an admin's ${MAX_DEVICES_PER_ADMIN} latest devices`, async () => {
    const admin = await account("pemilik");
    const devices = Array.from({ length: MAX_DEVICES_PER_ADMIN + 1 }, (_, index) =>
      service.subscription(`hp-${index}`),
    );
    for (const device of devices) expect((await turnOn(device, admin.token)).status).toBe(200);
    expect(await endpoints()).toEqual(devices.slice(1).map((device) => device.endpoint));
  });

  it(`keeps at most ${MAX_DEVICES_PER_ADMIN} devices when 20 browsers turn push on at once`, async () => {
    const admin = await account("pemilik");
    const other = await account("pemilik");
    const devices = Array.from({ length: 20 }, (_, index) => service.subscription(`serentak-${index}`));
    const answers = await Promise.all([
      ...devices.map((device) => turnOn(device, admin.token)),
      // Another admin's subscriptions meanwhile are neither held up nor counted.
      turnOn(service.subscription("admin-lain"), other.token),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(21).fill(200));
    const rows = await handle.db.select().from(pushSubscriptions);
    expect(rows.filter((row) => row.user_id === admin.id)).toHaveLength(MAX_DEVICES_PER_ADMIN);
    expect(rows.filter((row) => row.user_id === other.id)).toHaveLength(1);
  });

  it("a test push to a device stored with a key off P-256 (before keys were checked) forgets it, never a 500", async () => {
    const admin = await account("pemilik");
    const device = service.subscription("kunci-lama");
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
    await handle.db.insert(pushSubscriptions).values({
      user_id: admin.id,
      endpoint: device.endpoint,
      p256dh: offCurve,
      auth: device.auth,
      device: "Chrome di Android",
    });
    const answer = await send({ intent: "uji", endpoint: device.endpoint }, admin.token);
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({
      message: "Langganan perangkat ini sudah tidak berlaku. Nyalakan push lagi.",
    });
    expect(await endpoints()).toEqual([]);
    expect(service.received).toHaveLength(0);
  });

  it("a test push to a device its service no longer knows forgets it and says so; a failing service is a 502", async () => {
    const admin = await account("pemilik");
    const device = service.subscription("kedaluwarsa");
    await turnOn(device, admin.token);
    service.answerWith(500);
    const failing = await send({ intent: "uji", endpoint: device.endpoint }, admin.token);
    expect(failing.status).toBe(502);
    expect(failing.json).toMatchObject({
      ok: false,
      message: "Layanan push tidak bisa dihubungi sekarang. Coba lagi sebentar lagi.",
    });
    service.answerWith(410);
    const gone = await send({ intent: "uji", endpoint: device.endpoint }, admin.token);
    expect(gone.status).toBe(409);
    expect(gone.json).toMatchObject({
      message: "Langganan perangkat ini sudah tidak berlaku. Nyalakan push lagi.",
    });
    expect(await endpoints()).toEqual([]);
  });

  it("saves the reminders' limit for every admin, audited; refuses anything but 0 to 20", async () => {
    const admin = await account("pemilik");
    for (const value of ["", "abc", "-1", "21", "2.5", "1e1"]) {
      const refused = await send({ intent: "ulangan", ulangan: value }, admin.token);
      expect(refused.status, value).toBe(400);
      expect(refused.json).toMatchObject({
        ok: false,
        fieldErrors: { ulangan: "Isi jumlah pengingat dengan angka 0 sampai 20." },
      });
    }
    expect(await getPushRepeats(handle.db)).toBe(5);
    const saved = await send({ intent: "ulangan", ulangan: "3" }, admin.token);
    expect(saved.json).toMatchObject({ ok: true, message: "Pengingat push disimpan: paling banyak 3×." });
    expect(await getPushRepeats(handle.db)).toBe(3);
    const [entry] = await handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actor_email: admin.email, summary: "Pengingat push pesanan baru: 3×" });
    expect((await send({ intent: "ulangan", ulangan: "0" }, admin.token)).json).toMatchObject({
      message: "Pengingat push dimatikan.",
    });
    expect((await send({ intent: "lainnya" }, admin.token)).status).toBe(400);
  });
});
