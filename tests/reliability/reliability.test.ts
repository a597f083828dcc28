import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../database/client.server.ts";
import { orders } from "../../database/schema.ts";
import {
  isSignedIn,
  logIn,
  logOut,
  markSoldOut,
  PASSWORD,
  recordOrder,
  register,
  showsSoldOut,
  solvedCaptcha,
  startServer,
  type Server,
} from "./servers.ts";

/**
 * Reliability suite against the production build (`npm run build` first) and real servers:
 * a server killed with SIGKILL in the middle of a stream of registrations loses none that it
 * had acknowledged (PGlite and PostgreSQL), and two servers on one PostgreSQL database share
 * sessions, login limits and single-use captchas. Needs TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set: run through scripts/with-postgres.sh");

const databases: string[] = [];
async function freshDatabase(): Promise<string> {
  const name = `nyala_rel_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const email = (label: string) => `${label}-${randomBytes(5).toString("hex")}@contoh.test`;

/**
 * Registers accounts and records orders from `workers` clients in parallel until the server dies;
 * returns the e-mails and order codes the server acknowledged.
 */
async function streamUntilKilled(server: Server, killAfterMs: number, workers = 8) {
  const acknowledged = { emails: [] as string[], codes: [] as string[] };
  let running = true;
  const kill = new Promise<void>((resolve) =>
    setTimeout(() => {
      server.process.kill("SIGKILL");
      running = false;
      resolve();
    }, killAfterMs),
  );
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
    const acknowledged = await streamUntilKilled(first, 2500);
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
    const acknowledged = await streamUntilKilled(first, 2500);
    const second = await startServer({ databaseUrl });
    try {
      await expectAllStillThere(second, acknowledged, { databaseUrl });
    } finally {
      await second.stop();
    }
  }, 180_000);
});

const ADMIN = "admin-dua-server@nyala.test";

describe("two app servers on one PostgreSQL database", () => {
  let a: Server;
  let b: Server;
  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    // A minute-long catalog cache: only the servers telling each other can make a change show.
    const env = { ADMIN_EMAILS: ADMIN, CATALOG_CACHE_MS: "60000" };
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
    expect(await isSignedIn(a, login.cookie!, address)).toBe(true);
    expect(await isSignedIn(b, login.cookie!, address)).toBe(true);
    await logOut(a, login.cookie!);
    expect(await isSignedIn(b, login.cookie!, address)).toBe(false);
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
    expect(await register(a, ADMIN, "Admin Dua Server")).toBe(200);
    const admin = await logIn(a, ADMIN, PASSWORD);
    expect(admin.status).toBe(200);
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
});
