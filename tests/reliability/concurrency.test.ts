import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../database/client.server.ts";
import { auditLog, categories, menuItems, users } from "../../database/schema.ts";
import { REGISTER_MESSAGES } from "../../app/features/accounts/auth-rules.ts";
import { editForm, editValues } from "../support/menu-edits.ts";
import {
  adminSession,
  dropDatabases,
  editMenuItem,
  freshDatabase,
  registerAnswer,
  startServer,
  type Answer,
  type Server,
} from "./servers.ts";

/**
 * Reliability (issue #6), over HTTP against the production build: simultaneous registrations of
 * one e-mail and simultaneous edits of one menu item, on one server on the embedded database
 * (PGlite) and on two servers sharing one PostgreSQL database (the requests split between them).
 */
afterAll(dropDatabases);

const email = (label: string) => `${label}-${randomBytes(5).toString("hex")}@contoh.test`;
const ADMIN = "admin-serentak@nyala.test";
const SERVER_ENV = { ADMIN_EMAILS: ADMIN };
type Database = { dataDir: string } | { databaseUrl: string };

function open(database: Database): Promise<DatabaseHandle> {
  return openDatabase(
    "dataDir" in database
      ? { dataDir: path.join(database.dataDir, "pglite") }
      : { databaseUrl: database.databaseUrl },
  );
}

// ---------------------------------------------------------------- one e-mail, 50 registrations

const REGISTRATIONS = 50;

/** 50 POST /daftar with one e-mail, all sent at once, spread over `servers` in turn. */
async function registerAtOnce(servers: Server[]) {
  const address = email("serentak");
  const answers = await Promise.all(
    Array.from({ length: REGISTRATIONS }, (_, i) => registerAnswer(servers[i % servers.length]!, address)),
  );
  return { address, answers };
}

function expectOneAccountCreated(answers: Answer[]) {
  const statuses = answers.map((answer) => answer.status);
  expect(
    statuses.filter((status) => status >= 500),
    "no server error",
  ).toEqual([]);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  const refused = answers.filter((answer) => answer.status !== 200);
  expect(refused.map((answer) => answer.status)).toEqual(Array(REGISTRATIONS - 1).fill(409));
  // Every loser is told the e-mail is taken, in the form's own message.
  expect(refused.filter((answer) => !answer.body.includes(REGISTER_MESSAGES.duplicate))).toEqual([]);
}

async function accountsWith(handle: DatabaseHandle, address: string) {
  return handle.db.select({ id: users.id }).from(users).where(eq(users.email, address));
}

// ---------------------------------------------------------------- simultaneous menu edits

const ITEM = "es-nyala";
const EDITS = 30;
type ItemValues = ReturnType<typeof editValues>;
const FIELDS = Object.keys(editValues(0)) as (keyof ItemValues)[];

/**
 * Edit 0 alone (so the state before the burst is known), then edits 1..EDITS all at once, spread
 * over `servers` in turn, each as a signed-in admin of that server.
 */
async function editAtOnce(servers: Server[], cookies: string[]) {
  expect(await editMenuItem(servers[0]!, cookies[0]!, ITEM, editForm(0))).toBe(200);
  const statuses = await Promise.all(
    Array.from({ length: EDITS }, (_, i) => {
      const k = i % servers.length;
      return editMenuItem(servers[k]!, cookies[k]!, ITEM, editForm(i + 1));
    }),
  );
  expect(statuses, "every edit answered as saved").toEqual(Array(EDITS).fill(200));
}

/**
 * "Last write wins", precisely: the row equals, field for field, the edit that committed last,
 * which is the item's last audit entry (written in the edit's own transaction, after it locked
 * the row). The row equals exactly one submitted edit, never a mix. The audit chain is unbroken:
 * replaying the entries in commit order, each one's "before" values are the previous edit's
 * values, its "after" values are its own edit's, and every field it does not list was unchanged.
 */
async function expectLastCommittedEditWhole(handle: DatabaseHandle) {
  const [row] = await handle.db
    .select({
      nama: menuItems.nama,
      kategori: categories.nama,
      deskripsi: menuItems.deskripsi,
      harga: menuItems.harga,
      tersedia: menuItems.tersedia,
      level_family: menuItems.level_family,
      level: menuItems.level,
    })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.category_id))
    .where(eq(menuItems.id, ITEM));
  expect(row).toBeDefined();

  const entries = await handle.db
    .select({ summary: auditLog.summary, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "menu"), eq(auditLog.entity_id, ITEM)))
    .orderBy(asc(auditLog.id));
  const versionOf = (summary: string) =>
    Number(/^Menu Es Nyala Versi (\d+)( Level 4)?:/.exec(summary)?.[1] ?? NaN);
  const start = entries.findIndex((entry) => versionOf(entry.summary) === 0);
  expect(start, "edit 0 is in the audit log").toBeGreaterThanOrEqual(0);
  const burst = entries.slice(start + 1);
  const versions = burst.map((entry) => versionOf(entry.summary));
  expect(
    [...versions].sort((x, y) => x - y),
    "one audit entry per edit",
  ).toEqual(Array.from({ length: EDITS }, (_, i) => i + 1));

  let state: ItemValues = editValues(0);
  for (const [index, entry] of burst.entries()) {
    const after = editValues(versions[index]!);
    const changes = (entry.details?.changes ?? {}) as Record<string, [unknown, unknown]>;
    expect(Object.keys(changes).filter((field) => !FIELDS.includes(field as keyof ItemValues))).toEqual([]);
    for (const field of FIELDS) {
      const where = `entry ${index + 1} (edit ${versions[index]}), ${field}`;
      if (field in changes) {
        expect(changes[field], where).toEqual([state[field], after[field]]);
      } else {
        expect(after[field], `${where}: unlisted, so unchanged`).toEqual(state[field]);
      }
    }
    state = after;
  }

  const last = versions.at(-1)!;
  expect(row).toEqual(editValues(last));
  const matching = Array.from({ length: EDITS + 1 }, (_, n) => n).filter((n) =>
    FIELDS.every((field) => editValues(n)[field] === row![field]),
  );
  expect(matching, "the row is one whole edit").toEqual([last]);
  console.log(`${EDITS} simultaneous edits: commit order ${versions.join(",")}; the row is edit ${last}`);
}

// ---------------------------------------------------------------- the servers

describe("one server on the embedded database (PGlite)", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-serentak-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("50 simultaneous registrations of one e-mail: one account, 49 answers of 409 with the duplicate message, no 5xx", async () => {
    const server = await startServer({ dataDir }, SERVER_ENV);
    let burst: Awaited<ReturnType<typeof registerAtOnce>>;
    try {
      burst = await registerAtOnce([server]);
    } finally {
      await server.stop();
    }
    expectOneAccountCreated(burst.answers);
    const handle = await open({ dataDir });
    try {
      expect(await accountsWith(handle, burst.address)).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });

  it("simultaneous edits of one menu item through /admin/menu: the row is the last committed edit, whole", async () => {
    const server = await startServer({ dataDir }, SERVER_ENV);
    try {
      await editAtOnce([server], [await adminSession(server, ADMIN)]);
    } finally {
      await server.stop();
    }
    const handle = await open({ dataDir });
    try {
      await expectLastCommittedEditWhole(handle);
    } finally {
      await handle.close();
    }
  });
});

describe("two servers on one PostgreSQL database", () => {
  let a: Server;
  let b: Server;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    [a, b] = await Promise.all([
      startServer({ databaseUrl }, SERVER_ENV),
      startServer({ databaseUrl }, SERVER_ENV),
    ]);
    handle = await open({ databaseUrl });
  });
  afterAll(async () => {
    await handle?.close();
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("50 simultaneous registrations of one e-mail, split over both: one account, 49 answers of 409, no 5xx", async () => {
    const { address, answers } = await registerAtOnce([a, b]);
    expectOneAccountCreated(answers);
    expect(await accountsWith(handle, address)).toHaveLength(1);
  });

  it("simultaneous edits of one menu item through /admin/menu on both: the row is the last committed edit, whole", async () => {
    const cookie = await adminSession(a, ADMIN);
    // One admin session, used on both servers, as a browser behind a load balancer would.
    await editAtOnce([a, b], [cookie, cookie]);
    await expectLastCommittedEditWhole(handle);
  });
});
