import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import {
  auditLog,
  devicePairings,
  rateLimits,
  sessions,
  staffInvitations,
  users,
} from "../../../database/schema.ts";
import { action as devicesAction, loader as devicesLoader } from "../../../app/routes/admin/perangkat.tsx";
import { action as staffAction, loader as staffLoader } from "../../../app/routes/admin/staf.tsx";
import { action as pairAction } from "../../../app/routes/_auth/perangkat.tsx";
import {
  action as invitationAction,
  loader as invitationLoader,
} from "../../../app/routes/_auth/undangan.tsx";
import { registerAction } from "../../../app/routes/_auth/register.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { signInWithGoogle } from "../../../app/features/accounts/google-accounts.server.ts";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import { authenticate, newUserId } from "../../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, post, uniqueEmail, whoAmI } from "./auth-support.ts";

/**
 * Staff accounts and paired devices (docs/decisions/0058-staff-and-devices.md) as a browser reaches
 * them: the owner's pages, the invitation link, the pairing code; replays, expiry, guessing, forged
 * roles and the wrong people each get a 4xx with an Indonesian message and change nothing.
 */
const PAIRING_PER_ADDRESS = 3;
const PAIRING_TOTAL = 5;

let handle: DatabaseHandle;
let owner: { id: string; email: string; token: string };

async function person(role: "pemilik" | "admin" | "kasir" | "dapur" | "customer", nama = `Uji ${role}`) {
  const id = newUserId();
  const email = uniqueEmail(role);
  await handle.db.insert(users).values({ id, nama, email, provider: "password", role });
  return { id, email, token: (await createSession(handle.db, id)).token };
}

beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_PAIRING_ADDRESS", String(PAIRING_PER_ADDRESS));
  vi.stubEnv("RATE_LIMIT_PAIRING_TOTAL", String(PAIRING_TOTAL));
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  owner = await person("pemilik", "Pemilik Uji");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

const staffPost = (values: Record<string, string>, session = owner.token) =>
  call(staffAction, post("/admin/staf", values, { session }));
const devicesPost = (values: Record<string, string>, session = owner.token) =>
  call(devicesAction, post("/admin/perangkat", values, { session }));

const withToken =
  <A extends { params: Record<string, string> }>(handler: (args: A) => unknown, token: string) =>
  (args: A) =>
    handler({ ...args, params: { token } });

const openInvitation = (token: string) =>
  call(withToken(invitationLoader as never, token), get(`/undangan/${token}`));
const acceptInvitation = (token: string, password: string, confirmPassword = password) =>
  call(
    withToken(invitationAction as never, token),
    post(`/undangan/${token}`, { password, confirmPassword, mode: "" }),
  );
const typeCode = (kode: string, address = "192.0.2.50") =>
  call(pairAction, post("/perangkat", { kode, mode: "" }, { address }));

/** Every row these pages could write, to compare before and after a refused request. */
async function snapshot() {
  const db = handle.db;
  const [userRows, invitations, pairings, audit] = await Promise.all([
    db.select().from(users).orderBy(users.id),
    db.select().from(staffInvitations).orderBy(staffInvitations.id),
    db.select().from(devicePairings).orderBy(devicePairings.id),
    db.select({ n: count() }).from(auditLog),
  ]);
  return JSON.stringify({ userRows, invitations, pairings, audit });
}

async function invite(nama: string, role = "kasir") {
  const answer = await staffPost({ intent: "tambah", nama, role });
  expect(answer.status, answer.body).toBe(200);
  const invitation = answer.json?.invitation as { link: string; login: string; svg: string };
  const token = invitation.link.split("/undangan/")[1]!;
  return { ...invitation, token };
}

describe(`staff invitations (${testDatabaseKind()})`, () => {
  it("adds a cashier with an internal login, audited, and shows a one-time link and its QR", async () => {
    const invitation = await invite("Budi Santoso");
    expect(invitation.login).toBe("budi.santoso@staf.internal");
    expect(invitation.svg).toMatch(/^<svg /);
    const [row] = await handle.db.select().from(users).where(eq(users.email, invitation.login));
    expect(row).toMatchObject({ nama: "Budi Santoso", role: "kasir", password_hash: null });
    const [stored] = await handle.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.user_id, row!.id));
    expect(stored!.token_hash).not.toContain(invitation.token);
    expect(stored!.expires_at.getTime() - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "staf"), eq(auditLog.entity_id, row!.id)));
    expect(audit).toMatchObject({ actor_email: owner.email, action: "buat" });
    expect((await invite("Budi Santoso")).login).toBe("budi.santoso2@staf.internal");
  });

  it("sets the password once, signs the cashier in and sends them to the board; a replay gets 410", async () => {
    const { token, login } = await invite("Kasir Sekali");
    expect((await openInvitation(token)).status).toBe(200);

    const before = await snapshot();
    const short = await acceptInvitation(token, "123");
    expect(short.status).toBe(400);
    expect(short.body).toContain("Kata sandi harus antara 6 sampai 30 karakter");
    const mismatch = await acceptInvitation(token, "rahasia1", "rahasia2");
    expect(mismatch.status).toBe(400);
    expect(await snapshot()).toBe(before);

    const accepted = await acceptInvitation(token, "rahasia1");
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/admin/pesanan");
    expect(await whoAmI(accepted.sessionCookie!)).toMatchObject({ email: login, role: "kasir" });
    expect(await authenticate(handle.db, login, "rahasia1")).toMatchObject({ role: "kasir" });

    const used = await snapshot();
    const replay = await acceptInvitation(token, "direbut1");
    expect(replay.status).toBe(410);
    expect(replay.body).toContain("sudah dipakai");
    expect(replay.sessionCookie).toBeNull();
    expect((await openInvitation(token)).status).toBe(410);
    expect(await snapshot()).toBe(used);
    expect(await authenticate(handle.db, login, "direbut1")).toBeNull();
  });

  it("answers an unknown token 404 and an expired one 410, writing nothing", async () => {
    const unknown = await openInvitation("bukan-token-yang-pernah-dibuat-0123456789");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("tidak dikenal");

    const { token } = await invite("Kasir Terlambat");
    await handle.db
      .update(staffInvitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(isNull(staffInvitations.used_at));
    const before = await snapshot();
    const page = await openInvitation(token);
    expect(page.status).toBe(410);
    expect(page.body).toContain("kedaluwarsa");
    const late = await acceptInvitation(token, "rahasia1");
    expect(late.status).toBe(410);
    expect(late.sessionCookie).toBeNull();
    expect(await snapshot()).toBe(before);
  });

  it("refuses a forged role in the form with 400 and creates nobody", async () => {
    const before = await snapshot();
    for (const role of ["pemilik", "superadmin", "customer", ""]) {
      const answer = await staffPost({ intent: "tambah", nama: "Penyusup", role });
      expect(answer.status, role).toBe(400);
      expect(answer.json?.message).toBe("Peran tidak dikenal.");
    }
    const device = await person("kasir");
    await handle.db.update(users).set({ provider: "perangkat" }).where(eq(users.id, device.id));
    const deviceAdmin = await staffPost({ intent: "peran", userId: device.id, role: "admin" });
    expect(deviceAdmin.status).toBe(400);
    const pairingAdmin = await devicesPost({ intent: "pasang", nama: "Tablet palsu", role: "admin" });
    expect(pairingAdmin.status).toBe(400);
    await handle.db.delete(users).where(eq(users.id, device.id));
    expect(await snapshot()).toBe(before);
  });

  it("a role change is audited and ends that person's sessions at once", async () => {
    const cashier = await person("kasir", "Kasir Pindah");
    expect(await whoAmI(cashier.token)).toMatchObject({ role: "kasir" });
    const answer = await staffPost({ intent: "peran", userId: cashier.id, role: "dapur" });
    expect(answer.status, answer.body).toBe(200);
    expect(await whoAmI(cashier.token)).toBeNull();
    const [row] = await handle.db.select({ role: users.role }).from(users).where(eq(users.id, cashier.id));
    expect(row!.role).toBe("dapur");
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, cashier.id), eq(auditLog.action, "ubah")));
    expect(audit!.actor_email).toBe(owner.email);
    expect(audit!.summary).toContain("dari Kasir menjadi Dapur");

    const removed = await staffPost({ intent: "hapus", userId: cashier.id });
    expect(removed.status).toBe(200);
    // A real e-mail stays a customer account; its staff role is gone.
    const [after] = await handle.db.select({ role: users.role }).from(users).where(eq(users.id, cashier.id));
    expect(after!.role).toBe("customer");
  });

  it("the last owner cannot be removed or demoted; two owners demoting each other leave one", async () => {
    const before = await snapshot();
    const own: Record<string, string>[] = [
      { intent: "hapus", userId: owner.id },
      { intent: "peran", userId: owner.id, role: "admin" },
    ];
    for (const values of own) {
      const answer = await staffPost(values);
      expect(answer.status).toBe(400);
      expect(answer.json?.message).toContain("sendiri");
    }
    expect(await snapshot()).toBe(before);

    const second = await person("pemilik", "Pemilik Kedua");
    const third = await person("pemilik", "Pemilik Ketiga");
    const answers = await Promise.all([
      staffPost({ intent: "peran", userId: third.id, role: "admin" }, second.token),
      staffPost({ intent: "peran", userId: second.id, role: "admin" }, third.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const owners = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "pemilik")));
    expect(owners.map((row) => row.id)).toContain(owner.id);
    expect(owners).toHaveLength(2);
  });

  it("customers, visitors and other roles never reach the staff pages", async () => {
    const customer = await person("customer");
    const cashier = await person("kasir");
    const manager = await person("admin");
    const before = await snapshot();
    for (const [loader, action, path] of [
      [staffLoader, staffAction, "/admin/staf"],
      [devicesLoader, devicesAction, "/admin/perangkat"],
    ] as const) {
      expect((await call(loader as never, get(path))).status).toBe(401);
      for (const who of [customer, cashier, manager]) {
        const page = await call(loader as never, get(path, { session: who.token }));
        expect(page.status, `${path} ${who.email}`).toBe(403);
        const write = await call(
          action as never,
          post(path, { intent: "tambah", nama: "Lewat Pintu", role: "kasir" }, { session: who.token }),
        );
        expect(write.status).toBe(403);
        const pair = await call(
          action as never,
          post(path, { intent: "pasang", nama: "Lewat Pintu", role: "kasir" }, { session: who.token }),
        );
        expect(pair.status).toBe(403);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it("refuses the staff domain at registration and for Google", async () => {
    const answer = await call(
      registerAction,
      post("/daftar", {
        nama: "Penyamar",
        email: "budi.santoso@STAF.internal",
        password: "rahasia1",
        confirmPassword: "rahasia1",
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.json?.message).toContain("khusus untuk staf");
    const google = await signInWithGoogle(handle.db, {
      sub: "google-staf",
      email: "kasir.sekali@staf.internal",
      emailVerified: true,
    });
    expect(google).toEqual({ ok: false, reason: "reserved" });
  });
});

async function pairingCode(nama = "Tablet dapur", role = "dapur") {
  const answer = await devicesPost({ intent: "pasang", nama, role });
  expect(answer.status, answer.body).toBe(200);
  const pairing = answer.json?.pairing as { code: string; link: string };
  expect(pairing.code).toMatch(/^\d{6}$/);
  expect(pairing.link).toMatch(new RegExp(`/perangkat\\?kode=${pairing.code}$`));
  return pairing.code;
}

const clearLimits = () => handle.db.delete(rateLimits);

describe(`paired devices (${testDatabaseKind()})`, () => {
  it("a typed code signs the device in as its role, for a long time, and the code works once", async () => {
    await clearLimits();
    const code = await pairingCode();
    expect(JSON.stringify(await handle.db.select().from(devicePairings))).not.toContain(code);

    const paired = await typeCode(code);
    expect(paired.status, paired.body).toBe(302);
    expect(paired.headers.get("location")).toBe("/admin/pesanan");
    const token = paired.sessionCookie!;
    expect(await whoAmI(token)).toMatchObject({ role: "dapur" });
    const [device] = await handle.db.select().from(users).where(eq(users.provider, "perangkat"));
    expect(device).toMatchObject({ nama: "Tablet dapur", role: "dapur", password_hash: null });
    const [session] = await handle.db.select().from(sessions).where(eq(sessions.user_id, device!.id));
    expect(session!.expires_at.getTime() - Date.now()).toBeGreaterThan(300 * 24 * 60 * 60 * 1000);

    const before = await snapshot();
    const replay = await typeCode(code, "192.0.2.51");
    expect(replay.status).toBe(400);
    expect(replay.body).toContain("sudah dipakai");
    expect(replay.sessionCookie).toBeNull();
    expect(await snapshot()).toBe(before);

    const list = await call(devicesLoader, get("/admin/perangkat", { session: owner.token }));
    expect(list.body).toContain("Tablet dapur");

    const revoked = await devicesPost({ intent: "cabut", userId: device!.id });
    expect(revoked.status).toBe(200);
    expect(await whoAmI(token)).toBeNull();
    expect(await handle.db.select().from(users).where(eq(users.id, device!.id))).toHaveLength(0);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.entity, "perangkat"));
    expect(audit.map((row) => row.summary).join("\n")).toContain("Tablet dapur (Dapur) dicabut");
  });

  it("an expired or malformed code is refused with 400", async () => {
    await clearLimits();
    const code = await pairingCode("Kasir depan", "kasir");
    await handle.db.update(devicePairings).set({ expires_at: new Date(Date.now() - 1000) });
    const before = await snapshot();
    const late = await typeCode(code);
    expect(late.status).toBe(400);
    const malformed = await typeCode("12ab56");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toContain("6 angka");
    expect(await snapshot()).toBe(before);
  });

  it("guessing is limited per address and for everyone together (429), even for the right code", async () => {
    await clearLimits();
    const code = await pairingCode("Tablet tebakan");
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < PAIRING_PER_ADDRESS; i++)
      expect((await typeCode(wrong, "192.0.2.60")).status).toBe(400);
    const limited = await typeCode(code, "192.0.2.60");
    expect(limited.status).toBe(429);
    expect(limited.body).toContain("Terlalu banyak percobaan");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    // The limited address added only its own limit to the shared count: two more from elsewhere fill it.
    for (let i = 0; i < PAIRING_TOTAL - PAIRING_PER_ADDRESS; i++) {
      expect((await typeCode(wrong, `192.0.2.${70 + i}`)).status).toBe(400);
    }
    const everyone = await typeCode(code, "192.0.2.99");
    expect(everyone.status).toBe(429);
    expect(await handle.db.select().from(users).where(eq(users.nama, "Tablet tebakan"))).toHaveLength(0);

    await clearLimits();
    expect((await typeCode(code, "192.0.2.99")).status).toBe(302);
  });
});
