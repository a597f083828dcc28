/**
 * The hand-order and edit forms as the browser reaches them (root middleware, session cookie,
 * form body): nobody 401, a customer 403, another site's form 403, and none of them writes; an
 * admin's hand order and edit go through, a stale edit is a 409 (0039).
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { auditLog, orders, users } from "../../../database/schema.ts";
import {
  action as handOrderAction,
  loader as handOrderLoader,
} from "../../../app/routes/admin/operasi/pesanan-kasir.tsx";
import { action as editAction } from "../../../app/routes/admin/operasi/pesanan-detail.tsx";
import { LINE_MESSAGES } from "../../../app/features/kitchen/counter/order-lines-form.ts";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, ORIGIN, uniqueEmail } from "../accounts/auth-support.ts";

let handle: DatabaseHandle;
let adminToken: string;
let customerToken: string;

async function sessionFor(role: "pemilik" | "customer") {
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: `Uji ${role}`, email: uniqueEmail(role), provider: "password", role });
  return (await createSession(handle.db, id)).token;
}

/** A form POST with repeated fields, as the pages send it. */
function postForm(path: string, fields: [string, string][], session?: string, origin = ORIGIN) {
  const { headers } = get(path, {
    session,
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
  });
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

const HAND_ORDER: [string, string][] = [
  ["menu", "es-nyala"],
  ["jumlah", "2"],
  ["catatan", ""],
  ["nama", "Bu Sari"],
  ["whatsapp", ""],
  ["cara", "ambil"],
  ["waktu", "secepatnya"],
];

/** The order page's action with its route's `:kode`. */
const withCode = (code: string) => (args: Omit<Parameters<typeof editAction>[0], "params">) =>
  editAction({ ...args, params: { kode: code } });

const writes = async () => {
  const [[o], [a]] = await Promise.all([
    handle.db.select({ n: count() }).from(orders),
    handle.db.select({ n: count() }).from(auditLog),
  ]);
  return `${o?.n}/${a?.n}`;
};

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  adminToken = await sessionFor("pemilik");
  customerToken = await sessionFor("customer");
});
afterAll(async () => {
  await handle?.close();
});

describe(`hand-order and edit routes (${testDatabaseKind()})`, () => {
  it("refuse nobody, a customer and another site's form, writing nothing", async () => {
    const before = await writes();
    expect((await call(handOrderAction, postForm("/admin/pesanan/kasir", HAND_ORDER))).status).toBe(401);
    expect(
      (await call(handOrderAction, postForm("/admin/pesanan/kasir", HAND_ORDER, customerToken))).status,
    ).toBe(403);
    expect(
      (
        await call(
          handOrderAction,
          postForm("/admin/pesanan/kasir", HAND_ORDER, adminToken, "https://jahat.example"),
        )
      ).status,
    ).toBe(403);
    expect(
      (await call(handOrderLoader, get("/admin/pesanan/kasir", { session: customerToken }))).status,
    ).toBe(403);
    const edit = [
      ["versi", "1"],
      ["menu", "es-nyala"],
      ["jumlah", "3"],
    ] as [string, string][];
    expect(
      (await call(withCode("NY-AAAA"), postForm("/admin/pesanan/NY-AAAA", edit, customerToken))).status,
    ).toBe(403);
    expect(await writes()).toBe(before);
  });

  it("record an admin's hand order, then its edit; a stale version and bad input are refused in Indonesian", async () => {
    const recorded = await call(handOrderAction, postForm("/admin/pesanan/kasir", HAND_ORDER, adminToken));
    expect(recorded.status).toBe(200);
    expect(recorded.json).toMatchObject({ status: "success", whatsappUrl: null });
    const code = recorded.json!.code as string;

    const bad = await call(
      handOrderAction,
      postForm("/admin/pesanan/kasir", [...HAND_ORDER.slice(0, 3), ["cara", "terbang"]], adminToken),
    );
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status: "error", fieldErrors: { nama: "Isi nama pemesan." } });
    // "00" reads as none of a dish: refused as the amount it is, never written as a line of nothing.
    const zero = await call(
      handOrderAction,
      postForm(
        "/admin/pesanan/kasir",
        [["menu", "es-nyala"], ["jumlah", "00"], ...HAND_ORDER.slice(2)],
        adminToken,
      ),
    );
    expect([zero.status, zero.json?.message]).toEqual([400, LINE_MESSAGES.quantity]);

    const lines: [string, string][] = [
      ["menu", "es-nyala"],
      ["jumlah", "1"],
      ["catatan", "tanpa es"],
    ];
    const edited = await call(
      withCode(code),
      postForm(`/admin/pesanan/${code}`, [["versi", "1"], ...lines], adminToken),
    );
    expect(edited.status).toBe(200);
    expect(edited.json?.message).toContain(`Pesanan ${code} diubah (versi 2)`);
    const stale = await call(
      withCode(code),
      postForm(`/admin/pesanan/${code}`, [["versi", "1"], ...lines], adminToken),
    );
    expect(stale.status).toBe(409);
    expect(stale.json?.message).toContain("baru saja diubah admin lain");
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(row).toMatchObject({ version: 2, source: "kasir" });
  });
});
