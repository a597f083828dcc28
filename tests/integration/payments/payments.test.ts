import { and, asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import decodeQR from "@paulmillr/qr/decode.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import {
  auditLog,
  menuItems,
  orders,
  paymentSettings,
  payments,
  promos,
  users,
} from "../../../database/schema.ts";
import { action as outletAction } from "../../../app/routes/admin/operasi/outlet.tsx";
import { action as ordersAction } from "../../../app/routes/admin/operasi/pesanan.tsx";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { readCheckoutContext } from "../../../app/features/checkout/checkout-context.server.ts";
import { loadOrderPage } from "../../../app/features/order-pages/order-page-data.server.ts";
import { recordOrder } from "../../../app/features/checkout/record-order.server.ts";
import { orderReport, todaySummary } from "../../../app/features/reports/report.server.ts";
import { getPaymentSettings } from "../../../app/features/payments/payment-settings.server.ts";
import { PAYMENT_SETTINGS_MESSAGES } from "../../../app/features/payments/payment-methods.ts";
import { PEER_ADDRESS_HEADER } from "../../../app/lib/client-address.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { crc16 } from "../../../app/lib/qris/crc16.ts";
import { PUBLISHED_PAYLOADS } from "../../../app/lib/qris/fixtures/published-payloads.ts";
import { qrPng } from "../../../app/lib/qris/qr-render.server.ts";
import { parseQris, QRIS_MESSAGES } from "../../../app/lib/qris/qris.ts";
import { buildTlv, parseTlv } from "../../../app/lib/qris/tlv.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { ORIGIN, PICK_UP } from "../../support/orders.ts";
import { call, post, uniqueEmail } from "../accounts/auth-support.ts";

const BAZNAS = PUBLISHED_PAYLOADS["QRIS BAZNAS"];
const WITA = "Asia/Makassar";

let handle: DatabaseHandle;
let adminToken: string;
let customerToken: string;

async function sessionFor(role: "pemilik" | "customer") {
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: `Kasir ${role}`, email: uniqueEmail(role), provider: "password", role });
  return (await createSession(handle.db, id)).token;
}

/** The "Pembayaran" form as the page posts it (multipart), with a picture when given. */
async function savePayment(fields: Record<string, string>, picture?: Buffer) {
  const form = new FormData();
  const values = { intent: "pembayaran", tunai: "on", qris: "on", utama: "qris", qris_kode: "", ...fields };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (picture)
    form.set("qris_gambar", new Blob([new Uint8Array(picture)], { type: "image/png" }), "qris.png");
  const draft = new Request(`${ORIGIN}/admin/outlet`, { method: "POST", body: form });
  const body = new Uint8Array(await draft.arrayBuffer());
  const headers = new Headers({
    "content-type": draft.headers.get("content-type")!,
    "content-length": String(body.byteLength),
    host: new URL(ORIGIN).host,
    origin: ORIGIN,
    cookie: `nyala_session=${adminToken}`,
    [PEER_ADDRESS_HEADER]: "192.0.2.30",
  });
  return call(outletAction, new Request(`${ORIGIN}/admin/outlet`, { method: "POST", body, headers }));
}

/** A payload with a correct CRC but no merchant account template (tags 26–51). */
function withoutMerchantAccount() {
  const objects = parseTlv(BAZNAS)!.filter(
    (object) => (Number(object.id) < 26 || Number(object.id) > 51) && object.id !== "63",
  );
  const body = `${buildTlv(objects)}6304`;
  return body + crc16(body);
}

async function record(payment: "tunai" | "qris", lines = [{ id: "es-nyala", jumlah: 3 }]) {
  invalidateContentCache();
  return recordOrder(handle.db, {
    lines,
    context: await readCheckoutContext(handle.db),
    account: null,
    details: PICK_UP,
    origin: ORIGIN,
    payment,
  });
}

/** The SVG the order page draws, rasterised and read back as a phone's camera would. */
async function readSvg(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return decodeQR({ width: info.width, height: info.height, data });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await handle.db.update(promos).set({ aktif: false });
  invalidateContentCache();
  adminToken = await sessionFor("pemilik");
  customerToken = await sessionFor("customer");
});
afterAll(async () => {
  await handle?.close();
});

describe(`payment settings (${testDatabaseKind()})`, () => {
  it.each([
    ["a wrong CRC", `${BAZNAS.slice(0, -1)}3`, QRIS_MESSAGES.crc],
    ["a foreign currency", PUBLISHED_PAYLOADS["SGQR SOBA EXPRESS"], QRIS_MESSAGES.currency],
    ["no merchant account", withoutMerchantAccount(), QRIS_MESSAGES.account],
    ["an amount already in it", PUBLISHED_PAYLOADS["QRIS Saweria"], QRIS_MESSAGES.amount],
  ])("refuses a QRIS with %s beside the field and stores nothing", async (_name, payload, message) => {
    const answer = await savePayment({ qris_kode: payload });
    expect(answer.status).toBe(400);
    expect(answer.json?.message).toBe(message);
    expect(JSON.stringify(answer.json?.result)).toContain("qris_kode");
    expect((await handle.db.select({ n: count() }).from(paymentSettings))[0]?.n).toBe(0);
  });

  it("refuses a picture without a QR code and stores nothing", async () => {
    const blank = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const answer = await savePayment({}, blank);
    expect(answer.status).toBe(400);
    expect((await handle.db.select({ n: count() }).from(paymentSettings))[0]?.n).toBe(0);
  });

  it("refuses a merchant name with hidden characters, as they would show raw on a phone", async () => {
    const objects = parseTlv(BAZNAS)!.map((object) =>
      object.id === "59" ? { id: "59", value: "Baznas\u0007\u202e" } : object,
    );
    const body = `${buildTlv(objects.filter((object) => object.id !== "63"))}6304`;
    const answer = await savePayment({ qris_kode: body + crc16(body) });
    expect([answer.status, answer.json?.message]).toEqual([400, QRIS_MESSAGES.control]);
    expect((await handle.db.select({ n: count() }).from(paymentSettings))[0]?.n).toBe(0);
  });

  it("keeps a code saved while QRIS is off, and says customers do not see it yet", async () => {
    const answer = await savePayment({ qris: "", utama: "tunai", qris_kode: BAZNAS });
    expect([answer.status, answer.json?.message]).toEqual([200, PAYMENT_SETTINGS_MESSAGES.qrisKeptOff]);
    expect(await getPaymentSettings(handle.db)).toMatchObject({
      methods: ["tunai"],
      qris: { payload: BAZNAS },
    });
  });

  it("reads the shop's QRIS from its uploaded picture once, stores what it read, and shows the merchant name", async () => {
    const answer = await savePayment({}, await qrPng(BAZNAS));
    expect([answer.status, answer.json?.message]).toEqual([200, PAYMENT_SETTINGS_MESSAGES.saved]);
    const [row] = await handle.db.select().from(paymentSettings);
    expect(row).toMatchObject({
      qris_payload: BAZNAS,
      qris_merchant_name: "Baznas",
      qris_objects: parseTlv(BAZNAS),
    });
    // What is read later comes from those parts: the payload is not read again.
    await handle.db.update(paymentSettings).set({ qris_merchant_name: "Baznas Pusat" });
    invalidateContentCache();
    const settings = await getPaymentSettings(handle.db);
    expect(settings).toMatchObject({
      methods: ["qris", "tunai"],
      qris: { payload: BAZNAS, merchantName: "Baznas Pusat" },
    });
    await handle.db.update(paymentSettings).set({ qris_merchant_name: "Baznas" });
    invalidateContentCache();
  });
});

describe(`paying an order (${testDatabaseKind()})`, () => {
  it("stores the method; the order page's QR carries the recorded total in tag 54", async () => {
    const result = await record("qris");
    if (!result.ok) throw new Error(result.message);
    expect(result.order.message).toContain("Bayar: QRIS (kode QR ada di halaman pesanan)");
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, result.order.id));
    expect(row).toMatchObject({ payment_method: "qris", total: 24_000, paid_at: null });
    const page = await loadOrderPage(handle.db, result.order.id, WITA);
    const qris = page?.payment?.qris;
    if (!qris || "problem" in qris) throw new Error("no QR on the order page");
    expect(qris.merchantName).toBe("Baznas");
    const parsed = parseQris(await readSvg(qris.svg));
    expect(parsed.ok && parsed.value.amount).toBe(String(row!.total));
    expect(page?.live.payment).toMatchObject({ paid: false, label: "Belum dibayar" });
  });

  it("refuses QRIS above Bank Indonesia's ceiling, offering the other methods, and records nothing", async () => {
    const [item] = await handle.db
      .select({ harga: menuItems.harga })
      .from(menuItems)
      .where(eq(menuItems.id, "es-nyala"));
    await handle.db.update(menuItems).set({ harga: 200_000 }).where(eq(menuItems.id, "es-nyala"));
    const before = (await handle.db.select({ n: count() }).from(orders))[0]?.n;
    const result = await record("qris", [{ id: "es-nyala", jumlah: 60 }]);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(!result.ok && result.message).toMatch(/melebihi batas QRIS Rp 10\.000\.000.*Pilih Tunai\.$/);
    expect((await handle.db.select({ n: count() }).from(orders))[0]?.n).toBe(before);
    expect((await record("tunai", [{ id: "es-nyala", jumlah: 60 }])).ok).toBe(true);
    await handle.db.update(menuItems).set({ harga: item!.harga }).where(eq(menuItems.id, "es-nyala"));
  });
});

describe(`paid state (${testDatabaseKind()})`, () => {
  const mark = (values: Record<string, string>, session?: string, headers?: Record<string, string>) =>
    call(ordersAction, post("/admin/pesanan", values, { session, headers }));

  it("needs an admin and a same-site request; one tap marks it paid once", async () => {
    const result = await record("qris");
    if (!result.ok) throw new Error(result.message);
    const code = result.order.code;
    expect((await mark({ intent: "lunas", code })).status).toBe(401);
    expect((await mark({ intent: "lunas", code }, customerToken)).status).toBe(403);
    const forged = await mark({ intent: "lunas", code }, adminToken, {
      origin: "https://penipu.example",
      "sec-fetch-site": "cross-site",
    });
    expect(forged.status).toBe(403);
    expect((await handle.db.select({ n: count() }).from(payments))[0]?.n).toBe(0);

    const paid = await mark({ intent: "lunas", code }, adminToken);
    expect(paid.status).toBe(200);
    expect(paid.json?.message).toBe(`Pesanan ${code} lunas: Rp 24.000.`);
    expect((await mark({ intent: "lunas", code }, adminToken)).status).toBe(409);
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(row).toMatchObject({ paid_amount: 24_000 });
    const page = await loadOrderPage(handle.db, row!.id, WITA);
    expect(page?.live.payment).toMatchObject({ paid: true, label: "Lunas" });
    expect(page?.live.payment.detail).toMatch(/^QRIS · pukul \d{2}\.\d{2}$/);
    expect(
      await handle.db
        .select({ provider: payments.provider, amount: payments.amount, by: payments.recorded_by_name })
        .from(payments),
    ).toEqual([{ provider: "kasir", amount: 24_000, by: "Kasir pemilik" }]);

    // An edit after payment (counter's) changes the total: the page flags the difference.
    await handle.db.update(orders).set({ total: 30_000, subtotal: 30_000 }).where(eq(orders.id, row!.id));
    expect((await loadOrderPage(handle.db, row!.id, WITA))?.live.payment.difference).toBe(
      "Total berubah setelah lunas: kurang bayar Rp 6.000",
    );

    expect((await mark({ intent: "belum-lunas", code, alasan: "" }, adminToken)).status).toBe(400);
    const undone = await mark({ intent: "belum-lunas", code, alasan: "Salah tekan" }, adminToken);
    expect(undone.status).toBe(200);
    const [after] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(after).toMatchObject({ paid_at: null, paid_amount: null });
    expect((await handle.db.select({ reason: payments.void_reason }).from(payments))[0]?.reason).toBe(
      "Salah tekan",
    );
  });

  it("writes who marked it Lunas and who undid it, and why, in the change log; a refused tap writes nothing", async () => {
    const result = await record("qris");
    if (!result.ok) throw new Error(result.message);
    const { code } = result.order;
    const entries = () =>
      handle.db
        .select({
          action: auditLog.action,
          email: auditLog.actor_email,
          summary: auditLog.summary,
          details: auditLog.details,
        })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "pesanan"), eq(auditLog.entity_id, code)))
        .orderBy(asc(auditLog.id));
    const [admin] = await handle.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.role, "pemilik"));
    expect((await mark({ intent: "lunas", code }, adminToken)).status).toBe(200);
    expect((await mark({ intent: "lunas", code }, adminToken)).status).toBe(409);
    expect((await mark({ intent: "belum-lunas", code, alasan: "" }, adminToken)).status).toBe(400);
    expect((await mark({ intent: "belum-lunas", code, alasan: "Uang kurang" }, adminToken)).status).toBe(200);
    expect((await mark({ intent: "belum-lunas", code, alasan: "Sekali lagi" }, adminToken)).status).toBe(409);
    expect(await entries()).toEqual([
      {
        action: "ubah",
        email: admin!.email,
        summary: `Pesanan ${code}: lunas (QRIS, Rp 24.000)`,
        details: { paid: true, method: "qris", amount: 24_000 },
      },
      {
        action: "ubah",
        email: admin!.email,
        summary: `Pesanan ${code}: lunas dibatalkan (Uang kurang)`,
        details: { paid: false, reason: "Uang kurang" },
      },
    ]);
  });

  it("a cancelled order is not marked paid: 409 with why, nothing written", async () => {
    const result = await record("tunai");
    if (!result.ok) throw new Error(result.message);
    const { code } = result.order;
    await handle.db.update(orders).set({ status: "batal" }).where(eq(orders.code, code));
    const before = (await handle.db.select({ n: count() }).from(payments))[0]?.n;
    const refused = await mark({ intent: "lunas", code }, adminToken);
    expect([refused.status, refused.json?.message]).toEqual([
      409,
      `Pesanan ${code} sudah dibatalkan, jadi tidak bisa ditandai lunas.`,
    ]);
    expect((await handle.db.select({ n: count() }).from(payments))[0]?.n).toBe(before);
    const [row] = await handle.db
      .select({ paid_at: orders.paid_at })
      .from(orders)
      .where(eq(orders.code, code));
    expect(row?.paid_at).toBeNull();
  });

  it("the report and the dashboard split sales by method and paid or not", async () => {
    const qris = await record("qris");
    const cash = await record("tunai");
    if (!qris.ok || !cash.ok) throw new Error("not recorded");
    await handle.db.update(orders).set({ status: "baru" });
    await handle.db.update(orders).set({ status: "diterima" }).where(eq(orders.id, qris.order.id));
    await handle.db.update(orders).set({ status: "diterima" }).where(eq(orders.id, cash.order.id));
    expect((await mark({ intent: "lunas", code: qris.order.code }, adminToken)).status).toBe(200);
    const expected = [
      { method: "qris", paid: true, orders: 1, revenue: 24_000 },
      { method: "tunai", paid: false, orders: 1, revenue: 24_000 },
    ];
    expect((await orderReport(handle.db, WITA)).payments).toEqual(expected);
    expect((await todaySummary(handle.db, WITA)).payments).toEqual(expected);
  });
});
