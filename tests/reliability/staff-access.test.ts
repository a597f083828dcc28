import { afterAll, describe, expect, it } from "vitest";
import {
  adminSession,
  dropDatabases,
  freshDatabase,
  logIn,
  PASSWORD,
  register,
  startServer,
  userIdFromAdminList,
  type Server,
} from "./servers.ts";

/**
 * Ending a person's access across app servers (docs/decisions/0056-staff-roles.md): the owner
 * demotes a cashier on server A while the cashier's board is open on server B; B closes that
 * board's event stream within 2 s, the cashier's session is gone on both servers, and the owner's
 * own board on B stays open.
 */
afterAll(dropDatabases);

const OWNER = "pemilik-dua-server@nyala.test";

/** The board's live connection, read until the server ends it; `ended` resolves with when. */
async function openBoard(server: Server, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/admin/pesanan/langsung`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let greeted = () => {};
  const hello = new Promise<void>((resolve) => (greeted = resolve));
  const ended = (async () => {
    let text = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return Date.now();
        text += new TextDecoder().decode(value);
        if (text.includes("event: halo")) greeted();
      }
    } catch {
      return Date.now();
    }
  })();
  return { hello, ended, close: () => controller.abort() };
}

async function setRole(server: Server, cookie: string, userId: string, peran: string) {
  const response = await fetch(`${server.url}/admin/users`, {
    method: "POST",
    body: new URLSearchParams({ intent: "peran", userId, peran }),
    headers: { cookie, origin: server.url },
  });
  return { status: response.status, body: await response.text() };
}

describe("a role change on two app servers", () => {
  it("closes the demoted cashier's open board on the other server within 2 s", async () => {
    const databaseUrl = await freshDatabase();
    const a = await startServer({ databaseUrl }, { ADMIN_EMAILS: OWNER });
    const b = await startServer({ databaseUrl }, { ADMIN_EMAILS: OWNER });
    try {
      const owner = await adminSession(a, OWNER);
      const email = "kasir-dua-server@contoh.co.id";
      expect(await register(a, email, "Kasir Rina")).toBe(200);
      const kasirId = await userIdFromAdminList(a, owner, email);
      expect((await setRole(a, owner, kasirId, "kasir")).status).toBe(200);
      const kasir = (await logIn(b, email, PASSWORD)).cookie!;
      const ownerOnB = (await logIn(b, OWNER, PASSWORD)).cookie!;

      const cashierBoard = await openBoard(b, kasir);
      const ownerBoard = await openBoard(b, ownerOnB);
      await Promise.all([cashierBoard.hello, ownerBoard.hello]);

      const demoted = Date.now();
      expect((await setRole(a, owner, kasirId, "customer")).status).toBe(200);
      const closedAt = await Promise.race([
        cashierBoard.ended,
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5_000)),
      ]);
      const took = closedAt - demoted;
      console.log(`Demotion on server A → the cashier's board on server B closed after ${took} ms`);
      expect(closedAt).not.toBe(-1);
      expect(took).toBeLessThanOrEqual(2_000);

      // The owner's board on B did not close, and the cashier's session is gone on both servers.
      expect(
        await Promise.race([
          ownerBoard.ended,
          new Promise((resolve) => setTimeout(() => resolve("open"), 500)),
        ]),
      ).toBe("open");
      for (const server of [a, b]) {
        const page = await fetch(`${server.url}/admin/pesanan`, {
          headers: { cookie: kasir },
          redirect: "manual",
        });
        expect(page.status).toBe(401);
        const stream = await fetch(`${server.url}/admin/pesanan/langsung`, {
          headers: { cookie: kasir, accept: "text/event-stream" },
        });
        expect(stream.status).toBe(401);
        await stream.body?.cancel();
      }
      ownerBoard.close();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
