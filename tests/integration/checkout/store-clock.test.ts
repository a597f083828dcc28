/**
 * One store clock (#27): with the test clock at Monday 03.00 WITA, before the store opens at
 * 10.00, the cart page, the checkout, the recorded order and the day's figures all read that
 * moment: the slots start at the opening, the Monday promo prices the order, the order is
 * recorded then and outside the hours (docs/decisions/0028-checkout-pipeline.md).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { orderEvents, orders, storeSettings } from "../../../database/schema.ts";
import { todaySummary } from "../../../app/features/reports/report.server.ts";
import { DEFAULT_OPENING_HOURS } from "../../../app/features/store/opening-hours.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { Shopper } from "../cart/cart-support.ts";

/** Monday 23 November 2026, 03.00 in Asia/Makassar. */
const CLOCK = vi.hoisted(() => {
  const instant = "2026-11-22T19:00:00.000Z";
  // Read once by lib/clock.server.ts when it is first imported: before the imports above run.
  process.env.NYALA_TEST_MODE = "1";
  process.env.NYALA_TEST_CLOCK = instant;
  return Date.parse(instant);
});

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await handle.db
    .update(storeSettings)
    .set({
      opening_hours: DEFAULT_OPENING_HOURS.map((day) => ({ ...day })),
      timezone: "Asia/Makassar",
      lead_minutes: 20,
    })
    .where(eq(storeSettings.id, 1));
  invalidateContentCache();
});
afterAll(async () => {
  await handle?.close();
});

/** Within a minute of the test clock (it runs on from its start). */
const nearClock = (at: Date) => expect(Math.abs(at.getTime() - CLOCK)).toBeLessThan(60_000);

describe(`the store's clock, set for a test (${testDatabaseKind()})`, () => {
  it("moves the slots, the promos, the order's time and today's figures together", async () => {
    const shopper = await new Shopper().fill([{ id: "es-nyala" }]);
    const page = await shopper.cart();
    expect(page.details.slots[0]).toEqual({ value: "2026-11-23T10:30", label: "Hari ini 10.30" });
    expect(page.details.slots.at(-1)).toEqual({ value: "2026-11-23T21:45", label: "Hari ini 21.45" });
    expect(page.pricing).toMatchObject({
      discounts: [{ title: "Diskon 20% Hari Senin", amount: 1_600 }],
      total: 6_400,
    });

    const answer = await shopper.checkout({ waktu: "2026-11-23T10:30" });
    expect([answer.status, answer.json?.total, answer.json?.outsideHours]).toEqual([201, 6_400, true]);
    expect(String(answer.json?.message).split("\n")).toContain(
      "Toko sedang tutup: pesanan ini akan diproses saat buka hari ini pukul 10.00.",
    );
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.code, answer.json?.code as string));
    expect(order).toMatchObject({ outside_hours: true, total: 6_400 });
    nearClock(order!.created_at);
    const [event] = await handle.db.select().from(orderEvents).where(eq(orderEvents.order_id, order!.id));
    nearClock(event!.created_at);
    expect(await todaySummary(handle.db, "Asia/Makassar")).toMatchObject({ orders: 1 });
  });
});
