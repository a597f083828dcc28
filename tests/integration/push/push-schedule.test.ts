import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { eq } from "drizzle-orm";
import { orders, storeSettings, users } from "../../../database/schema.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { changeOrderStatus } from "../../../app/features/kitchen/board/board.server.ts";
import { savePushRepeats } from "../../../app/features/push/push-repeats.server.ts";
import { runPushRound } from "../../../app/features/push/push-worker.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { formatRupiah } from "../../../app/lib/format.ts";
import {
  startFakePushService,
  type FakePushService,
  type FakeSubscription,
} from "../../support/fake-push-service.ts";
import { placeOrder } from "../../support/orders.ts";
import { minutesPass, readPush, resetPushes, subscribe } from "../../support/push.ts";
import { createAdmin } from "../../support/accounts.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";

/**
 * The reminders while an order stays Baru (#24): one push at most every 2 minutes, up to the
 * owner's limit (0: none), until someone takes the order up; an online order from no account that
 * its customer never confirmed sending gets its first push only (#38, decision 0047). Time passes
 * by moving every stored moment back (tests/support/push.ts).
 */
process.env.NYALA_TEST_MODE = "1";

let handle: DatabaseHandle;
let service: FakePushService;
let admin: { id: string; email: string };
let device: FakeSubscription;
let customer: { id: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  service = await startFakePushService();
  admin = await createAdmin(handle.db);
  customer = { id: newUserId() };
  await handle.db.insert(users).values({
    id: customer.id,
    nama: "Pelanggan Berakun",
    email: `pelanggan-${customer.id.toLowerCase()}@contoh.test`,
    provider: "password",
    role: "customer",
  });
});
afterAll(async () => {
  await service?.close();
  await handle?.close();
});
beforeEach(async () => {
  await resetPushes(handle.db, service);
  device = await subscribe(handle.db, service, admin.id, "ponsel");
  await minutesPass(handle.db, 30); // the device was there before today's orders
});

const repeats = async (value: number) => {
  const saved = await savePushRepeats(handle.db, admin, { ulangan: String(value) });
  expect(saved.ok).toBe(true);
};
/** An order from a customer's account: it keeps its reminders whether or not its message was confirmed. */
const placeAccountOrder = () => placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }], { account: customer });
const titles = () => service.received.map((push) => readPush(device, push.body).title);

describe(`push reminders while an order stays Baru (${testDatabaseKind()})`, () => {
  it("reminds every 2 minutes, never sooner, up to the owner's limit", async () => {
    await repeats(2);
    const order = await placeAccountOrder();
    await runPushRound(handle.db);
    await minutesPass(handle.db, 1.9);
    await runPushRound(handle.db);
    expect(titles()).toEqual([`Pesanan baru ${order.code}`]);

    await minutesPass(handle.db, 0.2);
    await runPushRound(handle.db);
    await runPushRound(handle.db);
    expect(titles()).toEqual([`Pesanan baru ${order.code}`, `Belum diterima: ${order.code}`]);
    const reminder = readPush(device, service.received[1]!.body);
    expect(reminder).toEqual({
      title: `Belum diterima: ${order.code}`,
      body: `Menunggu 2 menit · ${formatRupiah(order.total)} · Ambil sendiri`,
      url: `/admin/pesanan?kode=${order.code}&status=semua`,
      tag: order.code,
    });

    await minutesPass(handle.db, 2);
    await runPushRound(handle.db);
    await minutesPass(handle.db, 2);
    await runPushRound(handle.db);
    await minutesPass(handle.db, 10);
    await runPushRound(handle.db);
    expect(titles()).toEqual([
      `Pesanan baru ${order.code}`,
      `Belum diterima: ${order.code}`,
      `Belum diterima: ${order.code}`,
    ]);
  });

  it("stops reminding once someone taps Terima", async () => {
    await repeats(5);
    const order = await placeAccountOrder();
    await runPushRound(handle.db);
    await minutesPass(handle.db, 2);
    await runPushRound(handle.db);
    const accepted = await changeOrderStatus(handle.db, admin, { code: order.code, status: "diterima" });
    expect(accepted.ok).toBe(true);
    await minutesPass(handle.db, 2);
    await runPushRound(handle.db);
    await minutesPass(handle.db, 2);
    await runPushRound(handle.db);
    expect(service.received).toHaveLength(2);
  });

  it("does not repeat with a limit of 0, and uses 5 where the owner never chose", async () => {
    await repeats(0);
    await placeAccountOrder();
    for (let step = 0; step < 4; step++) {
      await runPushRound(handle.db);
      await minutesPass(handle.db, 2);
    }
    expect(service.received).toHaveLength(1);

    await handle.db.update(storeSettings).set({ push_repeats: null });
    await resetPushes(handle.db, service);
    device = await subscribe(handle.db, service, admin.id, "ponsel");
    await minutesPass(handle.db, 30);
    await placeAccountOrder();
    for (let step = 0; step < 9; step++) {
      await runPushRound(handle.db);
      await minutesPass(handle.db, 2);
    }
    expect(service.received).toHaveLength(6);
  });

  it("waits for a reminder's retry before the next one, and counts the gap from when it was sent", async () => {
    await repeats(3);
    await placeAccountOrder();
    service.answerWith(503);
    await runPushRound(handle.db);
    await minutesPass(handle.db, 3);
    // The first push is still waiting for its retry: no reminder is planned meanwhile.
    service.answerWith(201);
    await runPushRound(handle.db);
    expect(service.received).toHaveLength(2);
    await minutesPass(handle.db, 1);
    await runPushRound(handle.db);
    expect(service.received).toHaveLength(2);
    await minutesPass(handle.db, 1);
    await runPushRound(handle.db);
    expect(service.received).toHaveLength(3);
  });

  it("sends nothing for an order older than an hour, nor to a device added after the order", async () => {
    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    await minutesPass(handle.db, 61);
    await runPushRound(handle.db);
    expect(service.received).toHaveLength(0);

    await resetPushes(handle.db, service);
    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    await subscribe(handle.db, service, admin.id, "baru-dipasang");
    await runPushRound(handle.db);
    expect(service.received).toHaveLength(0);
  });

  it("an online order from no account, never confirmed sent, gets its first push but no reminders; confirmed, it is reminded", async () => {
    await repeats(3);
    const unconfirmed = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    for (let step = 0; step < 4; step++) {
      await runPushRound(handle.db);
      await minutesPass(handle.db, 2.1);
    }
    expect(titles()).toEqual([`Pesanan baru ${unconfirmed.code}`]);

    // The customer taps "Ya, sudah terkirim": the reminders start.
    await handle.db.update(orders).set({ sent_at: new Date() }).where(eq(orders.id, unconfirmed.id));
    await runPushRound(handle.db);
    expect(titles()).toEqual([`Pesanan baru ${unconfirmed.code}`, `Belum diterima: ${unconfirmed.code}`]);
  });

  it("an order from the counter is reminded, with no account and no message confirmed", async () => {
    await repeats(1);
    const counter = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    await handle.db.update(orders).set({ source: "kasir", sent_at: null }).where(eq(orders.id, counter.id));
    await runPushRound(handle.db);
    await minutesPass(handle.db, 2.1);
    await runPushRound(handle.db);
    expect(titles()).toEqual([`Pesanan baru ${counter.code}`, `Belum diterima: ${counter.code}`]);
  });
});
