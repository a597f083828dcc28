import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { serverSecrets, users } from "../../../database/schema.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { hashPassword } from "../../../app/features/accounts/password.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, post, solvedAltcha, uniqueEmail } from "./auth-support.ts";

/**
 * SESSION_SECRET (docs/decisions/0016-login-throttling-and-known-devices.md) signs known-device
 * cookies and, without ALTCHA_HMAC_KEY, the captcha. Unset, a secret is generated once and kept
 * in the database, so every app server sharing it (a fresh module instance here: a server's own
 * memory) agrees, and a restart keeps it.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});
afterAll(async () => {
  await handle?.close();
});

/** What a freshly started app server would load (its own settings cache and secret). */
async function freshServer() {
  vi.resetModules();
  const [device, login, captcha] = await Promise.all([
    import("../../../app/features/accounts/known-device.server.ts"),
    import("../../../app/routes/_auth/login.server.ts"),
    import("../../../app/features/accounts/captcha.server.ts"),
  ]);
  return { ...device, ...login, ...captcha };
}

const asBrowser = (cookie: string) =>
  new Request("http://localhost:3000/masuk", { headers: { cookie: cookie.split(";")[0]! } });

describe(`the server's signing secret (${testDatabaseKind()})`, () => {
  it("without SESSION_SECRET: generated once, stored, and the same for every server", async () => {
    vi.stubEnv("SESSION_SECRET", "");
    const a = await freshServer();
    const cookie = await a.rememberDevice(new Request("http://localhost:3000/masuk"), "dewi@contoh.test");
    const rows = await handle.db.select().from(serverSecrets);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toMatch(/^[0-9a-f]{64}$/);

    const b = await freshServer();
    expect(await b.knownDeviceId(asBrowser(cookie), "dewi@contoh.test")).toMatch(/^[\w-]{22}$/);
    expect(await b.knownDeviceId(asBrowser(cookie), "lain@contoh.test")).toBeNull();
    expect(await handle.db.select().from(serverSecrets)).toEqual(rows);
  });

  it("with SESSION_SECRET: it signs instead, so a cookie signed with another secret is unknown", async () => {
    vi.stubEnv("SESSION_SECRET", "");
    const stored = await freshServer();
    const oldCookie = await stored.rememberDevice(new Request("http://localhost:3000/"), "dewi@contoh.test");

    vi.stubEnv("SESSION_SECRET", "s".repeat(40));
    const configured = await freshServer();
    expect(await configured.knownDeviceId(asBrowser(oldCookie), "dewi@contoh.test")).toBeNull();
    const cookie = await configured.rememberDevice(new Request("http://localhost:3000/"), "dewi@contoh.test");
    const other = await freshServer();
    expect(await other.knownDeviceId(asBrowser(cookie), "dewi@contoh.test")).toBeTruthy();
  });

  it("a captcha solved on one server is accepted by another (no ALTCHA_HMAC_KEY needed)", async () => {
    vi.stubEnv("SESSION_SECRET", "");
    vi.stubEnv("ALTCHA_HMAC_KEY", "");
    const email = uniqueEmail("captcha");
    await handle.db.insert(users).values({
      id: newUserId(),
      nama: "Captcha",
      email,
      password_hash: await hashPassword("rahasia1"),
      provider: "password",
    });
    await freshServer();
    const captcha = await solvedAltcha();
    const other = await freshServer();
    const answer = await call(other.loginAction, post("/masuk", { email, password: "rahasia1", captcha }));
    expect(answer.status).toBe(200);
  });

  it("the known-device cookie: HttpOnly, SameSite=Lax, a year, no secret in it", async () => {
    const server = await freshServer();
    const cookie = await server.rememberDevice(new Request("http://localhost:3000/"), "dewi@contoh.test");
    expect(cookie).toMatch(
      /^nyala_perangkat=[\w-]{22}\.[\w-]{22}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=31536000$/,
    );
    expect(cookie).not.toContain("dewi");
    const [row] = await handle.db.select().from(serverSecrets).where(eq(serverSecrets.name, "session"));
    expect(cookie).not.toContain(row!.value);
  });

  it("refuses to start with a SESSION_SECRET shorter than 32 characters", async () => {
    vi.stubEnv("SESSION_SECRET", "pendek");
    vi.resetModules();
    const { getEnv } = await import("../../../app/lib/env.server.ts");
    expect(() => getEnv()).toThrow(/SESSION_SECRET harus paling sedikit 32 karakter/);
  });
});
