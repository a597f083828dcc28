import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { notifications, users } from "../../../database/schema.ts";
import { registerAction } from "../../../app/routes/_auth/register.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { registerUser } from "../../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, post, uniqueEmail, whoAmI } from "./auth-support.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", "Boss@Nyala.test, kedua@nyala.test, pemilik@contoh.id");
  vi.stubEnv("NYALA_TEST_MODE", "0");
  vi.stubEnv("RATE_LIMIT_REGISTER_ADDRESS", "3");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

let addressCounter = 0;
/** Each registration from its own address, unless a test is about the per-address limit. */
const freshAddress = () => `198.51.100.${++addressCounter % 250}`;

const register = (values: Record<string, string>, address = freshAddress()) =>
  call(registerAction, post("/daftar", values, { address }));

const form = (email: string, overrides: Record<string, string> = {}) => ({
  nama: "Siti Aminah",
  email,
  password: "rahasia1",
  confirmPassword: "rahasia1",
  ...overrides,
});

describe(`registration (${testDatabaseKind()})`, () => {
  it("creates the account, stores the e-mail lower-case and the password only as a bcrypt hash, and signs the customer in", async () => {
    const email = uniqueEmail("Siti").replace("siti", "SiTi");
    const answer = await register(form(`  ${email.toUpperCase()} `));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      status: "success",
      message: "Akun berhasil dibuat",
      email: email.toLowerCase(),
      redirectTo: "/beranda",
      cart: { count: 0, version: 0 },
    });
    expect(answer.body).not.toContain("rahasia1");
    expect(await whoAmI(answer.sessionCookie!)).toMatchObject({
      email: email.toLowerCase(),
      role: "customer",
    });

    const [row] = await handle.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row).toMatchObject({
      nama: "Siti Aminah",
      provider: "password",
      role: "customer",
      google_sub: null,
    });
    expect(row?.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(row?.password_hash).toMatch(/^\$2b\$10\$[./A-Za-z0-9]{53}$/);
  });

  it.each([
    [{ nama: " " }, "Semua kolom wajib diisi!"],
    [{ nama: "Al" }, "Nama harus antara 3 sampai 50 karakter!"],
    [{ nama: "x".repeat(51) }, "Nama harus antara 3 sampai 50 karakter!"],
    [{ password: "12345", confirmPassword: "12345" }, "Kata sandi harus antara 6 sampai 30 karakter!"],
    [
      { password: "x".repeat(31), confirmPassword: "x".repeat(31) },
      "Kata sandi harus antara 6 sampai 30 karakter!",
    ],
    [{ confirmPassword: "rahasia2" }, "Konfirmasi kata sandi tidak cocok!"],
    [{ email: "bukan-email" }, "Format email tidak valid! Contoh: nama@contoh.com"],
    // Only invisible and line-break characters: nothing is left of the name.
    [{ nama: "\u200b\u202e\n\u2028\u3164" }, "Semua kolom wajib diisi!"],
    [{ nama: "A\u200b\u200b\u202eB" }, "Nama harus antara 3 sampai 50 karakter!"],
  ])("refuses %j with 400 and the message %j, creating nothing", async (overrides, message) => {
    const email = uniqueEmail("tolak");
    const answer = await register(form(email, overrides));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: "error", message });
    const rows = await handle.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it("stores a name on one line: line breaks, bidi and zero-width characters never reach the database (issue #20)", async () => {
    const cases = [
      ["Eve\nTotal: Rp 1\nLunas", "Eve Total: Rp 1 Lunas"],
      ["Eve\r\n\u2028Total: Rp 1\u2029Lunas", "Eve Total: Rp 1 Lunas"],
      ["\u202eEve\u200b Santoso\u2066", "Eve Santoso"],
      [`Eve${"\u3164".repeat(30)}Lunas`, "Eve Lunas"],
    ];
    for (const [nama, stored] of cases) {
      const email = uniqueEmail("nama");
      expect((await register(form(email, { nama: nama! }))).status).toBe(200);
      const [row] = await handle.db.select({ nama: users.nama }).from(users).where(eq(users.email, email));
      expect(row?.nama, JSON.stringify(nama)).toBe(stored);
    }
  });

  it("refuses an e-mail already registered in any letter case with 409", async () => {
    const email = uniqueEmail("dobel");
    expect((await register(form(email))).status).toBe(200);
    for (const variant of [email, email.toUpperCase(), ` ${email.replace(/^./, (c) => c.toUpperCase())}`]) {
      const answer = await register(form(variant, { nama: "Orang Lain" }));
      expect(answer.status).toBe(409);
      expect(answer.json).toMatchObject({ message: "Email sudah digunakan, silakan pakai email lain." });
    }
    const rows = await handle.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it.each([20, 50])("%i simultaneous registrations of one e-mail create exactly one user", async (count) => {
    const email = uniqueEmail(`serbu${count}`);
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => register(form(i % 2 ? email.toUpperCase() : email))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(count - 1);
    const [{ n } = { n: 0 }] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, email));
    expect(n).toBe(1);
  });

  it("the database refuses a duplicate even when the early check is raced (no 500)", async () => {
    const email = uniqueEmail("balapan");
    const data = { nama: "Balap", email, password: "rahasia1" };
    const results = await Promise.all(Array.from({ length: 20 }, () => registerUser(handle.db, data)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "duplicate")).toHaveLength(19);
  });

  it("never gives the admin role for a password: an ADMIN_EMAILS address registered by anyone is a customer (issue #38)", async () => {
    for (const email of ["BOSS@nyala.TEST", "pemilik@contoh.id"]) {
      const answer = await register(form(email, { nama: "Bukan Bos" }));
      expect(answer.status).toBe(200);
      expect(await whoAmI(answer.sessionCookie!)).toMatchObject({ role: "customer" });
    }
    const [row] = await handle.db.select().from(users).where(eq(users.email, "boss@nyala.test"));
    expect(row?.role).toBe("customer");
  });

  it("in a test run (NYALA_TEST_MODE=1) a password proves an ADMIN_EMAILS address under .test only", async () => {
    vi.stubEnv("NYALA_TEST_MODE", "1");
    try {
      const test = await register(form("kedua@nyala.test", { nama: "Admin Uji" }));
      expect(await whoAmI(test.sessionCookie!)).toMatchObject({ role: "pemilik" });
      await handle.db.delete(users).where(eq(users.email, "pemilik@contoh.id"));
      const real = await register(form("pemilik@contoh.id", { nama: "Bukan Bos" }));
      expect(await whoAmI(real.sessionCookie!)).toMatchObject({ role: "customer" });
    } finally {
      vi.stubEnv("NYALA_TEST_MODE", "0");
    }
  });

  it("tells every admin about new users", async () => {
    const admins = await handle.db
      .insert(users)
      .values(
        ["admin-satu", "admin-dua"].map((id) => ({
          id,
          nama: id,
          email: `${id}@contoh.test`,
          provider: "password" as const,
          role: "pemilik" as const,
        })),
      )
      .returning();

    const email = uniqueEmail("baru");
    expect((await register(form(email, { nama: "Rina Baru" }))).status).toBe(200);
    for (const recipient of admins) {
      const rows = await handle.db
        .select()
        .from(notifications)
        .where(eq(notifications.user_id, recipient.id));
      expect(rows).toContainEqual(
        expect.objectContaining({
          judul: "Pengguna baru",
          pesan: expect.stringContaining("Rina Baru"),
          sudah_dibaca: false,
        }),
      );
    }
    // Customers get no such notification.
    const [customer] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(
      await handle.db.select().from(notifications).where(eq(notifications.user_id, customer!.id)),
    ).toHaveLength(0);
  });

  it("look-alike spellings of a registered e-mail are the same address (409), or refused (400)", async () => {
    const email = uniqueEmail("kembar");
    const [local, domain] = email.split("@") as [string, string];
    expect((await register(form(email))).status).toBe(200);
    const same = [
      `${local.slice(0, 3)}\u200b${local.slice(3)}@${domain}`,
      `\u202e${email}\ufeff`,
      `${email}.`,
      email.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
    ];
    for (const variant of same) {
      const answer = await register(form(variant, { nama: "Orang Lain" }));
      expect([answer.status, answer.json?.message], JSON.stringify(variant)).toEqual([
        409,
        "Email sudah digunakan, silakan pakai email lain.",
      ]);
    }
    const refused = [
      email.replace("e", "\u0435"),
      `${local}@${domain.replace("o", "\u043e")}`,
      `${local}\u00e9@${domain}`,
    ];
    for (const variant of refused) {
      const answer = await register(form(variant, { nama: "Orang Lain" }));
      expect([answer.status, answer.json?.message], JSON.stringify(variant)).toEqual([
        400,
        "Email memuat huruf yang tidak didukung atau mirip huruf lain. Ketik ulang email kamu dengan huruf a–z, angka, dan tanda . _ - + saja.",
      ]);
    }
    const rows = await handle.db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.email} like ${`%${local.slice(-6)}%`}`);
    expect(rows).toEqual([{ email }]);
  });

  it("stores an internationalised domain in its ASCII form: both spellings are one account", async () => {
    const local = uniqueEmail("idn").split("@")[0]!;
    expect((await register(form(`${local}@tokó.id`))).status).toBe(200);
    const [row] = await handle.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, `${local}@xn--tok-ina.id`));
    expect(row).toBeTruthy();
    expect((await register(form(`${local}@xn--tok-ina.id`))).status).toBe(409);
  });

  it("limits registrations per client address with 429 and says when to try again", async () => {
    const address = "203.0.113.77";
    for (let i = 0; i < 3; i++)
      expect((await register(form(uniqueEmail("batas")), address)).status).toBe(200);
    const blocked = await register(form(uniqueEmail("batas")), address);
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({ message: "Terlalu banyak percobaan. Coba lagi dalam 1 jam." });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3500);
    // Another address is not affected.
    expect((await register(form(uniqueEmail("batas")), "203.0.113.78")).status).toBe(200);
  });

  it("refuses a cross-site form post", async () => {
    const request = post("/daftar", form(uniqueEmail("csrf")), {
      headers: { origin: "https://jahat.example" },
    });
    const answer = await call(registerAction, request);
    expect(answer.status).toBe(403);
  });

  it("without JavaScript a successful registration redirects to /beranda, signed in", async () => {
    const email = uniqueEmail("nojs");
    const answer = await register({ ...form(email), mode: "document" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/beranda");
    expect(await whoAmI(answer.sessionCookie!)).toMatchObject({ email });
  });
});
