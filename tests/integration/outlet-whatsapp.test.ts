import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../database/client.server.ts";
import { auditLog, storeSettings, users } from "../../database/schema.ts";
import { action as outletAction } from "../../app/routes/admin/operasi/outlet.tsx";
import { invalidateCatalogCache } from "../../app/utils/catalog-cache.server.ts";
import { useDatabaseHandle } from "../../app/utils/db.server.ts";
import { createSession } from "../../app/utils/session.server.ts";
import { getStoreSettings } from "../../app/utils/store-settings.server.ts";
import { newUserId } from "../../app/utils/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../support/test-database.ts";
import { call, post, uniqueEmail } from "./auth-support.ts";

/**
 * The store's WhatsApp number in /admin/outlet, through the action as the browser reaches it:
 * only an Indonesian number typed without letters is saved; anything else is refused with a 400
 * and a message saying what is wrong, and the storefront keeps the number it had.
 */
let handle: DatabaseHandle;
let adminToken: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  invalidateCatalogCache();
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: "Admin Outlet", email: uniqueEmail("outlet"), provider: "password", role: "admin" });
  adminToken = (await createSession(handle.db, id)).token;
});
afterAll(async () => {
  await handle?.close();
});

const save = (whatsapp: string) =>
  call(
    outletAction,
    post(
      "/admin/outlet",
      {
        intent: "save",
        brand: "Mie Nyala",
        whatsapp,
        address: "Jl. Contoh No. 123, Kendari",
        timezone: "Asia/Makassar",
        ...Object.fromEntries(
          [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
            [`buka_${day}`, "10:00"],
            [`tutup_${day}`, "22:00"],
          ]),
        ),
      },
      { session: adminToken },
    ),
  );

const storedNumber = async () => (await handle.db.select().from(storeSettings))[0]?.whatsapp ?? null;
const auditCount = async () => (await handle.db.select({ n: count() }).from(auditLog))[0]!.n;

const LETTERS = "Nomor WhatsApp hanya boleh berisi angka, spasi, dan tanda + - ( ) . (tanpa huruf).";
const NOT_INDONESIAN =
  "Nomor WhatsApp harus nomor Indonesia (kode negara 62). Contoh: 0812-3456-7890 atau +62 812-3456-7890.";
const INVALID = "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890.";

describe(`/admin/outlet: the store's WhatsApp number (${testDatabaseKind()})`, () => {
  it("saves an Indonesian number, mobile or landline, normalised", async () => {
    const mobile = await save("+62 813-1111-2222");
    expect(mobile.status, mobile.body).toBe(200);
    expect(await storedNumber()).toBe("6281311112222");
    const landline = await save("(0401) 312-345");
    expect(landline.status, landline.body).toBe(200);
    expect(await storedNumber()).toBe("62401312345");
    invalidateCatalogCache();
    expect((await getStoreSettings(handle.db)).whatsapp).toBe("62401312345");
  });

  it.each([
    ["a letter O for a zero", "0812-3456-789O", LETTERS],
    ["a name after the number", "0812 3456 7890 a.n. Budi", LETTERS],
    ["a URL", "https://wa.me/6281234567890", LETTERS],
    ["slashes", "0812/3456/7890", LETTERS],
    ["a Malaysian number", "+60 12-345 6789", NOT_INDONESIAN],
    ["a US number", "+1 415 555 0100", NOT_INDONESIAN],
    [
      "a 0 after the country code",
      "+62 0812 3456 7890",
      "Setelah kode negara 62, tulis nomor tanpa angka 0. Contoh: +62 812-3456-7890.",
    ],
    ["too few digits", "0812-3456", INVALID],
    ["too many digits", "+62 812 3456 7890 123", INVALID],
    ["nothing", "", INVALID],
  ])("refuses %s (%j) with 400, its own message, and saves nothing", async (_name, whatsapp, message) => {
    const before = { number: await storedNumber(), audits: await auditCount() };
    const answer = await save(whatsapp);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ ok: false, message, fieldErrors: { whatsapp: message } });
    expect({ number: await storedNumber(), audits: await auditCount() }).toEqual(before);
  });
});
