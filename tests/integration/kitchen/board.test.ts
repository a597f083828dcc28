import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { auditLog, orderEvents, orders, promos, users } from "../../../database/schema.ts";
import type { Actor } from "../../../app/features/audit/audit-log.server.ts";
import { listAuditLog } from "../../../app/features/audit/audit-log.server.ts";
import {
  changeOrderStatus,
  clearUnsent,
  countUnsent,
  listOrders,
  UNSENT_REASON,
} from "../../../app/features/kitchen/board/board.server.ts";
import { orderReport, todaySummary } from "../../../app/features/reports/report.server.ts";
import type { OrderRequestLine } from "../../../app/features/checkout/record-order.server.ts";
import type { OrderStatus } from "../../../app/features/orders/order-status.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { placeOrder } from "../../support/orders.ts";

const WITA = "Asia/Makassar";
/** A moment written in WITA (UTC+8). */
const wita = (isoLocal: string) => new Date(`${isoLocal}+08:00`);

let handle: DatabaseHandle;
let actor: Actor;

/** Records an order, moves its time to `at`, and puts it straight into `status` (with a timeline entry). */
async function place(lines: OrderRequestLine[], at: Date, status?: OrderStatus, sent = true) {
  const order = await placeOrder(handle.db, lines);
  await handle.db
    .update(orders)
    .set({ created_at: at, sent_at: sent ? at : null, ...(status ? { status } : {}) })
    .where(eq(orders.id, order.id));
  await handle.db.update(orderEvents).set({ created_at: at }).where(eq(orderEvents.order_id, order.id));
  if (status) await handle.db.insert(orderEvents).values({ order_id: order.id, status, created_at: at });
  return order.code;
}

const codes: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  // Promotions off: these orders are placed on the real clock (a Monday's 20 % would move the report).
  await handle.db.update(promos).set({ aktif: false });
  const id = newUserId();
  const email = `kasir-${id.toLowerCase()}@contoh.test`;
  await handle.db.insert(users).values({ id, nama: "Kasir", email, provider: "password", role: "pemilik" });
  actor = { id, email };
  codes.senin = await place([{ id: "es-nyala", jumlah: 2 }], wita("2026-11-16T12:00:00"));
  codes.seninMalam = await place(
    [
      { id: "mie-nyala-level-1", jumlah: 3, level: 1 },
      { id: "es-teh-jumbo", jumlah: 1 },
    ],
    wita("2026-11-16T23:30:00"), // 15:30 UTC: still Monday in the store's calendar
  );
  codes.selasa = await place([{ id: "pangsit-goreng", jumlah: 1 }], wita("2026-11-17T00:30:00"));
  codes.batal = await place(
    [{ id: "mie-nyala-level-1", jumlah: 10, level: 1 }],
    wita("2026-11-17T10:00:00"),
    "batal",
  );
  codes.lama = await place([{ id: "es-nyala", jumlah: 1 }], wita("2026-10-01T10:00:00"), "selesai");
});
afterAll(async () => {
  await handle?.close();
});

describe(`staff board list (${testDatabaseKind()})`, () => {
  it("shows the orders still in the kitchen by default, longest waiting first, with lines and details", async () => {
    const { orders: rows, total, filters } = await listOrders(handle.db, {}, WITA);
    expect(filters).toMatchObject({ status: "aktif", sort: "terlama" });
    expect(total).toBe(3);
    expect(rows.map((row) => row.code)).toEqual([codes.senin, codes.seninMalam, codes.selasa]);
    expect(rows[1]?.items).toEqual([
      { nama: "Mie Nyala Level 1", harga: 10_000, jumlah: 3, level: 1, catatan: "", subtotal: 30_000 },
      { nama: "Es Teh Jumbo", harga: 5_000, jumlah: 1, level: null, catatan: "", subtotal: 5_000 },
    ]);
    expect(rows[1]).toMatchObject({
      customer_name: "Pelanggan Uji",
      customer_phone: "6281234567890",
      fulfilment: "ambil",
    });
  });

  it("every order, newest first, and each status on its own", async () => {
    const codesOf = async (query: Parameters<typeof listOrders>[1]) =>
      (await listOrders(handle.db, query, WITA)).orders.map((row) => row.code);
    expect(await codesOf({ status: "semua" })).toEqual([
      codes.batal,
      codes.selasa,
      codes.seninMalam,
      codes.senin,
      codes.lama,
    ]);
    expect(await codesOf({ status: "semua", sort: "terlama" })).toEqual([
      codes.lama,
      codes.senin,
      codes.seninMalam,
      codes.selasa,
      codes.batal,
    ]);
    expect(await codesOf({ status: "batal" })).toEqual([codes.batal]);
    expect(await codesOf({ status: "selesai" })).toEqual([codes.lama]);
  });

  it("filters by day in the store's calendar", async () => {
    const codesOf = async (query: Parameters<typeof listOrders>[1]) =>
      (await listOrders(handle.db, { status: "semua", ...query }, WITA)).orders.map((row) => row.code);
    expect(await codesOf({ from: "2026-11-16", to: "2026-11-16" })).toEqual([codes.seninMalam, codes.senin]);
    expect(await codesOf({ from: "2026-11-17" })).toEqual([codes.batal, codes.selasa]);
    expect(await codesOf({ to: "2026-10-31" })).toEqual([codes.lama]);
    expect(await codesOf({ status: "baru", from: "2026-11-17", to: "2026-11-17" })).toEqual([codes.selasa]);
  });

  it("finds an order by its code, typed any way; a search no code can match finds nothing", async () => {
    const code = codes.selasa!;
    for (const typed of [code, code.toLowerCase(), code.slice(3), ` ${code.slice(0, 5)} `]) {
      const { orders: rows } = await listOrders(handle.db, { q: typed }, WITA);
      expect(rows.map((row) => row.code)).toContain(code);
    }
    for (const q of ["%' OR 1=1 --", "_", "%", "NY-0000", "x".repeat(500)]) {
      const result = await listOrders(handle.db, { status: "semua", q }, WITA);
      expect(result.total, q).toBe(0);
      expect(result.filters.q.length).toBeLessThanOrEqual(20);
    }
  });

  it("ignores a status, date, order or page that makes no sense instead of failing", async () => {
    const active = await listOrders(handle.db, {}, WITA);
    for (const query of [
      { status: "dikirim" },
      { from: "2026-13-45" },
      { sort: "acak" },
      { page: -3 },
      { page: Number.NaN },
    ]) {
      const result = await listOrders(handle.db, query, WITA);
      expect(result.total, JSON.stringify(query)).toBe(active.total);
    }
  });
});

describe(`order status on the board (${testDatabaseKind()})`, () => {
  it("moves one step at a time to the end, each step on the timeline and in the audit log", async () => {
    const code = codes.senin!;
    const steps: [OrderStatus, OrderStatus][] = [
      ["baru", "diterima"],
      ["diterima", "dimasak"],
      ["dimasak", "siap"],
      ["siap", "selesai"],
    ];
    for (const [from, to] of steps) {
      // Typed any way, the answer names the code as stored.
      expect(
        await changeOrderStatus(handle.db, actor, { code: ` ${code.slice(3).toLowerCase()} `, status: to }),
      ).toEqual({
        ok: true,
        code,
        from,
        to,
        fulfilment: "ambil",
      });
    }
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(row?.status).toBe("selesai");
    const timeline = await handle.db
      .select({ status: orderEvents.status })
      .from(orderEvents)
      .where(eq(orderEvents.order_id, row!.id))
      .orderBy(asc(orderEvents.id));
    expect(timeline.map((event) => event.status)).toEqual(["baru", "diterima", "dimasak", "siap", "selesai"]);
    const log = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, code))
      .orderBy(auditLog.id);
    expect(log.map((entry) => [entry.summary, entry.actor_email])).toEqual([
      [`Pesanan ${code}: Baru → Diterima`, actor.email],
      [`Pesanan ${code}: Diterima → Dimasak`, actor.email],
      [`Pesanan ${code}: Dimasak → Siap diambil`, actor.email],
      [`Pesanan ${code}: Siap diambil → Selesai`, actor.email],
    ]);
  });

  it.each([
    [
      () => ({ code: codes.senin, status: "baru" }),
      409,
      "Pesanan yang sudah selesai tidak bisa diubah lagi.",
    ],
    [
      () => ({ code: codes.batal, status: "diterima" }),
      409,
      "Pesanan yang sudah dibatalkan tidak bisa diubah lagi.",
    ],
    [
      () => ({ code: codes.seninMalam, status: "baru" }),
      409,
      "Status baru tidak bisa diubah menjadi baru. Langkah berikutnya: diterima.",
    ],
    [
      () => ({ code: codes.seninMalam, status: "selesai" }),
      409,
      "Status baru tidak bisa diubah menjadi selesai. Langkah berikutnya: diterima.",
    ],
    [
      () => ({ code: `${codes.seninMalam}${"7".repeat(20)}`, status: "diterima" }),
      400,
      "Kode pesanan paling banyak 20 karakter, misalnya NY-7K3Q.",
    ],
    [() => ({ code: 42, status: "diterima" }), 400, "Pesanan tidak ditemukan."],
    [
      () => ({ code: codes.seninMalam, status: ["diterima"] }),
      400,
      "Pilih status: diterima, dimasak, siap, selesai, atau batal.",
    ],
    [() => ({ code: "NY-XXXX", status: "diterima" }), 404, "Pesanan tidak ditemukan."],
    [
      () => ({ code: codes.selasa, status: "diproses" }),
      400,
      "Pilih status: diterima, dimasak, siap, selesai, atau batal.",
    ],
    [() => ({ status: "diterima" }), 400, "Pesanan tidak ditemukan."],
    [
      () => ({ code: codes.selasa, status: "batal" }),
      400,
      "Tulis alasan pembatalan untuk pelanggan, 3 sampai 200 karakter.",
    ],
    [
      () => ({ code: codes.selasa, status: "batal", alasan: " \n ok " }),
      400,
      "Tulis alasan pembatalan untuk pelanggan, 3 sampai 200 karakter.",
    ],
    [
      () => ({ code: codes.selasa, status: "batal", alasan: "x".repeat(201) }),
      400,
      "Tulis alasan pembatalan untuk pelanggan, 3 sampai 200 karakter.",
    ],
  ])(
    "refuses a change that makes no sense, with a message and nothing written (%#)",
    async (input, status, message) => {
      const before = (await listAuditLog(handle.db)).total;
      const eventsBefore = (await handle.db.select().from(orderEvents)).length;
      expect(await changeOrderStatus(handle.db, actor, input())).toEqual({ ok: false, status, message });
      expect((await listAuditLog(handle.db)).total).toBe(before);
      expect((await handle.db.select().from(orderEvents)).length).toBe(eventsBefore);
    },
  );

  it("cancels with the reason the customer will read, kept on one line", async () => {
    expect(
      await changeOrderStatus(handle.db, actor, {
        code: codes.selasa,
        status: "batal",
        alasan: "Pangsit\nsedang habis.",
      }),
    ).toMatchObject({ ok: true, to: "batal" });
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, codes.selasa!));
    const [cancelled] = await handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.order_id, row!.id))
      .orderBy(asc(orderEvents.id))
      .then((events) => events.slice(-1));
    expect(cancelled).toMatchObject({ status: "batal", reason: "Pangsit sedang habis." });
    const [entry] = await handle.db.select().from(auditLog).where(eq(auditLog.entity_id, codes.selasa!));
    expect(entry?.summary).toBe(`Pesanan ${codes.selasa}: Baru → Dibatalkan (Pangsit sedang habis.)`);
    // The board shows the reason on the cancelled card.
    const { orders: listed } = await listOrders(handle.db, { status: "batal", q: codes.selasa }, WITA);
    expect(listed.map((row) => [row.code, row.cancel_reason])).toEqual([
      [codes.selasa, "Pangsit sedang habis."],
    ]);
  });

  it("two admins moving one order at once: exactly one succeeds", async () => {
    const code = await place([{ id: "es-nyala", jumlah: 1 }], wita("2026-11-18T10:00:00"));
    const results = await Promise.all([
      changeOrderStatus(handle.db, actor, { code, status: "diterima" }),
      changeOrderStatus(handle.db, actor, { code, status: "diterima" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ status: 409 });
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    const events = await handle.db.select().from(orderEvents).where(eq(orderEvents.order_id, row!.id));
    expect(events.map((event) => event.status).sort()).toEqual(["baru", "diterima"]);
  });
});

describe(`clearing orders never sent (${testDatabaseKind()})`, () => {
  it("cancels the new orders nobody confirmed as sent after 10 minutes, in one audit entry; leaves the rest", async () => {
    const now = wita("2026-11-20T19:00:00");
    const unsentOld = await place(
      [{ id: "es-nyala", jumlah: 1 }],
      wita("2026-11-20T18:40:00"),
      undefined,
      false,
    );
    const unsentFresh = await place(
      [{ id: "es-nyala", jumlah: 1 }],
      wita("2026-11-20T18:55:00"),
      undefined,
      false,
    );
    const sentOld = await place([{ id: "es-nyala", jumlah: 1 }], wita("2026-11-20T18:40:00"));
    const takenUp = await place(
      [{ id: "es-nyala", jumlah: 1 }],
      wita("2026-11-20T18:40:00"),
      "diterima",
      false,
    );
    expect(await countUnsent(handle.db, now)).toBe(1);
    const before = (await listAuditLog(handle.db)).total;
    expect(await clearUnsent(handle.db, actor, now)).toEqual([unsentOld]);
    expect((await listAuditLog(handle.db)).total).toBe(before + 1);
    const statusOf = async (code: string) =>
      (await handle.db.select().from(orders).where(eq(orders.code, code)))[0];
    expect(await statusOf(unsentOld)).toMatchObject({ status: "batal", cleared_unsent: true });
    for (const code of [unsentFresh, sentOld]) expect((await statusOf(code))?.status).toBe("baru");
    expect((await statusOf(takenUp))?.status).toBe("diterima");
    const [event] = await handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.order_id, (await statusOf(unsentOld))!.id))
      .orderBy(asc(orderEvents.id))
      .then((events) => events.slice(-1));
    expect(event).toMatchObject({ status: "batal", reason: UNSENT_REASON });
    expect(await clearUnsent(handle.db, actor, now)).toEqual([]);
  });
});

describe(`30-day report and today's figures (${testDatabaseKind()})`, () => {
  it("counts taken-up orders and their revenue per day in the store's calendar; new and cancelled apart", async () => {
    // A confirmed order on Tuesday, beside the cancelled ones.
    const cooking = await place(
      [{ id: "mie-nyala-level-1", jumlah: 1, level: 1 }],
      wita("2026-11-17T12:00:00"),
      "dimasak",
    );
    // One the customer replaced by a changed cart before sending it, and one cleared as never
    // sent: no sale, no cancellation.
    const replaced = await place([{ id: "es-nyala", jumlah: 7 }], wita("2026-11-17T11:55:00"), "batal");
    await handle.db.update(orders).set({ replaced_by: cooking }).where(eq(orders.code, replaced));
    const cleared = await place([{ id: "es-nyala", jumlah: 3 }], wita("2026-11-17T11:56:00"), "batal");
    await handle.db.update(orders).set({ cleared_unsent: true }).where(eq(orders.code, cleared));
    const report = await orderReport(handle.db, WITA, wita("2026-11-17T20:00:00"));
    expect(report.days).toHaveLength(30);
    expect(report.days[0]?.date).toBe("2026-10-19");
    expect(report.days.at(-1)?.date).toBe("2026-11-17");
    const byDate = Object.fromEntries(
      report.days.map((day) => [day.date, [day.orders, day.revenue, day.unconfirmed, day.cancelled]]),
    );
    // Monday: 2 × Es Nyala 16.000 (selesai) counts; the 23.30 order is still baru, never
    // confirmed: counted apart, no revenue.
    expect(byDate["2026-11-16"]).toEqual([1, 16_000, 1, 0]);
    // Tuesday: the Level 1 order cooking; Pangsit and the Level 5 order cancelled by the restaurant.
    expect(byDate["2026-11-17"]).toEqual([1, 10_000, 0, 2]);
    expect(report).toMatchObject({
      totalOrders: 2,
      totalRevenue: 26_000,
      totalUnconfirmed: 1,
      totalCancelled: 2,
    });
    expect(report.bestSellers).toEqual([
      { nama: "Es Nyala", jumlah: 2, revenue: 16_000 },
      { nama: "Mie Nyala Level 1", jumlah: 1, revenue: 10_000 },
    ]);
  });

  it("today in the store's calendar: orders, revenue and discounts of the taken-up ones, cancellations, and who waits longest", async () => {
    const now = wita("2026-11-25T20:00:00");
    expect(await todaySummary(handle.db, WITA, now)).toMatchObject({ orders: 0, revenue: 0 });
    await place([{ id: "es-nyala", jumlah: 1 }], wita("2026-11-25T00:10:00"), "selesai"); // 16.10 UTC the day before
    const discounted = await place([{ id: "es-teh-jumbo", jumlah: 2 }], wita("2026-11-25T19:00:00"), "siap");
    // A promotion took Rp 2.000 off it (promotions are off in this file: set as checkout would).
    await handle.db.update(orders).set({ total: 8_000 }).where(eq(orders.code, discounted));
    await place([{ id: "pangsit-goreng", jumlah: 1 }], wita("2026-11-25T19:30:00"));
    await place([{ id: "es-nyala", jumlah: 5 }], wita("2026-11-25T19:40:00"), "batal");
    const today = await todaySummary(handle.db, WITA, now);
    expect(today).toMatchObject({ orders: 3, revenue: 8_000 + 8_000, discount: 2_000, cancelled: 1 });
    const active = await listOrders(handle.db, { sort: "terlama" }, WITA);
    expect(today.waiting).toBe(active.total);
    expect(today.oldestWaitingSince).toBe(new Date(active.orders[0]!.created_at).toISOString());
  });

  it("an empty window gives thirty empty days", async () => {
    const report = await orderReport(handle.db, WITA, wita("2025-01-10T10:00:00"));
    expect(report.days.every((day) => day.orders + day.revenue + day.unconfirmed + day.cancelled === 0)).toBe(
      true,
    );
    expect(report.bestSellers).toEqual([]);
  });
});
