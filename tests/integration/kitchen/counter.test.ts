/**
 * Hand orders and staff edits (#25 items 1–2, docs/decisions/0039-hand-orders-and-edits.md), on
 * PGlite and PostgreSQL: a hand order is priced like a checkout (promos included), reaches the
 * board and the report as `kasir`; an edit is priced again, audited with before and after, moves
 * the version, refuses a stale one, asks before a higher total, and frees the kitchen ticket.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { auditLog, orderPrints, orders, promos, users } from "../../../database/schema.ts";
import type { Actor } from "../../../app/features/audit/audit-log.server.ts";
import { listOrders, changeOrderStatus } from "../../../app/features/kitchen/board/board.server.ts";
import { readCheckoutContext } from "../../../app/features/checkout/checkout-context.server.ts";
import { recordHandOrder } from "../../../app/features/kitchen/counter/hand-order.server.ts";
import { editOrder } from "../../../app/features/kitchen/counter/order-edit.server.ts";
import { LINE_MESSAGES } from "../../../app/features/kitchen/counter/order-lines-form.ts";
import { loadLiveState } from "../../../app/features/order-pages/order-page-data.server.ts";
import { orderReport } from "../../../app/features/reports/report.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { ORIGIN, openAllDay, placeOrder } from "../../support/orders.ts";

const WITA = "Asia/Makassar";
let handle: DatabaseHandle;
let admin: Actor;

type Row = [string, number | string, string?];

/** A form of rows (`menu`, `jumlah`, `catatan`) and other fields. */
function form(rows: Row[], fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [menu, jumlah, catatan = ""] of rows) {
    data.append("menu", menu);
    data.append("jumlah", String(jumlah));
    data.append("catatan", catatan);
  }
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const PROMO_LINES: [string, number][] = [
  ["mie-nyala-level-1", 2],
  ["es-teh-jumbo", 1],
];
const WALK_IN = { nama: "Bu Sari", whatsapp: "0812-1111-2222", cara: "ambil", waktu: "secepatnya" };

const handOrder = async (rows: Row[], fields: Record<string, string> = WALK_IN) =>
  recordHandOrder(handle.db, admin, form(rows, fields), await readCheckoutContext(handle.db), ORIGIN);

const edit = async (code: string, rows: Row[], fields: Record<string, string>) =>
  editOrder(handle.db, admin, code, form(rows, fields), await readCheckoutContext(handle.db));

const orderRow = async (code: string) =>
  (await handle.db.select().from(orders).where(eq(orders.code, code)))[0]!;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await openAllDay(handle.db);
  // The Monday promo is off, so the totals do not depend on the day the tests run.
  await handle.db.update(promos).set({ aktif: false }).where(eq(promos.title, "Diskon 20% Hari Senin"));
  invalidateContentCache();
  const id = newUserId();
  const email = `kasir-${id.toLowerCase()}@contoh.test`;
  await handle.db.insert(users).values({ id, nama: "Kasir", email, provider: "password", role: "pemilik" });
  admin = { id, email };
});
afterAll(async () => {
  await handle?.close();
});

describe(`hand orders (${testDatabaseKind()})`, () => {
  it("are priced by the checkout's pricing with its promos, marked kasir, on the board and audited", async () => {
    const answer = await handOrder(PROMO_LINES);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const row = await orderRow(answer.code);
    expect(row).toMatchObject({ source: "kasir", version: 1, subtotal: 25_000, total: 20_000 });
    expect(row.customer_phone).toBe("6281211112222");
    expect(row.sent_at).not.toBeNull();
    // The customer's chat carries the order page's link with its secret.
    expect(answer.whatsappUrl).toMatch(/^https:\/\/wa\.me\/6281211112222\?text=/);
    const text = decodeURIComponent(new URL(answer.whatsappUrl!).searchParams.get("text")!);
    expect(text).toMatch(new RegExp(`${ORIGIN}/pesanan/${answer.code}\\?kunci=[\\w-]{32}`));

    const board = await listOrders(handle.db, {}, WITA);
    expect(board.orders.find((order) => order.code === answer.code)).toMatchObject({
      source: "kasir",
      total: 20_000,
    });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "pesanan"), eq(auditLog.entity_id, answer.code)));
    expect(entry).toMatchObject({ action: "buat", actor_email: admin.email });
    // The level named once, as the board names it, not "Level 1 · Level 1 (Sedikit pedas)".
    expect(entry!.summary).toBe(
      `Pesanan kasir ${answer.code} · Bu Sari: 2x Mie Nyala Level 1 · Sedikit pedas, 1x Es Teh Jumbo — Rp 20.000`,
    );
  });

  it("take no number, and say what is wrong in Indonesian without recording", async () => {
    const before = (await handle.db.select().from(orders)).length;
    const silent = await handOrder([["es-nyala", 1]], { ...WALK_IN, whatsapp: "" });
    expect(silent).toMatchObject({ ok: true, whatsappUrl: null });
    expect(await handOrder([], WALK_IN)).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/Pilih paling sedikit satu menu/),
    });
    expect(await handOrder([["es-nyala", 1]], { ...WALK_IN, nama: "" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { nama: "Isi nama pemesan." },
    });
    expect(await handOrder([["menu-palsu", 1]])).toMatchObject({ ok: false, status: 409 });
    expect(await handOrder([["es-nyala", 100]])).toMatchObject({ ok: false, status: 400 });
    expect((await handle.db.select().from(orders)).length).toBe(before + 1);
  });

  it("refuse a quantity that does not read as 1 to 99, 00 included, in the hand order and the edit", async () => {
    const placed = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    const before = (await handle.db.select().from(orders)).length;
    const refusal = { ok: false, status: 400, message: LINE_MESSAGES.quantity };
    for (const jumlah of ["00", "000", "100", "-1", "1.5", "2x", "0 0"]) {
      expect(await handOrder([["es-nyala", jumlah]]), jumlah).toEqual(refusal);
      expect(await edit(placed.code, [["es-nyala", jumlah]], { versi: "1" }), jumlah).toEqual(refusal);
    }
    expect((await handle.db.select().from(orders)).length).toBe(before);
    expect(await orderRow(placed.code)).toMatchObject({ version: 1 });
    // "0" (and an empty amount) still takes a row out, and "07" reads as 7.
    const answer = await handOrder([
      ["es-nyala", "07"],
      ["es-teh-jumbo", "0"],
      ["mie-nyala-level-1", ""],
    ]);
    if (!answer.ok) throw new Error(answer.message);
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, answer.code));
    expect(row?.subtotal).toBe(7 * 8_000);
  });

  it("count in the report as kasir once the kitchen takes them up", async () => {
    const answer = await handOrder([["es-nyala", 2]]);
    if (!answer.ok) throw new Error(answer.message);
    const before = await orderReport(handle.db, WITA);
    await changeOrderStatus(handle.db, admin, { code: answer.code, status: "diterima" });
    const after = await orderReport(handle.db, WITA);
    const total = (await orderRow(answer.code)).total;
    expect(after.kasir.orders).toBe(before.kasir.orders + 1);
    expect(after.kasir.revenue).toBe(before.kasir.revenue + total);
    expect(after.totalOrders).toBe(before.totalOrders + 1);
  });
});

describe(`edited orders (${testDatabaseKind()})`, () => {
  it("are priced again with promos, audited before and after, one version on, and shown to the customer", async () => {
    const placed = await placeOrder(handle.db, [
      { id: "mie-nyala-level-1", jumlah: 2 },
      { id: "es-teh-jumbo", jumlah: 1 },
    ]);
    expect(placed.total).toBe(20_000);
    await changeOrderStatus(handle.db, admin, { code: placed.code, status: "diterima" });
    // Es Teh out, a note on the noodles: the promo no longer applies.
    const answer = await edit(placed.code, [["mie-nyala-level-1", 2, "tanpa sayur"]], { versi: "1" });
    expect(answer).toMatchObject({ ok: true, version: 2, total: 20_000 });
    expect(await orderRow(placed.code)).toMatchObject({ version: 2, subtotal: 20_000, total: 20_000 });

    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, placed.code), eq(auditLog.action, "ubah")))
      .orderBy(desc(auditLog.id));
    expect(entry?.details).toMatchObject({
      before: {
        version: 1,
        total: 20_000,
        lines: [
          { nama: "Mie Nyala Level 1", jumlah: 2 },
          { nama: "Es Teh Jumbo", jumlah: 1 },
        ],
      },
      after: {
        version: 2,
        total: 20_000,
        lines: [{ nama: "Mie Nyala Level 1", jumlah: 2, catatan: "tanpa sayur" }],
      },
    });

    const live = await loadLiveState(handle.db, placed.id, WITA);
    expect(live).toMatchObject({
      version: 2,
      edit: {
        version: 2,
        changes: ["Catatan Mie Nyala Level 1: tanpa sayur", "Dihapus: 1x Es Teh Jumbo"],
        totalBefore: "Rp 20.000",
        total: "Rp 20.000",
      },
    });
  });

  it("refuse a stale version: the second of two staff gets a conflict, not a lost edit", async () => {
    const placed = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    const [first, second] = await Promise.all([
      edit(placed.code, [["es-nyala", 2]], { versi: "1", total: String(placed.total * 2) }),
      edit(placed.code, [["es-nyala", 1, "tanpa es"]], { versi: "1" }),
    ]);
    const answers = [first, second];
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({
      status: 409,
      message: expect.stringContaining("baru saja diubah admin lain (kini versi 2)"),
    });
    expect((await orderRow(placed.code)).version).toBe(2);
  });

  it("ask the staff before a higher total, and record it only as agreed", async () => {
    const placed = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    const before = await orderRow(placed.code);
    const asked = await edit(placed.code, [["es-nyala", 3]], { versi: "1" });
    expect(asked).toMatchObject({ ok: false, status: 409, total: before.total * 3 });
    expect(await orderRow(placed.code)).toMatchObject({ version: 1, total: before.total });
    const agreed = await edit(placed.code, [["es-nyala", 3]], {
      versi: "1",
      total: String(before.total * 3),
    });
    expect(agreed).toMatchObject({ ok: true, total: before.total * 3 });
  });

  it("change the time, refuse once ready, and let the kitchen ticket print again", async () => {
    const placed = await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    await handle.db
      .insert(orderPrints)
      .values({ order_id: placed.id, kind: "dapur", printed_at: new Date() });
    const context = await readCheckoutContext(handle.db);
    const slot = context.slots[0]!;
    const moved = await edit(placed.code, [["es-nyala", 1]], { versi: "1", waktu: slot.value });
    expect(moved).toMatchObject({ ok: true, version: 2 });
    expect((await orderRow(placed.code)).scheduled_for?.getTime()).toBe(slot.at.getTime());
    const [ticket] = await handle.db.select().from(orderPrints).where(eq(orderPrints.order_id, placed.id));
    expect(ticket?.printed_at).toBeNull();

    expect(await edit(placed.code, [["es-nyala", 1]], { versi: "2" })).toMatchObject({
      ok: false,
      status: 400,
    });
    for (const status of ["diterima", "dimasak", "siap"])
      await changeOrderStatus(handle.db, admin, { code: placed.code, status });
    expect(await edit(placed.code, [["es-nyala", 2]], { versi: "2" })).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("tidak bisa diubah lagi"),
    });
  });
});
