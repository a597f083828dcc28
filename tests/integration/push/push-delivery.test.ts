import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database, DatabaseHandle } from "../../../database/client.server.ts";
import * as schema from "../../../database/schema.ts";
import { pushDeliveries, pushSubscriptions, users } from "../../../database/schema.ts";
import { claimPushes, giveUpStalePushes } from "../../../app/features/push/push-queue.server.ts";
import { runPushRound, startPushWorker } from "../../../app/features/push/push-worker.server.ts";
import { PUSH_TTL_SECONDS } from "../../../app/features/push/send-push.server.ts";
import { vapidDetails } from "../../../app/features/push/vapid.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { formatRupiah } from "../../../app/lib/format.ts";
import { startFakePushService, verifyVapid, type FakePushService } from "../../support/fake-push-service.ts";
import { placeOrder } from "../../support/orders.ts";
import { minutesPass, readPush, resetPushes, subscribe } from "../../support/push.ts";
import { createAdmin } from "../../support/accounts.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";

/**
 * Web Push of new orders (#24, docs/decisions/0036-web-push.md) against a push service on this
 * machine: what reaches it (headers, VAPID, the payload decrypted as the browser would), what a
 * 404/410, a 5xx and silence do, and that neither the checkout nor the other devices wait.
 */
process.env.NYALA_TEST_MODE = "1"; // the fake push service speaks plain HTTP on 127.0.0.1

let handle: DatabaseHandle;
let service: FakePushService;
let admin: { id: string; email: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  service = await startFakePushService();
  admin = await createAdmin(handle.db);
});
afterAll(async () => {
  await service?.close();
  await handle?.close();
});
beforeEach(() => resetPushes(handle.db, service));

const DELIVERY = {
  cara: "antar" as const,
  nama: "Bu Sari Rahasia",
  whatsapp: "6281299998888",
  alamat: "Jl. Mawar Tersembunyi 5",
  patokan: "depan masjid hijau",
};

const deliveries = () => handle.db.select().from(pushDeliveries).orderBy(pushDeliveries.id);

describe(`push of a new order (${testDatabaseKind()})`, () => {
  it("sends one push per device: TTL, Urgency high, aes128gcm, signed with the shop's VAPID key, the code, total and how, no phone or address", async () => {
    const phone = await subscribe(handle.db, service, admin.id, "ponsel");
    const laptop = await subscribe(handle.db, service, admin.id, "laptop");
    const order = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 2 }], { details: DELIVERY });

    expect(await runPushRound(handle.db)).toBe(2);
    expect(service.received.map((push) => push.name).sort()).toEqual(["laptop", "ponsel"]);
    const { publicKey } = await vapidDetails();
    for (const push of service.received) {
      const subscription = push.name === "ponsel" ? phone : laptop;
      expect(push.headers).toMatchObject({
        ttl: String(PUSH_TTL_SECONDS),
        urgency: "high",
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        topic: order.code,
      });
      const vapid = verifyVapid(push.headers.authorization, subscription.endpoint);
      expect(vapid.publicKey).toBe(publicKey);
      expect(vapid.claims.sub).toMatch(/^(mailto:|https:\/\/)/);
      const plain = subscription.decrypt(push.body);
      expect(JSON.parse(plain)).toEqual({
        title: `Pesanan baru ${order.code}`,
        body: `${formatRupiah(order.total)} · Diantar`,
        url: `/admin/pesanan?kode=${order.code}&status=semua`,
        tag: order.code,
      });
      for (const secret of ["81299998888", "8888", "Mawar", "masjid", "Sari"])
        expect(plain).not.toContain(secret);
    }
    // Sent once: the next passes find nothing due.
    expect(await runPushRound(handle.db)).toBe(0);
    expect(service.received).toHaveLength(2);
  });

  it("tells a kitchen tablet the code and the lines, never the total; a customer's device gets nothing", async () => {
    const cook = await createAdmin(handle.db, "Juru Masak", "dapur");
    await handle.db.update(users).set({ role: "dapur" }).where(eq(users.id, cook.id));
    const customer = await createAdmin(handle.db, "Bukan Staf", "pelanggan");
    await handle.db.update(users).set({ role: "customer" }).where(eq(users.id, customer.id));
    const tablet = await subscribe(handle.db, service, cook.id, "tablet-dapur");
    const owner = await subscribe(handle.db, service, admin.id, "ponsel-pemilik");
    await subscribe(handle.db, service, customer.id, "ponsel-pelanggan");
    const order = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 2 }], { details: DELIVERY });

    expect(await runPushRound(handle.db)).toBe(2);
    const byName = new Map(service.received.map((push) => [push.name, push]));
    expect([...byName.keys()].sort()).toEqual(["ponsel-pemilik", "tablet-dapur"]);
    const kitchen = readPush(tablet, byName.get("tablet-dapur")!.body);
    expect(kitchen.title).toBe(`Pesanan baru ${order.code}`);
    expect(kitchen.body).toMatch(/^2x .+ · Diantar$/);
    expect(JSON.stringify(kitchen)).not.toContain("Rp");
    expect(readPush(owner, byName.get("ponsel-pemilik")!.body).body).toBe(
      `${formatRupiah(order.total)} · Diantar`,
    );
  });

  it("forgets a device whose push service answers 404 or 410, and sends it nothing again", async () => {
    await subscribe(handle.db, service, admin.id, "hilang-410");
    await subscribe(handle.db, service, admin.id, "hilang-404");
    const kept = await subscribe(handle.db, service, admin.id, "tetap");
    service.answerWith((push) => (push.name === "hilang-410" ? 410 : push.name === "hilang-404" ? 404 : 201));
    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    await runPushRound(handle.db);
    expect(service.received).toHaveLength(3);
    const left = await handle.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left).toEqual([{ endpoint: kept.endpoint }]);

    const next = await placeOrder(handle.db, [{ id: "es-teh-jumbo", jumlah: 1 }]);
    await runPushRound(handle.db);
    expect(service.received.slice(3).map((push) => push.name)).toEqual(["tetap"]);
    expect(readPush(kept, service.received[3]!.body).tag).toBe(next.code);
  });

  it("tries a push again later after a 5xx, from the queue in the database, and gives up after six attempts", async () => {
    const device = await subscribe(handle.db, service, admin.id, "sibuk");
    service.answerWith(503);
    const order = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    await runPushRound(handle.db);
    let [row] = await deliveries();
    expect(row).toMatchObject({ state: "pending", attempts: 1, last_error: "503" });
    expect(row!.due_at.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is sent.
    expect(await runPushRound(handle.db)).toBe(0);

    // Later (as after a restart: nothing but the row remembers), the service is back.
    await handle.db.update(pushDeliveries).set({ due_at: new Date(Date.now() - 1000) });
    service.answerWith(201);
    expect(await runPushRound(handle.db)).toBe(1);
    [row] = await deliveries();
    expect(row).toMatchObject({ state: "sent", attempts: 2, last_error: null });
    expect(readPush(device, service.received[1]!.body).title).toBe(`Pesanan baru ${order.code}`);

    await resetPushes(handle.db, service);
    await subscribe(handle.db, service, admin.id, "mati-terus");
    service.answerWith(500);
    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    for (let attempt = 0; attempt < 8; attempt++) {
      await handle.db.update(pushDeliveries).set({ due_at: new Date(Date.now() - 1000) });
      await runPushRound(handle.db);
    }
    expect(service.received).toHaveLength(6);
    expect((await deliveries()).at(-1)).toMatchObject({ state: "failed", attempts: 6, last_error: "500" });
  });

  it("gives up a push still waiting 10 minutes after its first attempt", async () => {
    await subscribe(handle.db, service, admin.id, "lama-mati");
    service.answerWith(503);
    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    await runPushRound(handle.db);
    await minutesPass(handle.db, 9);
    await giveUpStalePushes(handle.db);
    expect((await deliveries())[0]).toMatchObject({ state: "pending" });
    await minutesPass(handle.db, 2);
    await giveUpStalePushes(handle.db);
    expect((await deliveries())[0]).toMatchObject({ state: "failed", last_error: "503 · kedaluwarsa" });
  });

  it("sends a push claimed by a server that stopped once its claim runs out", async () => {
    await subscribe(handle.db, service, admin.id, "alih");
    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    // A server claims the push and stops before sending it.
    expect(await claimPushes(handle.db, 10)).toHaveLength(1);
    expect(await runPushRound(handle.db)).toBe(0);
    await handle.db.update(pushDeliveries).set({ claimed_until: new Date(Date.now() - 1000) });
    expect(await runPushRound(handle.db)).toBe(1);
    expect(service.received.map((push) => push.name)).toEqual(["alih"]);
  });

  it("a push service that never answers holds up neither checkout nor the other devices, and its push is tried again after the time limit", async () => {
    await subscribe(handle.db, service, admin.id, "diam");
    await subscribe(handle.db, service, admin.id, "cepat");
    service.answerWith((push) => (push.name === "diam" ? "hang" : 201));
    const worker = startPushWorker({ timeoutMs: 800, intervalMs: 60_000 });
    try {
      const first = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
      await service.waitFor(2);
      // The silent service still holds its request: the next checkout and its pushes go on.
      const second = await placeOrder(handle.db, [{ id: "es-teh-jumbo", jumlah: 1 }]);
      await service.waitFor(4);
      const byOrder = async (orderId: number) =>
        (await deliveries()).filter((row) => row.order_id === orderId).map((row) => row.state);
      await expect.poll(() => byOrder(second.id)).toContain("sent");
      // After its time limit the silent one is a failed attempt, due again later.
      await expect
        .poll(async () => (await deliveries()).filter((row) => row.last_error === "timeout").length, {
          timeout: 5000,
        })
        .toBe(2);
      const silent = (await deliveries()).filter((row) => row.last_error === "timeout");
      expect(silent.every((row) => row.state === "pending" && row.attempts === 1)).toBe(true);
      expect(silent.map((row) => row.order_id).sort()).toEqual([first.id, second.id].sort());
    } finally {
      await worker.stop();
    }
  });

  it("wakes on the new order's notice: the push leaves without waiting for the timer", async () => {
    await subscribe(handle.db, service, admin.id, "segera");
    const worker = startPushWorker({ intervalMs: 600_000 });
    try {
      // The start's own pass is over before the order comes.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const order = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
      const [push] = await service.waitFor(1, 5000);
      expect(push!.name).toBe("segera");
      await expect
        .poll(async () => (await deliveries()).find((row) => row.state === "sent")?.order_id)
        .toBe(order.id);
    } finally {
      await worker.stop();
    }
  });
});

describe("the worker with its database away", () => {
  it("logs one line a minute, not one per pass", async () => {
    // A PostgreSQL server that is not there: every query fails at once.
    const pool = new pg.Pool({ connectionString: "postgres://nyala:x@127.0.0.1:9/nyala" });
    pool.on("error", () => undefined);
    useDatabaseHandle({ ...handle, db: drizzle(pool, { schema }) as unknown as Database });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const worker = startPushWorker({ intervalMs: 20 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await worker.stop(0);
      const lines = errors.mock.calls.filter(([line]) =>
        String(line).startsWith("Push pesanan gagal diproses"),
      );
      expect(lines).toHaveLength(1);
    } finally {
      await worker.stop(0);
      useDatabaseHandle(handle);
      errors.mockRestore();
      await pool.end();
    }
  });
});

describe("a device's push is only ever its own admin's business", () => {
  it("stops when the account is no longer an admin", async () => {
    const former = await createAdmin(handle.db, "Admin Mantan");
    await subscribe(handle.db, service, former.id, "mantan");
    await handle.db.update(users).set({ role: "customer" }).where(eq(users.id, former.id));
    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    expect(await runPushRound(handle.db)).toBe(0);
    expect(service.received).toHaveLength(0);
  });
});
