import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../database/client.server.ts";
import { auditLog, orders, users } from "../../database/schema.ts";
import type { Actor } from "../../app/utils/audit-log.server.ts";
import { listAuditLog } from "../../app/utils/audit-log.server.ts";
import { changeOrderStatus, listOrders, orderReport } from "../../app/utils/orders-admin.server.ts";
import { recordOrder, type OrderRequest } from "../../app/utils/orders.server.ts";
import { getStoreSettings } from "../../app/utils/store-settings.server.ts";
import { newUserId } from "../../app/utils/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../support/test-database.ts";

const WITA = "Asia/Makassar";
/** A moment written in WITA (UTC+8). */
const wita = (isoLocal: string) => new Date(`${isoLocal}+08:00`);

let handle: DatabaseHandle;
let actor: Actor;

/** Records an order and moves its time to `at`. */
async function place(lines: OrderRequest, at: Date, status?: "batal" | "selesai") {
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
      from: "baru",
      to: "diproses",
    });
    expect(
      await changeOrderStatus(handle.db, actor, { code: code.toLowerCase(), status: "selesai" }),
    ).toMatchObject({
      ok: true,
    });
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

  it("cancels a new order", async () => {
    expect(await changeOrderStatus(handle.db, actor, { code: codes.selasa, status: "batal" })).toMatchObject({
      ok: true,
      to: "batal",
    });
  });
});

describe(`30-day report (${testDatabaseKind()})`, () => {
  it("counts orders and revenue per day in the store's calendar; cancelled orders bring no revenue", async () => {
    const report = await orderReport(handle.db, WITA, wita("2026-11-17T20:00:00"));
    expect(report.days).toHaveLength(30);
    expect(report.days[0]?.date).toBe("2026-10-19");
    expect(report.days.at(-1)?.date).toBe("2026-11-17");
    const byDate = Object.fromEntries(report.days.map((day) => [day.date, [day.orders, day.revenue]]));
    // Monday: 2 × Es Nyala 16.000 and the 23.30 order 35.000 (selesai and baru both count).
    expect(byDate["2026-11-16"]).toEqual([2, 51_000]);
    // Tuesday: Pangsit (cancelled in the status test above) and the cancelled Level 5 order.
    expect(byDate["2026-11-17"]).toEqual([2, 0]);
    expect(byDate["2026-11-15"]).toEqual([0, 0]);
    expect(report.totalOrders).toBe(4);
    expect(report.totalRevenue).toBe(51_000);
    // October 1st and September are outside the window.
    expect(report.bestSellers).toEqual([
      { nama: "Mie Nyala Level 1", jumlah: 3, revenue: 30_000 },
      { nama: "Es Nyala", jumlah: 2, revenue: 16_000 },
      { nama: "Es Teh Jumbo", jumlah: 1, revenue: 5_000 },
    ]);
  });

  it("an empty window gives thirty empty days", async () => {
    const report = await orderReport(handle.db, WITA, wita("2025-01-10T10:00:00"));
    expect(report.days.every((day) => day.orders === 0 && day.revenue === 0)).toBe(true);
    expect(report.bestSellers).toEqual([]);
  });
});
