import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { menuItems, orderItems, orders, promos } from "../../../database/schema.ts";
import { orderReport } from "../../../app/features/reports/report.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { Shopper } from "../cart/cart-support.ts";
import { openAllDay } from "../../support/orders.ts";

/**
 * Issue #20: `orders.total` was a 32-bit integer with no cap, so an item at Rp 1.000.000 (a price
 * the admin may set) ordered 22 × 99 made the insert overflow: "Unexpected Server Error". An
 * order's total is now capped at Rp 100.000.000 with a message, and the money columns are wide
 * enough that no sum of capped orders can overflow.
 */
const MESSAGE =
  "Total satu pesanan paling banyak Rp 100.000.000. Kurangi jumlahnya atau bagi menjadi beberapa pesanan.";

let handle: DatabaseHandle;
beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_ORDER_ADDRESS", "1000");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await openAllDay(handle.db);
  // Promotions off: the cap is on what the lines cost (a Monday's 20 % must not move these totals).
  await handle.db.update(promos).set({ aktif: false });
  await setPrice("es-teh-jumbo", 1_000_000);
  await setPrice("es-nyala", 999_001);
  await setPrice("pangsit-goreng", 1_000);
  await setPrice("mie-nyala-level-2", 1_000_000);
  // A cart holds one line per dish and level: 49 more dishes for the longest carts below.
  await handle.db.insert(menuItems).values(
    EXTRA.map((id) => ({
      id,
      nama: id,
      category_id: "minuman",
      harga: 1_000_000,
      gambar: "/images/menu/es-nyala.webp",
    })),
  );
  invalidateContentCache();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

async function setPrice(id: string, harga: number) {
  await handle.db.update(menuItems).set({ harga }).where(eq(menuItems.id, id));
  invalidateContentCache();
}

const EXTRA = Array.from({ length: 49 }, (_, index) => `minuman-mahal-${index}`);

/** A cart holding `items` (moved in as a stored cart: one request), checked out. */
async function order(items: { id: string; jumlah: number; level?: number }[]) {
  const shopper = new Shopper();
  const moved = await shopper.importStored(
    JSON.stringify(items.map((item) => ({ nama: item.id, harga: 1, ...item }))),
  );
  expect(moved.status, moved.body).toBe(200);
  return shopper.checkout();
}

const counts = async () => {
  const [row] = await handle.db
    .select({
      orders: sql<number>`(select count(*) from ${orders})::int`,
      lines: sql<number>`(select count(*) from ${orderItems})::int`,
    })
    .from(sql`(select 1) as one`);
  return row!;
};

describe(`order totals cannot overflow (${testDatabaseKind()})`, () => {
  it("the largest order accepted: exactly Rp 100.000.000, stored and sent whole", async () => {
    const answer = await order([
      { id: "es-teh-jumbo", jumlah: 99 },
      { id: "mie-nyala-level-2", jumlah: 1, level: 2 },
    ]);
    expect(answer.status, answer.body).toBe(201);
    expect(answer.json?.total).toBe(100_000_000);
    expect(answer.json?.message).toContain("Total: Rp 100.000.000");
    const [row] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.code, answer.json?.code as string));
    expect(row?.total).toBe(100_000_000);
    const lines = await handle.db.select().from(orderItems).where(eq(orderItems.order_id, row!.id));
    expect(lines.map((line) => line.subtotal).sort()).toEqual([1_000_000, 99_000_000]);
  });

  it("one rupiah more is refused with the message, a 400 and nothing written", async () => {
    const before = await counts();
    const answer = await order([
      { id: "es-teh-jumbo", jumlah: 99 },
      { id: "es-nyala", jumlah: 1 },
      { id: "pangsit-goreng", jumlah: 1 },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ status: "error", message: MESSAGE });
    expect(await counts()).toEqual(before);
  });

  it("the issue's order (22 lines × 99 at Rp 1.000.000 = Rp 2.178.000.000) is refused the same way, never a 500", async () => {
    const before = await counts();
    const answer = await order(["es-teh-jumbo", ...EXTRA.slice(0, 21)].map((id) => ({ id, jumlah: 99 })));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ status: "error", message: MESSAGE });
    expect(await counts()).toEqual(before);
  });

  it("the largest cart there can be (50 lines × 99) at the largest price the database allows is refused, never a 500", async () => {
    await setPrice("pangsit-goreng", 100_000_000);
    for (const id of EXTRA) await setPrice(id, 100_000_000);
    try {
      const before = await counts();
      const answer = await order(["pangsit-goreng", ...EXTRA].map((id) => ({ id, jumlah: 99 })));
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ status: "error", message: MESSAGE });
      expect(await counts()).toEqual(before);
    } finally {
      await setPrice("pangsit-goreng", 1_000);
      for (const id of EXTRA) await setPrice(id, 1_000_000);
    }
  });

  it("the money columns hold sums far past 32 bits, and the report adds them up exactly", async () => {
    const today = new Date();
    const [big] = await handle.db
      .insert(orders)
      .values({
        code: "NY-BIG1",
        subtotal: 5_000_000_000,
        total: 5_000_000_000,
        status: "selesai",
        created_at: today,
      })
      .returning({ id: orders.id });
    await handle.db.insert(orderItems).values({
      order_id: big!.id,
      nama: "Es Teh Jumbo",
      harga: 50_000_000,
      jumlah: 99,
      subtotal: 4_950_000_000,
    });
    await handle.db.insert(orders).values({
      code: "NY-BIG2",
      subtotal: 3_000_000_000,
      total: 3_000_000_000,
      status: "diterima",
      created_at: today,
    });
    const report = await orderReport(handle.db, "Asia/Makassar", today);
    expect(report.totalRevenue).toBe(8_000_000_000);
    expect(report.bestSellers.find((item) => item.nama === "Es Teh Jumbo")?.revenue).toBe(4_950_000_000);
  });
});
