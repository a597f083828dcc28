import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { rateLimits, users } from "../../../database/schema.ts";
import { loginAction } from "../../../app/routes/_auth/login.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { hashPassword } from "../../../app/features/accounts/password.server.ts";
import { hit, hitOwnThenShared, peek } from "../../../app/lib/rate-limit.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, cookiesSet, post, solvedAltcha, uniqueEmail, type Answer } from "./auth-support.ts";

/**
 * Failed-login limits (docs/decisions/0016-login-throttling-and-known-devices.md), small here:
 * 3 per account from one address or one known device, 6 per account from all unknown devices,
 * 5 per address over all accounts; 15-minute windows.
 */
const PER_ADDRESS_OR_DEVICE = 3;
const ACCOUNT_TOTAL = 6;
const ADDRESS_TOTAL = 5;

let handle: DatabaseHandle;
let passwordHash: string;
beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_LOGIN_ACCOUNT", String(PER_ADDRESS_OR_DEVICE));
  vi.stubEnv("RATE_LIMIT_LOGIN_ACCOUNT_TOTAL", String(ACCOUNT_TOTAL));
  vi.stubEnv("RATE_LIMIT_LOGIN_ADDRESS", String(ADDRESS_TOTAL));
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

/** A login from `address`; `device` is the known-device cookie (`name=value`) the browser holds. */
async function login(email: string, password: string, address: string, device?: string, captcha?: string) {
  return call(
    loginAction,
    post(
      "/masuk",
      { email, password, captcha: captcha ?? (await solvedAltcha()) },
      { address, cookies: device ? [device] : [] },
    ),
  );
}

/** The known-device cookie an answer sets. */
const deviceCookie = (answer: Answer) =>
  cookiesSet(answer.headers).find((c) => c.startsWith("nyala_perangkat="));

/** The owner signs in once from their phone: that browser is now a known device of the account. */
async function ownerWithDevice(label: string) {
  const email = uniqueEmail(label);
  await createUser(email);
  const first = await login(email, "rahasia1", "192.0.2.200");
  expect(first.status).toBe(200);
  return { email, device: deviceCookie(first)! };
}

let attackers = 0;
/** A new attacker address each time (TEST-NET-2). */
const attacker = () => `198.51.100.${++attackers}`;

const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

describe(`brute-force limits (${testDatabaseKind()})`, () => {
  it("one address guessing at an account is stopped (429, even for the right password); other addresses are not", async () => {
    const email = uniqueEmail("target");
    await createUser(email);
    const from = attacker();
    for (let i = 1; i <= PER_ADDRESS_OR_DEVICE; i++)
      expect((await login(email, `salah-${i}`, from)).status).toBe(401);
    const blocked = await login(email, "rahasia1", from);
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({
      status: "error",
      message: "Terlalu banyak percobaan. Coba lagi dalam 15 menit.",
    });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(blocked.sessionCookie).toBeNull();
    // The owner, on a device the account does not know yet, from their own address: not affected.
    expect((await login(email, "rahasia1", "192.0.2.77")).status).toBe(200);
  });

  it("guesses spread over many addresses: bounded per account; the owner's known device still signs in, the attacker stays throttled", async () => {
    const { email, device } = await ownerWithDevice("pemilik");
    for (let i = 0; i < ACCOUNT_TOTAL; i++)
      expect((await login(email, `salah-${i}`, attacker())).status).toBe(401);
    // Every unknown device now waits, whatever its address, even with the right password.
    expect((await login(email, "salah-lagi", attacker())).status).toBe(429);
    expect((await login(email, "rahasia1", "192.0.2.201")).status).toBe(429);
    // The owner's phone is judged on its own record: in, with a new session.
    const owner = await login(email, "rahasia1", "192.0.2.200", device);
    expect(owner.status).toBe(200);
    expect(owner.sessionCookie).toBeTruthy();
    // Even from an address the attacker shares (a carrier's NAT).
    const from = attacker();
    expect((await login(email, "salah", from)).status).toBe(429);
    expect((await login(email, "rahasia1", from, device)).status).toBe(200);
    // The owner's logins gave the attacker nothing back.
    expect((await login(email, "salah-lagi", attacker())).status).toBe(429);
  });

  it("a known device has its own limit: after its failures it waits; the account's other devices do not", async () => {
    const { email, device } = await ownerWithDevice("lupa-sandi");
    for (let i = 0; i < PER_ADDRESS_OR_DEVICE; i++)
      expect((await login(email, `salah-${i}`, "192.0.2.200", device)).status).toBe(401);
    expect((await login(email, "rahasia1", "192.0.2.200", device)).status).toBe(429);
    expect((await login(email, "rahasia1", "192.0.2.202")).status).toBe(200);
  });

  it("a forged, tampered or another account's device cookie is an unknown device, never an error", async () => {
    const { email } = await ownerWithDevice("korban");
    const other = await ownerWithDevice("penyerang");
    for (let i = 0; i < ACCOUNT_TOTAL; i++) await login(email, `salah-${i}`, attacker());
    const [id = "", tag = ""] = other.device.slice("nyala_perangkat=".length).split(".");
    const flipped = `${tag.slice(0, -2)}${tag.endsWith("AA") ? "BB" : "AA"}`;
    const forgeries = [
      other.device,
      `nyala_perangkat=${id}.${flipped}`,
      `nyala_perangkat=${id}`,
      `nyala_perangkat=${"A".repeat(22)}.${"A".repeat(22)}`,
      `nyala_perangkat=${"x".repeat(5000)}`,
      "nyala_perangkat=..",
    ];
    for (const forged of forgeries) {
      expect((await login(email, "rahasia1", attacker(), forged)).status, forged.slice(0, 60)).toBe(429);
    }
  });

  it("blocks a client address that fails on many accounts, but not an account's known device there", async () => {
    const { email, device } = await ownerWithDevice("warnet");
    const address = "203.0.113.50";
    for (let i = 0; i < ADDRESS_TOTAL; i++)
      expect((await login(uniqueEmail("coba"), "salah", address)).status).toBe(401);
    expect((await login(email, "rahasia1", address)).status).toBe(429);
    expect((await login(email, "rahasia1", address, device)).status).toBe(200);
    expect((await login(email, "rahasia1", "203.0.113.51")).status).toBe(200);
  });

  it("a successful login forgets the typos made from its address, not anyone else's failures", async () => {
    const email = uniqueEmail("ingat");
    await createUser(email);
    const mine = "192.0.2.1";
    expect((await login(email, "salah", attacker())).status).toBe(401);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < PER_ADDRESS_OR_DEVICE - 1; i++)
        expect((await login(email, "salah", mine)).status).toBe(401);
      expect((await login(email, "rahasia1", mine)).status).toBe(200);
    }
    // The owner's 6 typos are forgotten everywhere; the attacker's one failure stands.
    for (let i = 0; i < ACCOUNT_TOTAL - 1; i++)
      expect((await login(email, "salah", attacker())).status).toBe(401);
    expect((await login(email, "rahasia1", attacker())).status).toBe(429);
  });

  it("lets no more guesses through than each limit when they arrive at once", async () => {
    const burst = (count: number, send: (captcha: string, i: number) => Promise<Answer>) =>
      Promise.all(Array.from({ length: count }, () => solvedAltcha())).then((captchas) =>
        Promise.all(captchas.map(send)),
      );
    const email = uniqueEmail("serbu");
    await createUser(email);
    const from = attacker();
    const oneAddress = await burst(10, (captcha, i) => login(email, `salah-${i}`, from, undefined, captcha));
    expect(statuses(oneAddress)).toEqual([...Array(3).fill(401), ...Array(7).fill(429)]);
    // Those past this address's limit never reached the account's total (0049): the owner, on a
    // device the account does not know, from elsewhere, still signs in.
    expect((await login(email, "rahasia1", "192.0.2.90")).status).toBe(200);

    const spread = uniqueEmail("sebar");
    await createUser(spread);
    const manyAddresses = await burst(10, (captcha, i) =>
      login(spread, `salah-${i}`, attacker(), undefined, captcha),
    );
    expect(statuses(manyAddresses)).toEqual([...Array(6).fill(401), ...Array(4).fill(429)]);

    const { email: owner, device } = await ownerWithDevice("perangkat");
    const fromDevice = await burst(10, (captcha, i) =>
      login(owner, `salah-${i}`, attacker(), device, captcha),
    );
    expect(statuses(fromDevice)).toEqual([...Array(3).fill(401), ...Array(7).fill(429)]);

    const address = "198.18.1.1";
    const manyAccounts = await burst(10, (captcha) =>
      login(uniqueEmail("acak"), "salah", address, undefined, captcha),
    );
    expect(statuses(manyAccounts)).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
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
    for (let i = 0; i < ACCOUNT_TOTAL; i++) await login(email, "salah", attacker());
    expect((await login(email, "rahasia1", attacker())).status).toBe(429);
    await handle.db
      .update(rateLimits)
      .set({ reset_at: new Date(Date.now() - 1000) })
      .where(like(rateLimits.key, `login:%${email}`));
    expect((await login(email, "rahasia1", attacker())).status).toBe(200);
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

  it("a shared counter counts only hits within their own counters' limits, also all at once", async () => {
    const shared = { key: `uji:toko:${uniqueEmail("bersama")}`, limit: 100, windowMs: 60_000 };
    const own = (n: number) => ({ key: `uji:alamat:${n}:${shared.key}`, limit: 5, windowMs: 60_000 });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => hitOwnThenShared(handle.db, [own(i % 3)], [shared])),
    );
    // Each of the three clients added its own 5 to the shared counter, not its 20.
    expect(results.filter((result) => result.shared[0] !== null)).toHaveLength(15);
    expect(results.filter((result) => result.own[0]!.blocked)).toHaveLength(45);
    expect(await peek(handle.db, shared)).toMatchObject({ count: 15, blocked: false });
  });
});
