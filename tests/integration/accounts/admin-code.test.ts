import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { serverSecrets, users } from "../../../database/schema.ts";
import { announceAdminCode } from "../../../app/features/accounts/admin-code.server.ts";
import { ADMIN_CODE_MESSAGES } from "../../../app/features/accounts/admin-code-schema.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { adminCodeAction } from "../../../app/routes/_auth/kode-admin.server.ts";
import { loginAction } from "../../../app/routes/_auth/login.server.ts";
import { registerAction } from "../../../app/routes/_auth/register.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, post, solvedAltcha, whoAmI, type RequestOptions } from "./auth-support.ts";

/**
 * Issue #38: an ADMIN_EMAILS address becomes an admin only once proven. Without Google, the proof
 * is the one-time code a server start prints in its log (docs/decisions/0050).
 */
const OWNER = "pemilik@contoh.id";
const SECOND = "wakil@contoh.id";
let handle: DatabaseHandle;
beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", `${OWNER}, ${SECOND}`);
  vi.stubEnv("NYALA_TEST_MODE", "0");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(serverSecrets).where(like(serverSecrets.name, "admin-code:%"));
});

let addresses = 0;
const from = () => ({ address: `198.51.100.${++addresses}` });

async function newCode() {
  const lines: string[] = [];
  const code = await announceAdminCode(handle.db, (line) => lines.push(line));
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(code!);
  return code!;
}

const claim = (email: string, kode: string, password = "pemilik123", options: RequestOptions = from()) =>
  call(adminCodeAction, post("/kode-admin", { email, kode, password, confirmPassword: password }, options));

const logIn = async (email: string, password: string) =>
  call(loginAction, post("/masuk", { email, password, captcha: await solvedAltcha() }, from()));

describe(`the owner's one-time code (${testDatabaseKind()})`, () => {
  it("is printed at start while an ADMIN_EMAILS address has no admin, and only its hash is stored", async () => {
    const lines: string[] = [];
    const code = await announceAdminCode(handle.db, (line) => lines.push(line));
    expect(lines[0]).toMatch(new RegExp(`${OWNER}, ${SECOND}: ${code} — buka /kode-admin`));
    const stored = await handle.db
      .select()
      .from(serverSecrets)
      .where(like(serverSecrets.name, "admin-code:%"));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code!.replace(/-/g, ""));
    expect(await announceAdminCode(handle.db, () => undefined, [])).toBeNull();
  });

  it("refuses a form that breaks the registration's rules, and a cross-site post", async () => {
    const code = await newCode();
    const short = await claim(OWNER, code, "123");
    expect([short.status, short.json?.message]).toEqual([
      400,
      "Kata sandi harus antara 6 sampai 30 karakter!",
    ]);
    const crossSite = await claim(OWNER, code, "pemilik123", {
      ...from(),
      headers: { origin: "https://jahat.example" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("takes an account someone registered with the owner's e-mail back: new password, their sessions ended", async () => {
    const attacker = await call(
      registerAction,
      post(
        "/daftar",
        { nama: "Penyerang", email: OWNER, password: "milikku1", confirmPassword: "milikku1" },
        from(),
      ),
    );
    expect(await whoAmI(attacker.sessionCookie!)).toMatchObject({ role: "customer" });
    const code = await newCode();

    const wrong = await claim(OWNER, "AAAA-BBBB-CCCC");
    expect([wrong.status, wrong.json?.message]).toEqual([400, ADMIN_CODE_MESSAGES.wrong]);
    expect(wrong.sessionCookie).toBeNull();
    const notListed = await claim("orang-lain@contoh.id", code);
    expect([notListed.status, notListed.json?.message]).toEqual([400, ADMIN_CODE_MESSAGES.wrong]);

    const owner = await claim(OWNER, ` ${code.toLowerCase()} `);
    expect(owner.status).toBe(200);
    expect(owner.json).toMatchObject({ status: "success", email: OWNER, redirectTo: "/admin/dashboard" });
    expect(await whoAmI(owner.sessionCookie!)).toMatchObject({ email: OWNER, role: "pemilik" });
    expect(await whoAmI(attacker.sessionCookie!)).toBeNull();
    expect((await logIn(OWNER, "milikku1")).status).toBe(401);
    expect((await logIn(OWNER, "pemilik123")).status).toBe(200);
    const [row] = await handle.db.select().from(users).where(eq(users.email, OWNER));
    expect(row).toMatchObject({ nama: "Penyerang", role: "pemilik", provider: "password" });

    // Used once; an admin already is told to sign in instead.
    expect((await claim(SECOND, code)).json?.message).toBe(ADMIN_CODE_MESSAGES.wrong);
    const again = await claim(OWNER, await newCode());
    expect([again.status, again.json?.message]).toEqual([409, ADMIN_CODE_MESSAGES.alreadyAdmin]);
  });

  it("makes a new admin account when the e-mail has none; one use even when sent twice at once", async () => {
    await handle.db.delete(users).where(eq(users.email, SECOND));
    const code = await newCode();
    const answers = await Promise.all([claim(SECOND, code), claim(SECOND, code, "lainnya123")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const [row] = await handle.db.select().from(users).where(eq(users.email, SECOND));
    expect(row).toMatchObject({ role: "pemilik", nama: "wakil" });
    expect(await announceAdminCode(handle.db, () => undefined)).toBeNull();
  });

  it("lasts 24 hours", async () => {
    await handle.db.delete(users).where(eq(users.email, SECOND));
    const code = await newCode();
    await handle.db
      .update(serverSecrets)
      .set({ created_at: new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000) })
      .where(like(serverSecrets.name, "admin-code:%"));
    expect((await claim(SECOND, code)).json?.message).toBe(ADMIN_CODE_MESSAGES.wrong);
    expect((await claim(SECOND, await newCode())).status).toBe(200);
  });
});
