import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../database/client.server.ts";
import { orderPrints, orders, promos, users } from "../../../../database/schema.ts";
import { newUserId } from "../../../../app/features/accounts/users.server.ts";
import {
  claimFirstPrint,
  claimNextNewOrder,
  confirmPrint,
  printStates,
  recordReprint,
  releasePrint,
} from "../../../../app/features/kitchen/printing/prints.server.ts";
import { useDatabaseHandle } from "../../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../../support/test-database.ts";
import { placeOrder } from "../../../support/orders.ts";

/**
 * Who prints an order's ticket first (docs/decisions/0037-printing-orders.md), on the database
 * the servers share: many devices claiming at once get one winner; a failed print gives its claim
 * back; a dead device's lease runs out. On PostgreSQL (scripts/with-postgres.sh) the claims run
 * on separate connections, truly at once.
 */
let handle: DatabaseHandle;
let adminId: string;
const WITA = "Asia/Makassar";

/** A new order the customer confirmed sending: Auto-cetak prints it while it is new (0047). */
const newOrder = async () => {
  const order = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
  await handle.db.update(orders).set({ sent_at: new Date() }).where(eq(orders.id, order.id));
  return order;
};
const devices = (count: number) => Array.from({ length: count }, (_, index) => `perangkat-${index}`);
const printed = async (order: { id: number; code: string }) =>
  (await printStates(handle.db, [order], WITA))[order.code] ?? {};

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await handle.db.update(promos).set({ aktif: false });
  adminId = newUserId();
  await handle.db.insert(users).values({
    id: adminId,
    nama: "Admin Cetak",
    email: `${adminId.toLowerCase()}@contoh.test`,
    provider: "password",
    role: "pemilik",
  });
});
afterAll(async () => {
  await handle?.close();
});
// Every test starts with no new order waiting for Auto-cetak.
beforeEach(async () => {
  await handle.db.update(orders).set({ status: "selesai" }).where(eq(orders.status, "baru"));
});

describe(`print claims (${testDatabaseKind()})`, () => {
  it("ten devices claiming one order's kitchen ticket at once: exactly one wins", async () => {
    const order = await newOrder();
    const tokens = await Promise.all(
      devices(10).map((device) => claimFirstPrint(handle.db, order.id, "dapur", device)),
    );
    expect(tokens.filter(Boolean)).toHaveLength(1);
    // The receipt is a ticket of its own, claimed apart.
    expect(await claimFirstPrint(handle.db, order.id, "struk", "perangkat-0")).not.toBeNull();
  });

  it("Auto-cetak on six boards at once prints each new order's kitchen ticket exactly once", async () => {
    const placed = [await newOrder(), await newOrder(), await newOrder()];
    const claimed: number[] = [];
    await Promise.all(
      devices(6).map(async (device) => {
        for (;;) {
          const claim = await claimNextNewOrder(handle.db, device);
          if (!claim) return;
          claimed.push(claim.orderId);
          expect(await confirmPrint(handle.db, claim.token, adminId)).toEqual({ orderId: claim.orderId });
        }
      }),
    );
    expect(claimed.sort((a, b) => a - b)).toEqual(placed.map((order) => order.id));
    for (const order of placed) expect((await printed(order)).dapur).toMatchObject({ reprints: 0 });
    expect(await claimNextNewOrder(handle.db, "perangkat-9")).toBeNull();
  });

  it("a printer that failed gives the claim back: the order stays unprinted and is claimed again", async () => {
    const order = await newOrder();
    const first = await claimNextNewOrder(handle.db, "perangkat-a");
    expect(first?.orderId).toBe(order.id);
    // While the claim runs nobody else takes it.
    expect(await claimNextNewOrder(handle.db, "perangkat-b")).toBeNull();
    await releasePrint(handle.db, first!.token);
    expect(await printed(order)).toEqual({});
    expect(await confirmPrint(handle.db, first!.token, adminId)).toBeNull();
    const again = await claimNextNewOrder(handle.db, "perangkat-b");
    expect(again?.orderId).toBe(order.id);
    expect(again?.token).not.toBe(first!.token);
  });

  it("a device that died mid-print loses its lease; its late confirmation is refused", async () => {
    const order = await newOrder();
    const dead = await claimFirstPrint(handle.db, order.id, "dapur", "perangkat-mati");
    expect(await claimFirstPrint(handle.db, order.id, "dapur", "perangkat-hidup")).toBeNull();
    await handle.db
      .update(orderPrints)
      .set({ lease_until: sql`now() - interval '1 second'` })
      .where(eq(orderPrints.order_id, order.id));
    const alive = await claimFirstPrint(handle.db, order.id, "dapur", "perangkat-hidup");
    expect(alive).not.toBeNull();
    expect(await confirmPrint(handle.db, dead!, adminId)).toBeNull();
    expect(await confirmPrint(handle.db, alive!, adminId)).toEqual({ orderId: order.id });
    const [row] = await handle.db.select().from(orderPrints).where(eq(orderPrints.order_id, order.id));
    expect(row).toMatchObject({ device_id: "perangkat-hidup", printed_by: adminId, claim_token: null });
  });

  it("a printed ticket is never claimed again; its reprints are counted", async () => {
    const order = await newOrder();
    const token = await claimFirstPrint(handle.db, order.id, "dapur", "perangkat-a");
    expect(await recordReprint(handle.db, order.id, "dapur")).toBe(false);
    await confirmPrint(handle.db, token!, adminId);
    expect(await claimFirstPrint(handle.db, order.id, "dapur", "perangkat-b")).toBeNull();
    expect(await claimNextNewOrder(handle.db, "perangkat-b")).toBeNull();
    expect(await recordReprint(handle.db, order.id, "dapur")).toBe(true);
    expect(await recordReprint(handle.db, order.id, "dapur")).toBe(true);
    expect((await printed(order)).dapur).toEqual({ at: expect.stringMatching(/^\d\d\.\d\d$/), reprints: 2 });
    expect((await printed(order)).struk).toBeUndefined();
  });

  it("Auto-cetak leaves orders the kitchen took up or cancelled", async () => {
    const order = await newOrder();
    await handle.db.update(orders).set({ status: "diterima" }).where(eq(orders.id, order.id));
    expect(await claimNextNewOrder(handle.db, "perangkat-a")).toBeNull();
  });
});
