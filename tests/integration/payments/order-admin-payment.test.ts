/**
 * The order's admin page (/admin/pesanan/<code>) takes the board's payment forms (#25 item 3,
 * docs/decisions/0040-payments.md) through the root middleware: an admin marks the order paid and
 * undoes it, the page's loader shows the new state; nobody, a customer and another site's form are
 * refused and write nothing.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { orders, payments, users } from "../../../database/schema.ts";
import { action, loader } from "../../../app/routes/admin/operasi/pesanan-detail.tsx";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { PAID_MESSAGES } from "../../../app/features/payments/mark-paid.server.ts";
import { formatRupiah } from "../../../app/lib/format.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { openAllDay, placeOrder } from "../../support/orders.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, ORIGIN, uniqueEmail } from "../accounts/auth-support.ts";

let handle: DatabaseHandle;
let adminToken: string;
let customerToken: string;
let code: string;
let other: string;

async function sessionFor(role: "pemilik" | "customer", nama: string) {
  const id = newUserId();
  await handle.db.insert(users).values({ id, nama, email: uniqueEmail(role), provider: "password", role });
  return (await createSession(handle.db, id)).token;
}

/** The page's payment form as a browser without JavaScript posts it. */
function postForm(path: string, fields: Record<string, string>, session?: string, origin = ORIGIN) {
  const { headers } = get(path, {
    session,
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
  });
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

/** A route handler with its `:kode`. */
const onPage =
  <A extends { params: unknown }>(handler: (args: A) => unknown, kode: string) =>
  (args: Omit<A, "params">) =>
    handler({ ...args, params: { kode } } as A);

const pay = (fields: Record<string, string>, session?: string, origin?: string) =>
  call(onPage(action, code), postForm(`/admin/pesanan/${code}`, fields, session, origin));

async function pagePayment(kode = code) {
  const page = await call(onPage(loader, kode), get(`/admin/pesanan/${kode}`, { session: adminToken }));
  expect(page.status).toBe(200);
  return page.json!.payment as { paid_at: string | null; paid_by: string | null; total: number };
}

const paymentRows = async () => (await handle.db.select({ n: count() }).from(payments))[0]?.n;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await openAllDay(handle.db);
  adminToken = await sessionFor("pemilik", "Kasir Rina");
  customerToken = await sessionFor("customer", "Pelanggan");
  code = (await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 2 }])).code;
  other = (await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }])).code;
});
afterAll(async () => {
  await handle?.close();
});

describe(`payment on the order's admin page (${testDatabaseKind()})`, () => {
  it("refuses nobody, a customer and another site's form, and marks nothing", async () => {
    expect((await pay({ intent: "lunas", code })).status).toBe(401);
    expect((await pay({ intent: "lunas", code }, customerToken)).status).toBe(403);
    expect((await pay({ intent: "lunas", code }, adminToken, "https://jahat.example")).status).toBe(403);
    expect(
      (await call(onPage(loader, code), get(`/admin/pesanan/${code}`, { session: customerToken }))).status,
    ).toBe(403);
    expect(await paymentRows()).toBe(0);
    expect(await pagePayment()).toMatchObject({ paid_at: null, paid_by: null });
  });

  it("marks the page's order paid with the board's answer, shows who, and refuses a second tap", async () => {
    const [row] = await handle.db.select({ total: orders.total }).from(orders).where(eq(orders.code, code));
    // The form's code is the page's; another order's code in it changes nothing of that order.
    const paid = await pay({ intent: "lunas", code: other }, adminToken);
    expect(paid.status).toBe(200);
    expect(paid.json).toEqual({
      status: "success",
      intent: "lunas",
      message: PAID_MESSAGES.paid(code, row!.total),
    });
    expect(paid.json!.message).toContain(formatRupiah(row!.total));
    expect(await pagePayment()).toMatchObject({ paid_by: "Kasir Rina", total: row!.total });
    expect((await pagePayment()).paid_at).not.toBeNull();
    expect((await pagePayment(other)).paid_at).toBeNull();

    const again = await pay({ intent: "lunas", code }, adminToken);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ status: "error", message: PAID_MESSAGES.already(code) });
    expect(await paymentRows()).toBe(1);
  });

  it("undoes Lunas only with a reason, and refuses an unknown request", async () => {
    const noReason = await pay({ intent: "belum-lunas", code, alasan: " " }, adminToken);
    expect(noReason.status).toBe(400);
    expect(noReason.json).toMatchObject({ message: PAID_MESSAGES.reason });
    expect((await pagePayment()).paid_at).not.toBeNull();

    const undone = await pay({ intent: "belum-lunas", code, alasan: "salah tekan" }, adminToken);
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({ status: "success", message: PAID_MESSAGES.unpaid(code) });
    expect(await pagePayment()).toMatchObject({ paid_at: null, paid_by: null });

    const unknown = await pay({ intent: "hapus", code }, adminToken);
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ status: "error", message: "Permintaan tidak dikenal." });
  });
});
