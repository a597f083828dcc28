import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../database/client.server.ts";
import { auditLog, orders, users } from "../../database/schema.ts";
import type { Actor } from "../../app/features/admin/audit-log.server.ts";
import { listAuditLog } from "../../app/features/admin/audit-log.server.ts";
import {
  changeOrderStatus,
  listOrders,
  NEXT_STATUSES,
  orderReport,
} from "../../app/features/orders/admin.server.ts";
import { recordOrder, type OrderRequestLine } from "../../app/features/orders/record-order.server.ts";
import { getStoreSettings } from "../../app/features/store/settings.server.ts";
import { newUserId } from "../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../support/test-database.ts";

const WITA = "Asia/Makassar";
/** A moment written in WITA (UTC+8). */
const wita = (isoLocal: string) => new Date(`${isoLocal}+08:00`);

let handle: DatabaseHandle;
let actor: Actor;

/** Records an order and moves its time to `at`. */
async function place(lines: OrderRequestLine[], at: Date, status?: "diproses" | "batal" | "selesai") {
  const result = await recordOrder(handle.db, lines, await getStoreSettings(handle.db), null);
  if (!result.ok) throw new Error(result.message);
  await handle.db
    .update(orders)
    .set({ created_at: at, ...(status ? { status } : {}) })
    .where(eq(orders.id, result.order.id));
  return result.order.code;
}

const codes: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  const id = newUserId();
  const email = `kasir-${id.toLowerCase()}@contoh.test`;
  await handle.db.insert(users).values({ id, nama: "Kasir", email, provider: "password", role: "admin" });
  actor = { id, email };
  codes.senin = await place([{ id: "es-nyala", jumlah: 2 }], wita("2026-11-16T12:00:00"));
  codes.seninMalam = await place(
    [
      { id: "mie-nyala-level-1", jumlah: 3, level: 2 },
      { id: "es-teh-jumbo", jumlah: 1 },
    ],
    wita("2026-11-16T23:30:00"), // 15:30 UTC: still Monday in the store's calendar
  );
  codes.selasa = await place([{ id: "pangsit-goreng", jumlah: 1 }], wita("2026-11-17T00:30:00"));
  codes.batal = await place(
    [{ id: "mie-nyala-level-1", jumlah: 10, level: 5 }],
    wita("2026-11-17T10:00:00"),
    "batal",
  );
  codes.lama = await place([{ id: "es-nyala", jumlah: 1 }], wita("2026-10-01T10:00:00"), "selesai");
});
afterAll(async () => {
  await handle?.close();
});

describe(`order log (${testDatabaseKind()})`, () => {
  it("lists orders newest first with their lines", async () => {
    const { orders: rows, total } = await listOrders(handle.db, {}, WITA);
    expect(total).toBe(5);
    expect(rows.map((row) => row.code)).toEqual([
      codes.batal,
      codes.selasa,
      codes.seninMalam,
      codes.senin,
      codes.lama,
    ]);
    expect(rows[2]?.items).toEqual([
      { nama: "Mie Nyala Level 1", harga: 10_000, jumlah: 3, level: 2, catatan: "", subtotal: 30_000 },
      { nama: "Es Teh Jumbo", harga: 5_000, jumlah: 1, level: null, catatan: "", subtotal: 5_000 },
    ]);
  });

  it("filters by status and by day in the store's calendar", async () => {
    const codesOf = async (query: Parameters<typeof listOrders>[1]) =>
      (await listOrders(handle.db, query, WITA)).orders.map((row) => row.code);
    expect(await codesOf({ status: "batal" })).toEqual([codes.batal]);
    expect(await codesOf({ from: "2026-11-16", to: "2026-11-16" })).toEqual([codes.seninMalam, codes.senin]);
    expect(await codesOf({ from: "2026-11-17" })).toEqual([codes.batal, codes.selasa]);
    expect(await codesOf({ to: "2026-10-31" })).toEqual([codes.lama]);
    expect(await codesOf({ status: "baru", from: "2026-11-17", to: "2026-11-17" })).toEqual([codes.selasa]);
  });

  it("finds an order by its code, typed any way", async () => {
    const code = codes.selasa!;
    for (const typed of [code, code.toLowerCase(), code.slice(3), ` ${code.slice(0, 5)} `]) {
      const { orders: rows } = await listOrders(handle.db, { q: typed }, WITA);
      expect(rows.map((row) => row.code)).toContain(code);
    }
    expect((await listOrders(handle.db, { q: "NY-0000" }, WITA)).orders).toEqual([]);
  });

  it("ignores a status, date or page that makes no sense instead of failing", async () => {
    const all = await listOrders(handle.db, {}, WITA);
    for (const query of [{ status: "dikirim" }, { from: "2026-13-45" }, { page: -3 }, { page: Number.NaN }]) {
      const result = await listOrders(handle.db, query, WITA);
      expect(result.total, JSON.stringify(query)).toBe(all.total);
    }
  });

  it("a search no code can match finds nothing, wildcards included", async () => {
    for (const q of ["%' OR 1=1 --", "_", "%", "NY-0000", "x".repeat(500)]) {
      const result = await listOrders(handle.db, { q }, WITA);
      expect(result.total, q).toBe(0);
      expect(result.filters.q.length).toBeLessThanOrEqual(20);
    }
  });

  it("pages by 20", async () => {
    for (let i = 0; i < 21; i++) await place([{ id: "es-nyala", jumlah: 1 }], wita("2026-09-01T10:00:00"));
    const second = await listOrders(handle.db, { page: 2 }, WITA);
    expect(second.total).toBe(26);
    expect(second.orders).toHaveLength(6);
    expect(second.orders.at(-1)?.code).toBeDefined();
  });
});

describe(`order status (${testDatabaseKind()})`, () => {
  it("moves baru → diproses → selesai, each step in the audit log", async () => {
    const code = codes.senin!;
    expect(await changeOrderStatus(handle.db, actor, { code, status: "diproses" })).toEqual({
      ok: true,
      code,
      from: "baru",
      to: "diproses",
    });
    // Typed any way, the answer names the code as stored.
    expect(
      await changeOrderStatus(handle.db, actor, {
        code: ` ${code.slice(3).toLowerCase()} `,
        status: "selesai",
      }),
    ).toEqual({ ok: true, code, from: "diproses", to: "selesai" });
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(row?.status).toBe("selesai");
    const log = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, code))
      .orderBy(auditLog.id);
    expect(log.map((entry) => [entry.action, entry.summary, entry.actor_email])).toEqual([
      ["status", `Pesanan ${code}: Baru → Diproses`, actor.email],
      ["status", `Pesanan ${code}: Diproses → Selesai`, actor.email],
    ]);
  });

  it.each([
    [
      () => ({ code: codes.senin, status: "batal" }),
      409,
      "Pesanan yang sudah selesai tidak bisa diubah lagi.",
    ],
    [
      () => ({ code: codes.batal, status: "diproses" }),
      409,
      "Pesanan yang sudah batal tidak bisa diubah lagi.",
    ],
    [() => ({ code: codes.seninMalam, status: "baru" }), 409, "Status baru tidak bisa diubah menjadi baru."],
    [
      () => ({ code: codes.seninMalam, status: "selesai" }),
      409,
      "Pesanan harus diproses dulu sebelum selesai.",
    ],
    [
      () => ({ code: `${codes.seninMalam}${"7".repeat(20)}`, status: "diproses" }),
      400,
      "Kode pesanan paling banyak 20 karakter, misalnya NY-7K3Q.",
    ],
    [() => ({ code: 42, status: "diproses" }), 400, "Pesanan tidak ditemukan."],
    [
      () => ({ code: codes.seninMalam, status: ["diproses"] }),
      400,
      "Pilih status: baru, diproses, selesai, atau batal.",
    ],
    [() => ({ code: "NY-XXXX", status: "diproses" }), 404, "Pesanan tidak ditemukan."],
    [
      () => ({ code: codes.selasa, status: "dikirim" }),
      400,
      "Pilih status: baru, diproses, selesai, atau batal.",
    ],
    [() => ({ status: "diproses" }), 400, "Pesanan tidak ditemukan."],
  ])("refuses a change that is not allowed (%#)", async (input, status, message) => {
    const before = (await listAuditLog(handle.db)).total;
    expect(await changeOrderStatus(handle.db, actor, input())).toEqual({ ok: false, status, message });
    expect((await listAuditLog(handle.db)).total).toBe(before);
  });

  it("offers only the allowed next statuses: baru → diproses or batal, diproses → selesai or batal", () => {
    expect(NEXT_STATUSES).toEqual({
      baru: ["diproses", "batal"],
      diproses: ["selesai", "batal"],
      selesai: [],
      batal: [],
    });
  });

  it("cancels a new order", async () => {
    expect(await changeOrderStatus(handle.db, actor, { code: codes.selasa, status: "batal" })).toMatchObject({
      ok: true,
      to: "batal",
    });
  });
});

describe(`30-day report (${testDatabaseKind()})`, () => {
  it("counts confirmed orders and their revenue per day in the store's calendar; new and cancelled orders apart", async () => {
    // A confirmed order on Tuesday, beside the cancelled ones.
    const processed = await place(
      [{ id: "mie-nyala-level-1", jumlah: 1, level: 0 }],
      wita("2026-11-17T12:00:00"),
      "diproses",
    );
    // And one the customer replaced by a changed cart before sending it: no sale, no cancellation.
    const replaced = await place([{ id: "es-nyala", jumlah: 7 }], wita("2026-11-17T11:55:00"), "batal");
    await handle.db.update(orders).set({ replaced_by: processed }).where(eq(orders.code, replaced));
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
    // Tuesday: the Level 1 order being processed; Pangsit (cancelled in the status test above)
    // and the cancelled Level 5 order.
    expect(byDate["2026-11-17"]).toEqual([1, 10_000, 0, 2]);
    expect(byDate["2026-11-15"]).toEqual([0, 0, 0, 0]);
    expect(report).toMatchObject({
      totalOrders: 2,
      totalRevenue: 26_000,
      totalUnconfirmed: 1,
      totalCancelled: 2,
    });
    // From the confirmed orders only: the unconfirmed 3 × Level 1 and Es Teh Jumbo, and the
    // cancelled 10 × Level 1, sold nothing. October 1st and September are outside the window.
    expect(report.bestSellers).toEqual([
      { nama: "Es Nyala", jumlah: 2, revenue: 16_000 },
      { nama: "Mie Nyala Level 1", jumlah: 1, revenue: 10_000 },
    ]);
  });

  it("an empty window gives thirty empty days", async () => {
    const report = await orderReport(handle.db, WITA, wita("2025-01-10T10:00:00"));
    expect(report.days.every((day) => day.orders + day.revenue + day.unconfirmed + day.cancelled === 0)).toBe(
      true,
    );
    expect(report.bestSellers).toEqual([]);
  });
});
