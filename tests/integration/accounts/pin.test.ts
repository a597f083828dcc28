import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import {
  auditLog,
  orderEdits,
  orderEvents,
  orderItems,
  orders,
  payments,
  promos,
  rateLimits,
  users,
} from "../../../database/schema.ts";
import { action as boardAction } from "../../../app/routes/admin/operasi/pesanan.tsx";
import { action as orderAction } from "../../../app/routes/admin/operasi/pesanan-detail.tsx";
import { action as settingsAction, loader as settingsLoader } from "../../../app/routes/admin/pengaturan.tsx";
import { action as devicesAction, loader as devicesLoader } from "../../../app/routes/admin/perangkat.tsx";
import { action as staffAction, loader as staffLoader } from "../../../app/routes/admin/staf.tsx";
import { PIN_MESSAGES } from "../../../app/features/accounts/pin-rules.ts";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { getStoreSettingsValues } from "../../../app/features/store/settings.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { openAllDay, placeOrder } from "../../support/orders.ts";
import { call, get, post, uniqueEmail } from "./auth-support.ts";

/**
 * The PIN for risky taps (docs/decisions/0059-pin-for-risky-taps.md) as the forms reach the server: a
 * kasir's or a paired device's cancel, Batalkan lunas and lowering edit need a pemilik's or admin's PIN;
 * a wrong one writes nothing, the 6th in 15 minutes locks the device, the audit names both.
 */
const OWNER_PIN = "2468";
const ADMIN_PIN = "135790";

let handle: DatabaseHandle;
type Person = { id: string; nama: string; email: string; token: string };
let owner: Person;
let admin: Person;

async function person(
  role: "pemilik" | "admin" | "kasir" | "dapur",
  nama: string,
  provider: "password" | "perangkat" = "password",
): Promise<Person> {
  const id = newUserId();
  const email = uniqueEmail(role);
  await handle.db.insert(users).values({ id, nama, email, provider, role });
  return { id, nama, email, token: (await createSession(handle.db, id)).token };
}

const setPin = (who: Person, pinBaru: string, pinUlang = pinBaru) =>
  call(
    settingsAction,
    post("/admin/pengaturan", { intent: "pin", pinBaru, pinUlang }, { session: who.token }),
  );

const board = (who: Person, values: Record<string, string>) =>
  call(boardAction, post("/admin/pesanan", values, { session: who.token }));
const cancel = (who: Person, code: string, extra: Record<string, string> = {}) =>
  board(who, { intent: "status", code, status: "batal", alasan: "Menu habis.", ...extra });

const orderPage = (code: string) => (args: Omit<Parameters<typeof orderAction>[0], "params">) =>
  orderAction({ ...args, params: { kode: code } });
/** A form with repeated fields (the edit's lines), as the page sends it. */
function postLines(path: string, fields: [string, string][], session: string) {
  const request = post(path, {}, { session });
  const body = new URLSearchParams(fields);
  body.set("mode", "fetch");
  return new Request(request.url, { method: "POST", body, headers: request.headers });
}

async function newOrder(jumlah = 2) {
  const order = await placeOrder(handle.db, [{ id: "es-nyala", jumlah }]);
  return order.code;
}

/** Every row a risky tap could write, to compare before and after a refused one. */
async function snapshot() {
  const db = handle.db;
  const rows = await Promise.all([
    db.select().from(orders).orderBy(orders.id),
    db.select().from(orderEvents).orderBy(orderEvents.id),
    db.select().from(orderItems).orderBy(orderItems.id),
    db.select().from(orderEdits).orderBy(orderEdits.id),
    db.select().from(payments).orderBy(payments.id),
    db.select().from(auditLog).orderBy(auditLog.id),
  ]);
  return JSON.stringify(rows);
}

const lastAudit = async (code: string) =>
  (
    await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, code))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

const statusOf = async (code: string) =>
  (await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.code, code)))[0]?.status;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await openAllDay(handle.db);
  // Promotions off: these orders are priced on the real clock.
  await handle.db.update(promos).set({ aktif: false });
  owner = await person("pemilik", "Bu Pemilik");
  admin = await person("admin", "Pak Admin");
});
afterAll(async () => {
  await handle?.close();
});

describe(`setting a PIN (${testDatabaseKind()})`, () => {
  it("refuses non-digits, a wrong length, trivial PINs and a mismatch in Indonesian, writing nothing", async () => {
    const cases: [string, string, string][] = [
      ["12a4", "12a4", PIN_MESSAGES.format],
      ["123", "123", PIN_MESSAGES.format],
      ["1234567", "1234567", PIN_MESSAGES.format],
      ["0000", "0000", PIN_MESSAGES.trivial],
      ["1234", "1234", PIN_MESSAGES.trivial],
      ["987654", "987654", PIN_MESSAGES.trivial],
      ["2468", "2469", PIN_MESSAGES.mismatch],
    ];
    for (const [pin, again, message] of cases) {
      const answer = await setPin(owner, pin, again);
      expect([answer.status, answer.json?.message], pin).toEqual([400, message]);
    }
    const [row] = await handle.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.pin_hash).toBeNull();
  });

  it("keeps a pemilik's and an admin's PIN as a bcrypt hash; a kasir may not set one", async () => {
    expect((await setPin(owner, OWNER_PIN)).json).toMatchObject({ status: "success" });
    expect((await setPin(admin, ADMIN_PIN)).status).toBe(200);
    const [row] = await handle.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.pin_hash).toMatch(/^\$2b\$10\$/);
    expect(row!.pin_hash).not.toContain(OWNER_PIN);
    const shown = await call(settingsLoader, get("/admin/pengaturan", { session: owner.token }));
    expect(shown.json?.pin).toEqual({ set: true });

    const kasir = await person("kasir", "Kasir Setel");
    const refused = await setPin(kasir, "5937");
    expect([refused.status, refused.body]).toEqual([403, JSON.stringify("Halaman ini bukan untuk peranmu.")]);
    const [kasirRow] = await handle.db.select().from(users).where(eq(users.id, kasir.id));
    expect(kasirRow!.pin_hash).toBeNull();
    expect((await call(settingsLoader, get("/admin/pengaturan", { session: kasir.token }))).json?.pin).toBe(
      null,
    );
  });
});

describe(`risky taps (${testDatabaseKind()})`, () => {
  it("a pemilik and an admin on their own session cancel without a PIN", async () => {
    for (const who of [owner, admin]) {
      const code = await newOrder();
      const answer = await cancel(who, code);
      expect(answer.status, answer.body).toBe(200);
      expect(await statusOf(code)).toBe("batal");
      const audit = await lastAudit(code);
      expect(audit).toMatchObject({ user_id: who.id });
      expect(audit!.summary).not.toContain("PIN");
    }
  });

  it("a kasir's cancel asks for a PIN; a missing, malformed, wrong or forged one writes nothing", async () => {
    const kasir = await person("kasir", "Ani Kasir");
    const code = await newOrder();
    const before = await snapshot();
    const missing = await cancel(kasir, code);
    expect([missing.status, missing.json?.message]).toEqual([403, PIN_MESSAGES.missing]);
    const malformed = await cancel(kasir, code, { pin: "24x8" });
    expect([malformed.status, malformed.json?.message]).toEqual([400, PIN_MESSAGES.format]);
    const wrong = await cancel(kasir, code, { pin: "1357" });
    expect([wrong.status, wrong.json?.message]).toEqual([403, "PIN salah."]);
    // Whether a PIN is needed is the server's, from the session: no field of the form says otherwise.
    const forgeries: Record<string, string>[] = [
      { pinPerlu: "tidak" },
      { tanpaPin: "1" },
      { role: "pemilik" },
      { pin: "" },
    ];
    for (const forged of forgeries) {
      const answer = await cancel(kasir, code, forged);
      expect(answer.status, JSON.stringify(forged)).toBe(403);
    }
    // A cancel without a reason is refused as such, before any PIN is asked for or counted.
    const noReason = await cancel(kasir, code, { alasan: "", pin: "1357" });
    expect([noReason.status, noReason.json?.message]).toEqual([
      400,
      "Tulis alasan pembatalan untuk pelanggan, 3 sampai 200 karakter.",
    ]);
    expect(await snapshot()).toBe(before);
    expect(await statusOf(code)).toBe("baru");
    const [counted] = await handle.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `pin-salah:${kasir.id}`));
    expect(counted!.count).toBe(1);
  });

  it("the right PIN of any pemilik or admin cancels, and the audit names the kasir and the PIN's owner", async () => {
    const kasir = await person("kasir", "Budi Kasir");
    for (const [pin, approver] of [
      [OWNER_PIN, owner],
      [ADMIN_PIN, admin],
    ] as const) {
      const code = await newOrder();
      const answer = await cancel(kasir, code, { pin });
      expect(answer.status, answer.body).toBe(200);
      expect(await statusOf(code)).toBe("batal");
      const audit = await lastAudit(code);
      expect(audit).toMatchObject({ user_id: kasir.id, actor_email: kasir.email, action: "status" });
      expect(audit!.summary).toContain(`oleh ${kasir.nama} dengan PIN ${approver.nama}`);
      expect(audit!.details).toMatchObject({
        to: "batal",
        pin: {
          tappedBy: { id: kasir.id, nama: kasir.nama },
          pinOf: { id: approver.id, nama: approver.nama },
        },
      });
    }
  });

  it("a paired device undoes Lunas on the order page only with a PIN; the audit names the device", async () => {
    const device = await person("kasir", "Komputer kasir", "perangkat");
    const code = await newOrder();
    expect((await board(owner, { intent: "lunas", code })).status).toBe(200);
    const undo = (pin?: string) =>
      call(
        orderPage(code),
        post(
          `/admin/pesanan/${code}`,
          { intent: "belum-lunas", alasan: "Salah tekan", ...(pin === undefined ? {} : { pin }) },
          { session: device.token },
        ),
      );
    const before = await snapshot();
    expect((await undo()).status).toBe(403);
    const wrong = await undo("9753");
    expect([wrong.status, wrong.json?.message]).toEqual([403, "PIN salah."]);
    expect(await snapshot()).toBe(before);

    const answer = await undo(OWNER_PIN);
    expect(answer.status, answer.body).toBe(200);
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(row!.paid_at).toBeNull();
    const audit = await lastAudit(code);
    expect(audit).toMatchObject({ user_id: device.id });
    expect(audit!.summary).toContain(`Komputer kasir dengan PIN ${owner.nama}`);
    // The same undo on the board asks for the PIN too.
    expect((await board(owner, { intent: "lunas", code })).status).toBe(200);
    const onBoard = await board(device, { intent: "belum-lunas", code, alasan: "Salah tekan" });
    expect([onBoard.status, onBoard.json?.message]).toEqual([403, PIN_MESSAGES.missing]);
  });

  it("an edit that lowers the total needs a PIN from a kasir; one that does not lower it does not", async () => {
    const kasir = await person("kasir", "Citra Kasir");
    const code = await newOrder(2);
    const edit = (jumlah: string, catatan: string, pin?: string) => {
      const fields: [string, string][] = [
        ["intent", "ubah"],
        ["versi", "1"],
        ["menu", "es-nyala"],
        ["jumlah", jumlah],
        ["catatan", catatan],
        ...(pin === undefined ? [] : ([["pin", pin]] as [string, string][])),
      ];
      return call(orderPage(code), postLines(`/admin/pesanan/${code}`, fields, kasir.token));
    };
    const before = await snapshot();
    const lowered = await edit("1", "");
    expect(lowered.status).toBe(403);
    expect(lowered.json?.message).toContain("perlu PIN pemilik atau admin");
    expect((await edit("1", "", "8642")).json?.message).toBe("PIN salah.");
    expect(await snapshot()).toBe(before);

    const same = await edit("2", "pedas sedikit");
    expect(same.status, same.body).toBe(200);
    expect((await lastAudit(code))!.summary).not.toContain("PIN");

    const version2 = (jumlah: string, pin: string) =>
      call(
        orderPage(code),
        postLines(
          `/admin/pesanan/${code}`,
          [
            ["intent", "ubah"],
            ["versi", "2"],
            ["menu", "es-nyala"],
            ["jumlah", jumlah],
            ["catatan", ""],
            ["pin", pin],
          ],
          kasir.token,
        ),
      );
    const approved = await version2("1", ADMIN_PIN);
    expect(approved.status, approved.body).toBe(200);
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(row).toMatchObject({ version: 3 });
    expect((await lastAudit(code))!.summary).toContain(`oleh ${kasir.nama} dengan PIN ${admin.nama}`);
  });
});

describe(`PIN lockout (${testDatabaseKind()})`, () => {
  it("the 6th wrong PIN in 15 minutes locks the device until a shop time; the owner sees it and lifts it", async () => {
    const device = await person("kasir", "Tablet kasir", "perangkat");
    const other = await person("kasir", "Kasir Lain");
    const code = await newOrder();
    const before = await snapshot();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await cancel(device, code, { pin: "1111" });
      expect([attempt, answer.status, answer.json?.message]).toEqual([attempt, 403, "PIN salah."]);
    }
    const sixth = await cancel(device, code, { pin: "1111" });
    expect(sixth.status).toBe(429);
    const { timezone } = await getStoreSettingsValues(handle.db);
    const [lock] = await handle.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `pin-kunci:${device.id}`));
    const minutes = (lock!.reset_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const shopTime = new Intl.DateTimeFormat("en-GB", {
      timeZone: timezone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .format(lock!.reset_at)
      .replace(":", ".");
    expect(sixth.json?.message).toBe(`PIN salah. PIN dikunci sampai ${shopTime}.`);
    // Locked: even the right PIN is refused there, and nothing is written.
    const right = await cancel(device, code, { pin: OWNER_PIN });
    expect([right.status, right.json?.message]).toEqual([429, `PIN dikunci sampai ${shopTime}.`]);
    expect(await snapshot()).toBe(before);
    // Another kasir's entry is not locked.
    expect((await cancel(other, code, { pin: "1111" })).status).toBe(403);

    // The owner sees the lock on both lists; a kasir cannot lift it.
    const devices = await call(devicesLoader, get("/admin/perangkat", { session: owner.token }));
    const listed = (devices.json?.devices as { id: string; pinLocked: string | null }[]).find(
      (row) => row.id === device.id,
    );
    expect(listed?.pinLocked).toBe(shopTime);
    const staff = await call(staffLoader, get("/admin/staf", { session: owner.token }));
    const rows = staff.json?.staff as { id: string; pinLocked: string | null }[];
    expect(rows.find((row) => row.id === device.id)?.pinLocked).toBe(shopTime);
    expect(rows.find((row) => row.id === other.id)?.pinLocked).toBeNull();
    const byKasir = await call(
      staffAction,
      post("/admin/staf", { intent: "buka-pin", userId: device.id }, { session: other.token }),
    );
    expect(byKasir.status).toBe(403);
    expect((await cancel(device, code, { pin: OWNER_PIN })).status).toBe(429);

    const lifted = await call(
      devicesAction,
      post("/admin/perangkat", { intent: "buka-pin", userId: device.id }, { session: owner.token }),
    );
    expect([lifted.status, lifted.json?.message]).toEqual([200, "Kunci PIN Tablet kasir dibuka."]);
    const [liftAudit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "perangkat"), eq(auditLog.entity_id, device.id)));
    expect(liftAudit).toMatchObject({ user_id: owner.id, summary: "Kunci PIN Tablet kasir dibuka" });
    const again = await call(
      staffAction,
      post("/admin/staf", { intent: "buka-pin", userId: device.id }, { session: owner.token }),
    );
    expect([again.status, again.json?.message]).toEqual([404, PIN_MESSAGES.notLocked]);

    const cancelled = await cancel(device, code, { pin: OWNER_PIN });
    expect(cancelled.status, cancelled.body).toBe(200);
    expect(await statusOf(code)).toBe("batal");
  });
});
