import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { sessions, users } from "../../../database/schema.ts";
import { loginAction } from "../../../app/routes/_auth/login.server.ts";
import { action as logoutAction } from "../../../app/routes/resources/logout.tsx";
import { getOptionalUser } from "../../../app/features/accounts/auth.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { hashPassword } from "../../../app/features/accounts/password.server.ts";
import { SESSION_DAYS } from "../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, post, solvedAltcha, uniqueEmail } from "./auth-support.ts";

const DAY = 24 * 60 * 60 * 1000;
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  await handle?.close();
});

/** A user signed in through the real login action; returns the session token. */
async function signIn() {
  const email = uniqueEmail("sesi");
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: "Sesi", email, password_hash: await hashPassword("rahasia1"), provider: "password" });
  const answer = await call(
    loginAction,
    post(
      "/masuk",
      { email, password: "rahasia1", captcha: await solvedAltcha() },
      { address: "192.0.2.200" },
    ),
  );
  expect(answer.status).toBe(200);
  return { id, email, token: answer.sessionCookie! };
}

/** Who the server thinks is asking, as every loader sees it. */
const whoAmI = (token: string) =>
  call(({ context }) => ({ user: getOptionalUser(context) }), get("/beranda", { session: token }));

const sessionId = (token: string) => token.split(".")[0]!;

describe(`server sessions (${testDatabaseKind()})`, () => {
  it("recognises the session cookie and never exposes the password hash", async () => {
    const { id, email, token } = await signIn();
    const answer = await whoAmI(token);
    expect(answer.json?.user).toMatchObject({ id, email, role: "customer" });
    expect(answer.body).not.toMatch(/password_hash|\$2[aby]\$/);
    // A fresh session is not renewed on every request.
    expect(answer.sessionCookie).toBeNull();
  });

  it("rejects a forged secret for a real session id and clears the cookie", async () => {
    const { token } = await signIn();
    const forged = `${sessionId(token)}.${"A".repeat(32)}`;
    const answer = await whoAmI(forged);
    expect(answer.json?.user).toBeNull();
    expect(answer.sessionCookie).toBe("");
  });

  it("expires: a session past its expiry signs nobody in", async () => {
    const { token } = await signIn();
    await handle.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionId(token)));
    const answer = await whoAmI(token);
    expect(answer.json?.user).toBeNull();
    expect(answer.sessionCookie).toBe("");
  });

  it("slides: a session used in its second half is extended and the cookie sent again", async () => {
    const { token } = await signIn();
    const soon = new Date(Date.now() + 3 * DAY);
    await handle.db
      .update(sessions)
      .set({ expires_at: soon })
      .where(eq(sessions.id, sessionId(token)));
    const answer = await whoAmI(token);
    expect(answer.json?.user).not.toBeNull();
    expect(answer.sessionCookie).toBe(token);
    const [row] = await handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId(token)));
    expect(row!.expires_at.getTime()).toBeGreaterThan(Date.now() + (SESSION_DAYS - 1) * DAY);
    const cookie = answer.headers.getSetCookie().find((value) => value.startsWith("nyala_session="));
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(SESSION_DAYS * 24 * 3600 - 120);
  });

  it("logout (POST /keluar) deletes the session row and clears the cookie", async () => {
    const { id, token } = await signIn();
    const answer = await call(
      logoutAction as never,
      post("/keluar", { redirectTo: "/" }, { session: token }),
    );
    expect(answer.json).toEqual({ status: "success" });
    expect(answer.sessionCookie).toBe("");
    expect(await handle.db.select().from(sessions).where(eq(sessions.user_id, id))).toHaveLength(0);
    expect((await whoAmI(token)).json?.user).toBeNull();
  });

  it("fixation: logging in again from a browser that holds a session replaces it; the old token is dead", async () => {
    const { email, token: before } = await signIn();
    const again = await call(
      loginAction,
      post(
        "/masuk",
        { email, password: "rahasia1", captcha: await solvedAltcha() },
        { address: "192.0.2.201", session: before },
      ),
    );
    expect(again.status).toBe(200);
    const after = again.sessionCookie!;
    expect(sessionId(after)).not.toBe(sessionId(before));
    expect((await whoAmI(before)).json?.user).toBeNull();
    expect((await whoAmI(after)).json).toMatchObject({ user: { email } });
  });

  it("deleting a user ends all of its sessions", async () => {
    const { id, token } = await signIn();
    await handle.db.delete(users).where(eq(users.id, id));
    expect((await whoAmI(token)).json?.user).toBeNull();
  });
});
