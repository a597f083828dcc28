import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray, notExists } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../database/client.server.ts";
import { orderItems, orders } from "../../database/schema.ts";
import {
  adminSession,
  deleteUserAsAdmin,
  dropDatabases,
  freshDatabase,
  isSignedIn,
  logIn,
  logOut,
  markSoldOut,
  pageStatus,
  PASSWORD,
  recordOrder,
  register,
  showsSoldOut,
  solvedCaptcha,
  startServer,
  userIdFromAdminList,
  type Server,
} from "./servers.ts";

/**
 * Reliability suite against the production build (`npm run build` first) and real servers:
 * a server killed with SIGKILL in the middle of a stream of registrations loses none that it
 * had acknowledged (PGlite and PostgreSQL), and two servers on one PostgreSQL database share
 * sessions (a logout or an account deletion on one ends the session on the other at once), login
 * limits, single-use captchas and the catalog. Needs TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
afterAll(dropDatabases);

const email = (label: string) => `${label}-${randomBytes(5).toString("hex")}@contoh.test`;

/**
 * Registers accounts and records orders from `workers` clients in parallel, and kills the server
 * with SIGKILL once it has acknowledged `killAfter` of each, in the middle of the stream (a count,
 * not a time: on a loaded machine a fixed delay may pass before anything was acknowledged);
 * returns the e-mails and order codes the server acknowledged.
 */
async function streamUntilKilled(server: Server, killAfter = 10, workers = 8) {
  const acknowledged = { emails: [] as string[], codes: [] as string[] };
  let running = true;
  let killed!: () => void;
  const kill = new Promise<void>((resolve) => (killed = resolve));
  const killWhenEnough = () => {
    if (!running || acknowledged.emails.length < killAfter || acknowledged.codes.length < killAfter) return;
    server.process.kill("SIGKILL");
    running = false;
    killed();
  };
  const worker = async (id: number) => {
    for (let i = 0; running; i++) {
      try {
        if (id % 2 === 0) {
          const address = email(`crash${id}-${i}`);
          if ((await register(server, address)) === 200) acknowledged.emails.push(address);
        } else {
          const code = await recordOrder(server);
          if (code) acknowledged.codes.push(code);
        }
      } catch {
        return; // the connection died with the server
      }
      killWhenEnough();
    }
  };
  await Promise.all([kill, ...Array.from({ length: workers }, (_, id) => worker(id))]);
  await server.stop();
  return acknowledged;
}

async function expectAllStillThere(
  server: Server,
  acknowledged: { emails: string[]; codes: string[] },
  database: { dataDir: string } | { databaseUrl: string },
) {
  expect(acknowledged.emails.length).toBeGreaterThan(5);
  expect(acknowledged.codes.length).toBeGreaterThan(5);
  const missing: string[] = [];
  for (const address of acknowledged.emails) {
    // Registering again answers 409 only when the first registration is in the database.
    if ((await register(server, address)) !== 409) missing.push(address);
  }
  expect(
    missing,
    `accounts acknowledged before the crash, gone after it (of ${acknowledged.emails.length})`,
  ).toEqual([]);
  await server.stop();
  // The orders, read from the database the restarted server used (it is stopped now).
  const handle = await openDatabase(
    "dataDir" in database
      ? { dataDir: path.join(database.dataDir, "pglite") }
      : { databaseUrl: database.databaseUrl },
  );
  try {
    const found = await handle.db
      .select({ code: orders.code })
      .from(orders)
      .where(inArray(orders.code, acknowledged.codes));
    const stored = new Set(found.map((row) => row.code));
    expect(
      acknowledged.codes.filter((code) => !stored.has(code)),
      "orders acknowledged, gone after the crash",
    ).toEqual([]);
    const withoutLines = await handle.db
      .select({ code: orders.code })
      .from(orders)
      .where(notExists(handle.db.select().from(orderItems).where(eq(orderItems.order_id, orders.id))));
    expect(withoutLines, "orders without a single line after the crash").toEqual([]);
  } finally {
    await handle.close();
  }
  console.log(
    `${acknowledged.emails.length} registrations and ${acknowledged.codes.length} orders acknowledged before SIGKILL, all there after the restart`,
  );
}

describe("a server killed with SIGKILL keeps every registration and order it acknowledged", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-crash-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("on the embedded database (PGlite)", async () => {
    const first = await startServer({ dataDir });
    const acknowledged = await streamUntilKilled(first);
    const second = await startServer({ dataDir });
    try {
      await expectAllStillThere(second, acknowledged, { dataDir });
    } finally {
      await second.stop();
    }
  }, 180_000);

  it("on PostgreSQL", async () => {
    const databaseUrl = await freshDatabase();
    const first = await startServer({ databaseUrl });
    const acknowledged = await streamUntilKilled(first);
    const second = await startServer({ databaseUrl });
    try {
      await expectAllStillThere(second, acknowledged, { databaseUrl });
    } finally {
      await second.stop();
    }
  }, 180_000);
});

const ADMIN = "admin-dua-server@nyala.test";
const SECOND_ADMIN = "admin-kedua-dua-server@nyala.test";

describe("two app servers on one PostgreSQL database", () => {
  let a: Server;
  let b: Server;
  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    // A minute-long catalog cache: only the servers telling each other can make a change show.
    const env = { ADMIN_EMAILS: `${ADMIN},${SECOND_ADMIN}`, CATALOG_CACHE_MS: "60000" };
    a = await startServer({ databaseUrl }, env);
    b = await startServer({ databaseUrl }, env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("share accounts and sessions: a login on one is valid on the other, a logout ends it on both", async () => {
    const address = email("dua-server");
    expect(await register(a, address)).toBe(200);
    expect(await register(b, address)).toBe(409);
    const login = await logIn(b, address, PASSWORD);
    expect(login.status).toBe(200);
    expect(await isSignedIn(a, login.cookie!)).toBe(true);
    expect(await isSignedIn(b, login.cookie!)).toBe(true);
    await logOut(a, login.cookie!);
    expect(await isSignedIn(b, login.cookie!)).toBe(false);
  }, 60_000);

  it("share the login limit: failures on both servers add up, then even the right password gets 429", async () => {
    const address = email("batas");
    expect(await register(a, address)).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++) {
      const server = attempt % 2 === 0 ? a : b;
      expect((await logIn(server, address, "salah-sekali")).status).toBe(401);
    }
    expect((await logIn(b, address, PASSWORD)).status).toBe(429);
    expect((await logIn(a, address, PASSWORD)).status).toBe(429);
  }, 90_000);

  it("share the captcha: a solution used on one server is refused on the other", async () => {
    const address = email("captcha");
    expect(await register(a, address)).toBe(200);
    const captcha = await solvedCaptcha(a);
    expect((await logIn(a, address, PASSWORD, captcha)).status).toBe(200);
    expect((await logIn(b, address, PASSWORD, captcha)).status).toBe(400);
  }, 60_000);

  it("share the catalog: an item marked sold out on one server is sold out on the other at its next page load", async () => {
    const admin = { cookie: await adminSession(a, ADMIN) };
    // Both servers have the catalog in memory, as sold-out-free.
    expect(await showsSoldOut(a, "Pangsit Goreng")).toBe(false);
    expect(await showsSoldOut(b, "Pangsit Goreng")).toBe(false);

    expect(await markSoldOut(a, admin.cookie!, "pangsit-goreng")).toBe(200);
    expect(await showsSoldOut(a, "Pangsit Goreng")).toBe(true);
    // The notice travels through PostgreSQL: allow it a moment, far below the cache's minute.
    const deadline = Date.now() + 2000;
    let seen = await showsSoldOut(b, "Pangsit Goreng");
    while (!seen && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await showsSoldOut(b, "Pangsit Goreng");
    }
    expect(seen).toBe(true);
  }, 60_000);

  it("an admin session logged out on one server is refused on the other at once", async () => {
    const cookie = await adminSession(a, ADMIN);
    expect(await pageStatus(b, cookie, "/admin/menu")).toBe(200);
    expect(await logOut(a, cookie)).toBe(200);
    // No wait: the next request to B already finds no session.
    expect(await pageStatus(b, cookie, "/admin/menu")).toBe(401);
    expect(await markSoldOut(b, cookie, "es-nyala")).toBe(401);
    expect(await pageStatus(a, cookie, "/admin/menu")).toBe(401);
    expect(await showsSoldOut(b, "Es Nyala")).toBe(false);
  }, 60_000);

  it("accounts deleted by an admin on one server are signed out on the other at once", async () => {
    const admin = await adminSession(a, ADMIN);
    // A second admin and a customer, both signed in on B.
    const second = await adminSession(b, SECOND_ADMIN);
    const customer = email("dihapus");
    expect(await register(b, customer)).toBe(200);
    const customerLogin = await logIn(b, customer, PASSWORD);
    expect(customerLogin.status).toBe(200);
    expect(await pageStatus(b, second, "/admin/menu")).toBe(200);
    expect(await isSignedIn(b, customerLogin.cookie!)).toBe(true);

    for (const target of [SECOND_ADMIN, customer]) {
      expect(await deleteUserAsAdmin(a, admin, await userIdFromAdminList(a, admin, target))).toBe(200);
    }
    expect(await pageStatus(b, second, "/admin/menu")).toBe(401);
    expect(await markSoldOut(b, second, "es-nyala")).toBe(401);
    expect(await showsSoldOut(b, "Es Nyala")).toBe(false);
    expect(await isSignedIn(b, customerLogin.cookie!)).toBe(false);
    // The admin who deleted them is still signed in, on both servers.
    expect(await pageStatus(b, admin, "/admin/menu")).toBe(200);
  }, 60_000);
});
