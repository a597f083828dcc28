/**
 * "Porsi harian" on /admin/outlet (docs/decisions/0057-portion-shares-replays-and-edits.md), on
 * PGlite and PostgreSQL: the owner's share of a dish's daily portions per order and per customer
 * a day is saved with its audit entry and read by the checkout; a number out of range, or a day's
 * share below an order's, is refused beside its field; a customer is refused.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { auditLog, storeSettings, users } from "../../../database/schema.ts";
import { action as outletAction, loader as outletLoader } from "../../../app/routes/admin/operasi/outlet.tsx";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import {
  DEFAULT_PORTION_SHARE,
  PORTION_SHARE_MESSAGES,
} from "../../../app/features/store/portion-share-schema.ts";
import { getStoreSettings } from "../../../app/features/store/settings.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, post, uniqueEmail } from "../accounts/auth-support.ts";

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

const save = (perOrder: string, perAddress: string, session = adminToken) =>
  call(
    outletAction,
    post(
      "/admin/outlet",
      { intent: "porsi", portions_per_order: perOrder, portions_per_address: perAddress },
      { session },
    ),
  );

const stored = async () => {
  const [row] = await handle.db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  const [audits] = await handle.db.select({ n: count() }).from(auditLog);
  return { perOrder: row?.portions_per_order, perAddress: row?.portions_per_address, audits: audits?.n };
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

describe(`/admin/outlet: the share of daily portions (${testDatabaseKind()})`, () => {
  it("shows the defaults, saves the owner's numbers with an audit entry, and the checkout reads them", async () => {
    const page = await call(outletLoader, get("/admin/outlet", { session: adminToken }));
    expect(page.json?.portionShare).toEqual(DEFAULT_PORTION_SHARE);
    expect((await getStoreSettings(handle.db)).portionShare).toEqual(DEFAULT_PORTION_SHARE);
    const before = await stored();
    const saved = await save(" 4 ", "12");
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json).toMatchObject({ status: "success", intent: "porsi" });
    expect(await stored()).toEqual({ perOrder: 4, perAddress: 12, audits: before.audits! + 1 });
    invalidateContentCache();
    expect((await getStoreSettings(handle.db)).portionShare).toEqual({ perOrder: 4, perAddress: 12 });
  });

  it.each([
    ["0", "10", "portions_per_order", PORTION_SHARE_MESSAGES.perOrder],
    ["100", "200", "portions_per_order", PORTION_SHARE_MESSAGES.perOrder],
    ["2,5", "10", "portions_per_order", PORTION_SHARE_MESSAGES.perOrder],
    ["5", "10000", "portions_per_address", PORTION_SHARE_MESSAGES.perAddress],
    ["5", "", "portions_per_address", PORTION_SHARE_MESSAGES.perAddress],
    ["8", "6", "portions_per_address", PORTION_SHARE_MESSAGES.belowOrder],
  ])(
    "refuses %j per order and %j a day with 400 beside the field, saving nothing",
    async (a, b, field, message) => {
      const before = await stored();
      const answer = await save(a, b);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({
        status: "error",
        intent: "porsi",
        message,
        result: { error: { [field]: [message] } },
      });
      expect(await stored()).toEqual(before);
    },
  );

  it("is refused to a customer (403) and changes nothing", async () => {
    const before = await stored();
    expect((await save("1", "1", customerToken)).status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
