import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../../database/client.server.ts";
import { orderPrints, orders, promos, users } from "../../../../database/schema.ts";
import { action as printAction } from "../../../../app/routes/resources/pesanan-cetak.tsx";
import { loader as ticketLoader } from "../../../../app/routes/resources/pesanan-tiket.tsx";
import { createSession } from "../../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../../app/features/accounts/users.server.ts";
import type { PrintAnswer, PrintJob } from "../../../../app/features/kitchen/printing/print-api.ts";
import { invalidateContentCache } from "../../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../../app/lib/db.server.ts";
import { readEscPos } from "../../../../app/lib/tickets/fixtures/escpos-reader.ts";
import { createTestDatabase, testDatabaseKind } from "../../../support/test-database.ts";
import { placeOrder } from "../../../support/orders.ts";
import { call, get, post, uniqueEmail, type RequestOptions } from "../../accounts/auth-support.ts";

/**
 * The print view and the claim API as a browser reaches them (root middleware, session cookie):
 * an admin gets the ticket; anyone else, and any unknown code, a 404 that claims nothing; a
 * printer that failed leaves the order unprinted; a printed ticket comes out again as a reprint.
 */
let handle: DatabaseHandle;
let admin: RequestOptions;
let customer: RequestOptions;
let code: string;

async function sessionFor(role: "pemilik" | "customer"): Promise<RequestOptions> {
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: `Uji ${role}`, email: uniqueEmail(role), provider: "password", role });
  return { session: (await createSession(handle.db, id)).token };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await handle.db.update(promos).set({ aktif: false });
  invalidateContentCache();
  admin = await sessionFor("pemilik");
  customer = await sessionFor("customer");
  const order = await placeOrder(
    handle.db,
    [{ id: "mie-nyala-level-1", jumlah: 2, level: 1, catatan: "Tanpa daun bawang 🌶️" }],
    { details: { nama: "Andréa", cara: "makan", meja: "7" } },
  );
  code = order.code;
  // Confirmed sent, so Auto-cetak prints it while it is new (0047).
  await handle.db.update(orders).set({ sent_at: new Date() }).where(eq(orders.id, order.id));
});
afterAll(async () => {
  await handle?.close();
});

/** GET /admin/pesanan/<code>/cetak/<tiket>/<kertas>. */
function view(path: string, options: RequestOptions = {}) {
  const [kode, , tiket, kertas] = path.split("/").slice(3);
  const params = { kode: kode!, tiket: tiket!, kertas: kertas! };
  return call(
    (args) => ticketLoader({ ...args, params } as unknown as Parameters<typeof ticketLoader>[0]),
    get(path, options),
  );
}
const api = (fields: Record<string, string>, options: RequestOptions = admin) =>
  call(printAction as never, post("/admin/pesanan/cetak", fields, options));
const claim = (fields: Record<string, string> = {}) =>
  api({ intent: "ambil", tiket: "dapur", kertas: "58", kode: code, perangkat: "perangkat-uji-1", ...fields });
const jobOf = (answer: { json: Record<string, unknown> | null }) =>
  (answer.json as PrintAnswer & { ok: true }).job!;
const printedText = (job: PrintJob) =>
  readEscPos(new Uint8Array(Buffer.from(job.bytes, "base64")))
    .rows.map((row) => row.text)
    .join("\n");
const printRows = async () => (await handle.db.select({ n: count() }).from(orderPrints))[0]!.n;

describe(`print view (${testDatabaseKind()})`, () => {
  it("an admin gets the ticket as a page of its own, as long as the ticket, sized for the paper", async () => {
    const answer = await view(`/admin/pesanan/${code}/cetak/dapur/58`, admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const csp = answer.headers.get("content-security-policy")!;
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(answer.body).toContain(`<style nonce="${nonce}">`);
    expect(answer.body).toContain(`<script nonce="${nonce}">`);
    expect(answer.body).toMatch(/@page\{size:58mm \d+mm;margin:0\}/);
    expect(answer.body).toContain(`<title>Tiket dapur ${code} · 58 mm</title>`);
    expect(answer.body).toContain("2x Mie Nyala Level 1");
    expect(answer.body).toContain("Catatan: Tanpa daun bawang");
    expect(answer.body).toContain("Nama: Andrea");
    expect(answer.body).toContain("Meja: 7");
    // The paper alone: the nonce is random base64 and may spell "Rp" itself.
    const paper = answer.body.slice(answer.body.indexOf('<main class="paper'));
    expect(paper).toContain("TIKET DAPUR");
    expect(paper).not.toContain("Rp");
    expect(paper).not.toContain("CETAK ULANG");
    const receipt = await view(`/admin/pesanan/${code.toLowerCase()}/cetak/struk/80`, admin);
    expect(receipt.body).toMatch(/@page\{size:80mm \d+mm;margin:0\}/);
    expect(receipt.body).toMatch(/TOTAL +Rp 20\.000/);
  });

  it.each([
    ["nobody signed in", "dapur/58", {}],
    ["a customer", "dapur/58", "customer"],
    ["an unknown code", "dapur/58", "admin", "NY-XXXX"],
    ["a ticket that does not exist", "lain/58", "admin"],
    ["a paper that does not exist", "struk/81", "admin"],
  ] as const)("%s: 404", async (_, ticket, who, other?: string) => {
    const options = who === "admin" ? admin : who === "customer" ? customer : {};
    const answer = await view(`/admin/pesanan/${other ?? code}/cetak/${ticket}`, options);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain("Mie Nyala");
  });
});

describe(`print claims over HTTP (${testDatabaseKind()})`, () => {
  it("nobody but an admin can claim a ticket (404, nothing written); another site cannot (403)", async () => {
    await handle.db.delete(orderPrints);
    const ask = { intent: "ambil", tiket: "dapur", kertas: "58", kode: code, perangkat: "perangkat-x1" };
    expect((await api(ask, {})).status).toBe(404);
    expect((await api(ask, customer)).status).toBe(404);
    expect((await api({ intent: "ulang", kode: code, tiket: "dapur" }, customer)).status).toBe(404);
    const crossSite = await api(ask, { ...admin, headers: { origin: "https://jahat.example" } });
    expect(crossSite.status).toBe(403);
    expect(await printRows()).toBe(0);
  });

  it("a printer that failed: the claim goes back and the order stays unprinted", async () => {
    await handle.db.delete(orderPrints);
    const first = await claim();
    expect(first.status).toBe(200);
    const job = jobOf(first);
    expect(job).toMatchObject({ code, kind: "dapur", reprint: false, token: expect.any(String) });
    expect(printedText(job)).toContain(code);
    // Another device asking meanwhile is told it is printing elsewhere.
    const busy = await claim({ perangkat: "perangkat-uji-2" });
    expect(busy.status).toBe(409);
    expect(busy.json).toEqual({
      ok: false,
      message: expect.stringContaining("sedang dicetak perangkat lain"),
    });

    expect((await api({ intent: "gagal", token: job.token! })).status).toBe(200);
    const [row] = await handle.db.select().from(orderPrints);
    expect(row).toMatchObject({ printed_at: null, claim_token: null });
    expect((await view(`/admin/pesanan/${code}/cetak/dapur/58`, admin)).body).not.toContain("CETAK ULANG");
    expect((await api({ intent: "selesai", token: job.token! })).status).toBe(409);
  });

  it("a print the printer took is recorded once; printing again is a reprint with the banner", async () => {
    await handle.db.delete(orderPrints);
    const job = jobOf(await claim({ kertas: "80" }));
    expect((await api({ intent: "selesai", token: job.token! })).json).toEqual({ ok: true, job: null });
    const again = jobOf(await claim({ perangkat: "perangkat-uji-2", kertas: "80" }));
    expect(again).toMatchObject({ reprint: true, token: null });
    expect(printedText(again)).toMatch(/^ *CETAK ULANG \(REPRINT\) *$/m);
    expect((await api({ intent: "ulang", kode: code, tiket: "dapur" })).status).toBe(200);
    const [row] = await handle.db.select().from(orderPrints);
    expect(row).toMatchObject({ reprints: 1, printed_at: expect.any(Date) });
    expect((await view(`/admin/pesanan/${code}/cetak/dapur/58`, admin)).body).toContain("CETAK ULANG");
    // Auto-cetak finds nothing left to print for this order.
    const auto = await api({ intent: "ambil", tiket: "dapur", kertas: "58", perangkat: "perangkat-uji-3" });
    expect(auto.json).toEqual({ ok: true, job: null });
  });

  it("Auto-cetak claims the next new order; RawBT gets the bytes without a claim", async () => {
    await handle.db.delete(orderPrints);
    const rawbt = jobOf(await claim({ tiket: "struk", catat: "0" }));
    expect(rawbt).toMatchObject({ kind: "struk", token: null, reprint: false });
    expect(printedText(rawbt)).toMatch(/^TOTAL +Rp 20\.000$/m);
    expect(await printRows()).toBe(0);
    const auto = jobOf(
      await api({ intent: "ambil", tiket: "dapur", kertas: "58", perangkat: "perangkat-uji-1" }),
    );
    expect(auto).toMatchObject({ code, kind: "dapur", reprint: false });
  });

  it.each<Record<string, string>>([
    { intent: "hapus" },
    { intent: "ambil", tiket: "dapur", kertas: "100", perangkat: "perangkat-uji-1" },
    { intent: "ambil", tiket: "dapur", kertas: "58", perangkat: "x" },
    { intent: "ambil", tiket: "struk", kertas: "58", perangkat: "perangkat-uji-1" },
    { intent: "selesai", token: "bukan-token" },
    { intent: "ulang", tiket: "dapur" },
  ])("a request that makes no sense is a 400 with a message: %j", async (fields) => {
    const before = await handle.db.select().from(orderPrints);
    const answer = await api(fields);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      ok: false,
      message: expect.stringMatching(/^Permintaan cetak tidak dikenal/),
    });
    expect(await handle.db.select().from(orderPrints)).toEqual(before);
  });

  it("an unknown code is a 404", async () => {
    const answer = await claim({ kode: "NY-XXXX" });
    expect(answer.status).toBe(404);
    expect(await handle.db.select().from(orders).where(eq(orders.code, "NY-XXXX"))).toEqual([]);
  });
});
