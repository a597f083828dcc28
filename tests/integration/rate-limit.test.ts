import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../database/client.server.ts";
import { rateLimits, users } from "../../database/schema.ts";
import { loginAction } from "../../app/routes/_auth/login.server.ts";
import { useDatabaseHandle } from "../../app/lib/db.server.ts";
import { hashPassword } from "../../app/features/accounts/password.server.ts";
import { hit, peek } from "../../app/lib/rate-limit.server.ts";
import { newUserId } from "../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../support/test-database.ts";
import { call, post, solvedAltcha, uniqueEmail } from "./auth-support.ts";

let handle: DatabaseHandle;
let passwordHash: string;
beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_LOGIN_ACCOUNT", "3");
  vi.stubEnv("RATE_LIMIT_LOGIN_ADDRESS", "5");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  passwordHash = await hashPassword("rahasia1");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

async function createUser(email: string) {
  await handle.db
    .insert(users)
    .values({ id: newUserId(), nama: "Pelanggan", email, password_hash: passwordHash, provider: "password" });
}

async function login(email: string, password: string, address: string) {
  return call(loginAction, post("/masuk", { email, password, captcha: await solvedAltcha() }, { address }));
}

describe(`brute-force limits (${testDatabaseKind()})`, () => {
  it("blocks an account after its failed logins with 429, even for the right password, from any address", async () => {
    const email = uniqueEmail("target");
    await createUser(email);
    for (let i = 1; i <= 3; i++) {
      expect((await login(email, `salah-${i}`, `198.51.100.${i}`)).status).toBe(401);
    }
    const blocked = await login(email, "rahasia1", "198.51.100.99");
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({
      status: "error",
      message: "Terlalu banyak percobaan. Coba lagi dalam 15 menit.",
    });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(blocked.sessionCookie).toBeNull();
    // Other accounts are not affected.
    const other = uniqueEmail("lain");
    await createUser(other);
    expect((await login(other, "rahasia1", "198.51.100.98")).status).toBe(200);
  });

  it("blocks a client address that fails on many accounts", async () => {
    const address = "203.0.113.50";
    for (let i = 0; i < 5; i++) expect((await login(uniqueEmail("coba"), "salah", address)).status).toBe(401);
    const email = uniqueEmail("korban");
    await createUser(email);
    expect((await login(email, "rahasia1", address)).status).toBe(429);
    expect((await login(email, "rahasia1", "203.0.113.51")).status).toBe(200);
  });

  it("a successful login clears the account's failures", async () => {
    const email = uniqueEmail("lupa");
    await createUser(email);
    expect((await login(email, "salah1", "192.0.2.1")).status).toBe(401);
    expect((await login(email, "salah2", "192.0.2.2")).status).toBe(401);
    expect((await login(email, "rahasia1", "192.0.2.3")).status).toBe(200);
    expect((await login(email, "salah3", "192.0.2.4")).status).toBe(401);
    expect((await login(email, "salah4", "192.0.2.5")).status).toBe(401);
    expect((await login(email, "rahasia1", "192.0.2.6")).status).toBe(200);
  });

  it("lets no more guesses through than the limit when they arrive at once (per account and per address)", async () => {
    const email = uniqueEmail("serbu");
    await createUser(email);
    const captchas = await Promise.all(Array.from({ length: 10 }, () => solvedAltcha()));
    const atAccount = await Promise.all(
      captchas.map((captcha, i) =>
        call(
          loginAction,
          post("/masuk", { email, password: `salah-${i}`, captcha }, { address: `198.18.0.${i + 1}` }),
        ),
      ),
    );
    const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();
    expect(statuses(atAccount)).toEqual([...Array(3).fill(401), ...Array(7).fill(429)]);

    const address = "198.18.1.1";
    const more = await Promise.all(Array.from({ length: 10 }, () => solvedAltcha()));
    const fromAddress = await Promise.all(
      more.map((captcha, i) =>
        call(
          loginAction,
          post("/masuk", { email: uniqueEmail(`acak-${i}`), password: "salah", captcha }, { address }),
        ),
      ),
    );
    expect(statuses(fromAddress)).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it("a successful login gives its attempt back to the address", async () => {
    const address = "198.18.2.1";
    const email = uniqueEmail("rajin");
    await createUser(email);
    // Successful logins from one address (limit: 5 failures) never add up to a block.
    for (let i = 0; i < 8; i++) expect((await login(email, "rahasia1", address)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(uniqueEmail("typo"), "salah", address)).status).toBe(401);
    expect((await login(email, "rahasia1", address)).status).toBe(429);
  });

  it("opens again when the window has passed", async () => {
    const email = uniqueEmail("sabar");
    await createUser(email);
    for (let i = 0; i < 3; i++) await login(email, "salah", `192.0.2.${20 + i}`);
    expect((await login(email, "rahasia1", "192.0.2.30")).status).toBe(429);
    await handle.db
      .update(rateLimits)
      .set({ reset_at: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `login:account:${email}`));
    expect((await login(email, "rahasia1", "192.0.2.31")).status).toBe(200);
  });

  it("counts every hit exactly once under concurrency (one atomic upsert)", async () => {
    const rule = { key: `uji:${uniqueEmail("serentak")}`, limit: 40, windowMs: 60_000 };
    const states = await Promise.all(Array.from({ length: 60 }, () => hit(handle.db, rule)));
    expect(states.map((state) => state.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    expect(states.filter((state) => state.blocked)).toHaveLength(20);
    expect(await peek(handle.db, rule)).toMatchObject({ count: 60, blocked: true });
    const [{ n } = { n: 0 }] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimits)
      .where(eq(rateLimits.key, rule.key));
    expect(n).toBe(1);
  });
});
