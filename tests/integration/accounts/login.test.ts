import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { rateLimits, sessions, users } from "../../../database/schema.ts";
import { loginAction } from "../../../app/routes/_auth/login.server.ts";
import { loader as masukLoader } from "../../../app/routes/_auth/masuk.tsx";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { hashPassword } from "../../../app/features/accounts/password.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { LOGIN_MESSAGES } from "../../../app/features/accounts/auth-rules.ts";
import { solvePicture, TEST_CAPTCHA_KEY } from "../../support/captcha-picture.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, post, solvedAltcha, uniqueEmail, whoAmI } from "./auth-support.ts";

let handle: DatabaseHandle;
let passwordHash: string;
beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", "promosi@nyala.test, promosi-uji@nyala.test");
  vi.stubEnv("RATE_LIMIT_LOGIN_ACCOUNT", "50");
  vi.stubEnv("ALTCHA_HMAC_KEY", TEST_CAPTCHA_KEY);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  passwordHash = await hashPassword("rahasia1");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter % 250}`;

async function createUser(email: string, fields: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await handle.db
    .insert(users)
    .values({
      id: newUserId(),
      nama: "Pelanggan",
      email,
      password_hash: passwordHash,
      provider: "password",
      ...fields,
    })
    .returning();
  return row!;
}

async function login(values: Record<string, string>, options: { address?: string; session?: string } = {}) {
  const captcha = values.captcha ?? (await solvedAltcha());
  return call(loginAction, post("/masuk", { captcha, ...values }, { address: freshAddress(), ...options }));
}

describe(`password login (${testDatabaseKind()})`, () => {
  it("signs in with the right password (any e-mail case) and starts a server session", async () => {
    const email = uniqueEmail("masuk");
    const user = await createUser(email);
    const answer = await login({ email: ` ${email.toUpperCase()} `, password: "rahasia1" });
    expect(answer.status).toBe(200);
    // No cart yet: the header's count becomes 0.
    expect(answer.json).toEqual({
      status: "success",
      email,
      redirectTo: "/beranda",
      cart: { count: 0, version: 0 },
    });

    const cookie = answer.headers.getSetCookie().find((value) => value.startsWith("nyala_session="));
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Expires=/);
    const token = answer.sessionCookie!;
    const [id, secret] = token.split(".");
    const [row] = await handle.db.select().from(sessions).where(eq(sessions.id, id!));
    expect(row?.user_id).toBe(user.id);
    // Only a hash of the secret is stored.
    expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secret_hash).not.toContain(secret!);
    // Nothing in the answer reveals the stored hash.
    expect(answer.body).not.toContain(passwordHash);
    expect(answer.body).not.toContain("$2b$");
  });

  it("starts a new session at every login and ends the one the browser held", async () => {
    const email = uniqueEmail("ulang");
    const user = await createUser(email);
    const first = await login({ email, password: "rahasia1" });
    const second = await login({ email, password: "rahasia1" }, { session: first.sessionCookie! });
    expect(second.sessionCookie).not.toBe(first.sessionCookie);
    const rows = await handle.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(rows.map((row) => row.id)).toEqual([second.sessionCookie!.split(".")[0]]);
  });

  it("follows a safe redirectTo, never one to another site", async () => {
    const email = uniqueEmail("arah");
    await createUser(email);
    const safe = await login({ email, password: "rahasia1", redirectTo: "/keranjang" });
    expect(safe.json).toMatchObject({ redirectTo: "/keranjang" });
    const evil = await login({ email, password: "rahasia1", redirectTo: "//jahat.example/" });
    expect(evil.json).toMatchObject({ redirectTo: "/beranda" });
  });

  it("answers unknown e-mail and wrong password identically, in about the same time", async () => {
    const email = uniqueEmail("rahasia");
    await createUser(email);
    const timed = async (values: Record<string, string>) => {
      const captcha = await solvedAltcha();
      const started = performance.now();
      const answer = await call(
        loginAction,
        post("/masuk", { captcha, ...values }, { address: freshAddress() }),
      );
      return { answer, ms: performance.now() - started };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await timed({ email, password: "salah123" });
      const b = await timed({ email: uniqueEmail("tidak-ada"), password: "salah123" });
      expect(a.answer.status).toBe(401);
      expect(b.answer.status).toBe(401);
      expect(a.answer.json).toMatchObject({ status: "error", message: "Email atau Password salah!" });
      expect(b.answer.json).toMatchObject({ status: "error", message: "Email atau Password salah!" });
      expect(a.answer.sessionCookie).toBeNull();
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    // Both run one bcrypt comparison (~50 ms); without the dummy comparison the unknown e-mail
    // would answer in a few milliseconds.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
    expect(median(unknown)).toBeLessThan(median(wrong) * 2);
  });

  it("does not let a Google-only account (no password) sign in with a password", async () => {
    const email = uniqueEmail("google");
    await createUser(email, { password_hash: null, provider: "google", google_sub: `sub-${email}` });
    for (const password of ["", "null", "undefined", "rahasia1"]) {
      const answer = await login({ email, password: password || " " });
      expect(answer.status).toBe(401);
      expect(answer.json).toMatchObject({ message: "Email atau Password salah!" });
    }
  });

  it("needs e-mail and password, then a completed captcha", async () => {
    const empty = await login({ email: "", password: "" });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ message: "Email dan password wajib diisi!" });
    const noCaptcha = await login({ email: uniqueEmail("x"), password: "rahasia1", captcha: "" });
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.json).toMatchObject({ message: "Harap selesaikan verifikasi reCAPTCHA." });
  });

  it("refuses a forged, tampered or reused captcha before looking at the password", async () => {
    const email = uniqueEmail("captcha");
    await createUser(email);
    const message = "Verifikasi captcha gagal atau sudah kedaluwarsa. Silakan ulangi verifikasi.";
    for (const captcha of ["bukan-token", Buffer.from("{}").toString("base64"), "a".repeat(5000)]) {
      const answer = await login({ email, password: "rahasia1", captcha });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ message });
    }
    const tampered = JSON.parse(Buffer.from(await solvedAltcha(), "base64").toString());
    tampered.challenge.parameters.expiresAt += 3600;
    const forged = await login({
      email,
      password: "rahasia1",
      captcha: Buffer.from(JSON.stringify(tampered)).toString("base64"),
    });
    expect(forged.status).toBe(400);

    const solved = await solvedAltcha();
    expect((await login({ email, password: "rahasia1", captcha: solved })).status).toBe(200);
    const replay = await login({ email, password: "rahasia1", captcha: solved });
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ message });
  });

  it("a captcha solution is accepted once even when sent twice at the same moment", async () => {
    const email = uniqueEmail("kembar");
    await createUser(email);
    const solved = await solvedAltcha();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => login({ email, password: "rahasia1", captcha: solved })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it("a password login never makes an ADMIN_EMAILS address an admin (issue #38), except .test ones in a test run", async () => {
    vi.stubEnv("NYALA_TEST_MODE", "0");
    await createUser("promosi@nyala.test");
    expect((await login({ email: "Promosi@Nyala.test", password: "rahasia1" })).status).toBe(200);
    const [row] = await handle.db.select().from(users).where(eq(users.email, "promosi@nyala.test"));
    expect(row?.role).toBe("customer");

    vi.stubEnv("NYALA_TEST_MODE", "1");
    try {
      await createUser("promosi-uji@nyala.test");
      const answer = await login({ email: "promosi-uji@nyala.test", password: "rahasia1" });
      expect(await whoAmI(answer.sessionCookie!)).toMatchObject({ role: "pemilik" });
    } finally {
      vi.stubEnv("NYALA_TEST_MODE", "0");
    }
  });

  it("an account stored before e-mails were normalised still logs in with its e-mail as typed", async () => {
    const local = uniqueEmail("lama").split("@")[0]!;
    const stored = [`${local}@contoh.test.`, `${local}\u200b@contoh.test`, `${local}@tokó.test`];
    for (const email of stored) {
      await createUser(email);
      const answer = await login({ email: ` ${email.toUpperCase()} `, password: "rahasia1" });
      expect([answer.status, answer.json?.email], JSON.stringify(email)).toEqual([200, email]);
    }
    // Where an account of the new spelling exists too, each logs in with its own spelling.
    const fresh = await createUser(`${local}@contoh.test`, { password_hash: await hashPassword("baru1234") });
    const answer = await login({ email: `${local}@contoh.test`, password: "baru1234" });
    expect([answer.status, answer.json?.email]).toEqual([200, fresh.email]);
    expect((await login({ email: `${local}@contoh.test.`, password: "rahasia1" })).status).toBe(200);
  });

  it("without JavaScript a successful login redirects with the session cookie", async () => {
    const email = uniqueEmail("nojs");
    await createUser(email);
    const answer = await login({ email, password: "rahasia1", mode: "document", redirectTo: "/produk" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/produk");
    expect(answer.sessionCookie).toBeTruthy();
  });

  it("without JavaScript the picture's digits pass the captcha: a wrong answer is refused and counted, the right one signs in once", async () => {
    const email = uniqueEmail("gambar");
    await createUser(email);
    const address = "203.0.113.140";
    const page = await call(masukLoader as never, get("/masuk", { address }));
    const { token } = (page.json as { picture: { token: string } }).picture;
    const answer = solvePicture(token, TEST_CAPTCHA_KEY, address);
    const wrong = String((Number(answer) + 7) % 100_000).padStart(5, "0");
    const form = (captcha_jawaban: string) => ({
      email,
      password: "rahasia1",
      captcha: "",
      captcha_gambar: token,
      captcha_jawaban,
      mode: "document",
    });
    const missing = await login(form(""), { address });
    expect([missing.status, missing.json?.message]).toEqual([400, "Ketik angka pada gambar verifikasi."]);
    const refused = await login(form(wrong), { address });
    expect([refused.status, refused.json?.message]).toEqual([400, LOGIN_MESSAGES.captchaInvalid]);
    expect(refused.sessionCookie).toBeNull();
    const [counted] = await handle.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:address:${address}`));
    expect(counted?.count).toBe(1);
    const signedIn = await login(form(answer), { address });
    expect([signedIn.status, signedIn.headers.get("location")]).toEqual([302, "/beranda"]);
    expect(signedIn.sessionCookie).toBeTruthy();
    const again = await login(form(answer), { address });
    expect([again.status, again.json?.message]).toEqual([400, LOGIN_MESSAGES.captchaInvalid]);
  });

  it("shows the ALTCHA widget and hides the Google button while GOOGLE_CLIENT_ID is not set", async () => {
    const page = await call(masukLoader as never, get("/masuk"));
    expect(page.json).toMatchObject({
      captcha: { kind: "altcha", challengeUrl: "/captcha/altcha" },
      googleEnabled: false,
      googleError: null,
      googleSignedIn: null,
    });
  });
});
