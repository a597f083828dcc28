import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { sessions, users } from "../../../database/schema.ts";
import { loginAction } from "../../../app/routes/_auth/login.server.ts";
import { action as logoutAction } from "../../../app/routes/resources/logout.tsx";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { hashPassword } from "../../../app/features/accounts/password.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, post, solvedAltcha, uniqueEmail } from "./auth-support.ts";

/**
 * Issue #20: a `redirectTo` holding a character past U+00FF made the login without JavaScript
 * answer 500 ("Cannot convert argument to a ByteString") after it had stored a session whose
 * cookie never left. Every value must give a redirect on this site, and a session row only
 * together with its cookie.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  await handle?.close();
});

const HOSTILE_REDIRECTS = [
  "/ᅟ//evil",
  "/。evil.test",
  "/\u2028x",
  "//evil",
  "/\\evil",
  "/%2F%2Fevil",
  "/%5C%5Cevil",
  "/%E3%80%82evil.test",
  "%2F%2Fevil",
  "/.//evil",
  "/\t/evil",
  "https://evil.example/",
  `/${"ᅟ".repeat(3000)}`,
  `/${"a".repeat(100_000)}`,
];

/** A path on this site that a `Location` header can carry. */
const SAME_SITE = /^\/(?![/\\])[\x21-\x7e]*$/;

async function createUser() {
  const email = uniqueEmail("arah");
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: "Arah", email, password_hash: await hashPassword("rahasia1"), provider: "password" });
  return { id, email };
}

const sessionRows = async (userId: string) =>
  (await handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.user_id, userId))).length;

describe(`login redirect targets (${testDatabaseKind()})`, () => {
  for (const mode of ["document", "fetch"] as const) {
    it(`${mode === "document" ? "without JavaScript (302)" : "from the page's script (JSON)"}: every target stays on the site, never a 5xx, a session only with its cookie`, async () => {
      const { id, email } = await createUser();
      let cookies = 0;
      for (const redirectTo of HOSTILE_REDIRECTS) {
        const label = JSON.stringify(redirectTo.slice(0, 40));
        const answer = await call(
          loginAction,
          post(
            "/masuk",
            { email, password: "rahasia1", captcha: await solvedAltcha(), redirectTo, mode },
            { address: "198.51.100.77" },
          ),
        );
        if (answer.sessionCookie) cookies++;
        expect(await sessionRows(id), `${label}: sessions stored vs cookies sent`).toBe(cookies);
        expect(answer.status, `${label}: ${answer.body.slice(0, 200)}`).toBe(mode === "document" ? 302 : 200);
        const target =
          mode === "document" ? answer.headers.get("location") : (answer.json?.redirectTo as string);
        expect(target, label).toMatch(SAME_SITE);
        expect(target!.length, label).toBeLessThanOrEqual(2048);
        expect(new URL(target!, "https://nyala.example/masuk").origin, label).toBe("https://nyala.example");
        expect(answer.sessionCookie, label).toBeTruthy();
      }
    });
  }

  it("keeps an ordinary target, encoded where a header needs it", async () => {
    const { email } = await createUser();
    const login = (redirectTo: string) =>
      solvedAltcha().then((captcha) =>
        call(
          loginAction,
          post("/masuk", { email, password: "rahasia1", captcha, redirectTo, mode: "document" }),
        ),
      );
    expect((await login("/keranjang")).headers.get("location")).toBe("/keranjang");
    expect((await login("/admin/profil")).headers.get("location")).toBe("/admin/profil");
    expect((await login("/。evil.test")).headers.get("location")).toBe("/%E3%80%82evil.test");
    expect((await login("//evil")).headers.get("location")).toBe("/beranda");
  });

  it("logout without JavaScript: every target stays on the site, never a 5xx", async () => {
    for (const redirectTo of HOSTILE_REDIRECTS) {
      const answer = await call(logoutAction as never, post("/keluar", { redirectTo, mode: "document" }));
      const label = JSON.stringify(redirectTo.slice(0, 40));
      expect(answer.status, label).toBe(302);
      expect(answer.headers.get("location"), label).toMatch(SAME_SITE);
      expect(answer.headers.get("location")!.length, label).toBeLessThanOrEqual(2048);
    }
  });
});
