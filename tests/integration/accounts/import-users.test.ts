import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { users } from "../../../database/schema.ts";
import { signInWithGoogle } from "../../../app/features/accounts/google-accounts.server.ts";
import { authenticate } from "../../../app/features/accounts/users.server.ts";
import { formatReport, importUsers, parseTimestamp } from "../../../scripts/import-users.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";

const run = promisify(execFile);
const fixture = path.resolve("tests/fixtures/firestore-users.json");

let handle: DatabaseHandle;
let exportData: unknown;
beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", "sari@contoh.com");
  handle = await createTestDatabase();
  exportData = JSON.parse(await readFile(fixture, "utf8"));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

const rejectedReasons = [
  { row: 5, id: "tanpaEmail0000000001", reason: "email kosong atau tidak valid" },
  { row: 6, id: "emailRusak0000000002", reason: "email kosong atau tidak valid" },
  { row: 7, id: "sandiPolos0000000003", reason: "kata_sandi bukan hash bcrypt" },
  { row: 8, id: "tanggalAneh000000004", reason: "createdAt bukan tanggal yang valid" },
  { row: 10, id: "bukanObjek0000000006", reason: "bukan dokumen (objek)" },
  { row: 11, id: "tanpaNama00000000007", reason: "nama kosong" },
];

describe(`importing the Firestore users export (${testDatabaseKind()})`, () => {
  it("imports good rows, skips duplicates and reports each bad row with its reason", async () => {
    const report = await importUsers(handle.db, exportData);
    expect(report.imported).toBe(5);
    expect(report.skipped).toEqual([{ row: 9, id: "dobelEmail0000000005", reason: "email sudah ada" }]);
    expect(report.rejected).toEqual(rejectedReasons);
    expect(formatReport(report)).toContain("Diimpor: 5\nDilewati (sudah ada): 1\nDitolak: 6");
  });

  it("keeps the bcrypt hashes, so old passwords keep working ($2a$ and $2b$)", async () => {
    expect(await authenticate(handle.db, "Andi.Pratama@contoh.com", "sandiLama1")).toMatchObject({
      id: "aB3dE5fG7hJ9kL1mN2pQ",
      nama: "Andi Pratama",
      email: "andi.pratama@contoh.com",
    });
    // An imported password proves no e-mail: an ADMIN_EMAILS owner proves it after (decision 0050).
    expect(await authenticate(handle.db, "sari@contoh.com", "kopiPedas9")).toMatchObject({
      role: "customer",
    });
    expect(await authenticate(handle.db, "sari@contoh.com", "salah")).toBeNull();
  });

  it("maps Google documents (uid, photoURL, phoneNumber, createdAt) and links them on Google sign-in", async () => {
    const [rudi] = await handle.db.select().from(users).where(eq(users.email, "rudi.google@gmail.test"));
    expect(rudi).toMatchObject({
      id: "Gk2PqLr9Vt1uWx7Yz3Ab0Cd4Ef5",
      nama: "Rudi Google",
      provider: "google",
      password_hash: null,
      google_sub: null,
      photo_url: "https://lh3.googleusercontent.test/a/rudi.jpg",
      phone_number: "+6281234500001",
    });
    expect(rudi?.created_at.toISOString()).toBe("2024-06-10T06:13:20.250Z");
    const [maya] = await handle.db.select().from(users).where(eq(users.email, "maya@gmail.test"));
    expect(maya?.created_at.toISOString()).toBe("2024-03-15T08:30:00.000Z");
    const [tampil] = await handle.db.select().from(users).where(eq(users.email, "tampilan@gmail.test"));
    expect(tampil).toMatchObject({ id: "namaTampil0000000008", nama: "Nama Tampilan", provider: "google" });

    const signIn = await signInWithGoogle(handle.db, {
      sub: "google-sub-rudi",
      email: "rudi.google@gmail.test",
      emailVerified: true,
    });
    expect(signIn).toMatchObject({ ok: true, created: false, user: { id: "Gk2PqLr9Vt1uWx7Yz3Ab0Cd4Ef5" } });
  });

  it("is idempotent: a second run imports nothing and changes nothing", async () => {
    const before = await handle.db.select().from(users).orderBy(users.id);
    const report = await importUsers(handle.db, exportData);
    expect(report.imported).toBe(0);
    expect(report.skipped).toHaveLength(6);
    expect(report.rejected).toEqual(rejectedReasons);
    expect(await handle.db.select().from(users).orderBy(users.id)).toEqual(before);
  });

  it("accepts an array export too, and rejects an id that belongs to another account", async () => {
    const report = await importUsers(handle.db, [
      {
        nama: "Dari Array",
        email: "array@contoh.com",
        kata_sandi: "$2b$10$6FVQ/.7lh97tFNdvkU9x8uA2l1nDnNKEySoQ6bPR6p6iV9B81bziK",
      },
      { uid: "aB3dE5fG7hJ9kL1mN2pQ", nama: "Pencuri Id", email: "lain@contoh.com", provider: "google" },
    ]);
    expect(report.imported).toBe(1);
    expect(report.rejected).toEqual([
      { row: 2, id: "aB3dE5fG7hJ9kL1mN2pQ", reason: "id sudah dipakai akun lain" },
    ]);
  });

  it("reads the timestamp shapes Firestore exports use", () => {
    const expected = "2024-06-10T06:13:20.000Z";
    expect(parseTimestamp({ _seconds: 1718000000, _nanoseconds: 0 })?.toISOString()).toBe(expected);
    expect(parseTimestamp({ seconds: 1718000000, nanoseconds: 0 })?.toISOString()).toBe(expected);
    expect(
      parseTimestamp({ __datatype__: "timestamp", value: { _seconds: 1718000000 } })?.toISOString(),
    ).toBe(expected);
    expect(parseTimestamp(1718000000000)?.toISOString()).toBe(expected);
    expect(parseTimestamp(expected)?.toISOString()).toBe(expected);
    expect(parseTimestamp(undefined)).toBeNull();
    expect(parseTimestamp("besok")).toBeUndefined();
    expect(parseTimestamp({ detik: 5 })).toBeUndefined();
  });
});

describe("the command line: npm run import:users -- <file.json>", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-import-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // The embedded database, as a restaurant owner would run it (the server stopped).
  const cli = (...args: string[]) =>
    run(process.execPath, ["scripts/import-users.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" },
    });

  it("prints the counts and each rejected row; a second run imports nothing", async () => {
    const first = await cli(fixture);
    expect(first.stdout).toContain("Diimpor: 5\nDilewati (sudah ada): 1\nDitolak: 6");
    expect(first.stdout).toContain("baris 7 (id sandiPolos0000000003): kata_sandi bukan hash bcrypt");
    const second = await cli(fixture);
    expect(second.stdout).toContain("Diimpor: 0\nDilewati (sudah ada): 6\nDitolak: 6");
  }, 90_000); // two processes, each opening the database (the first creating it)

  it("explains itself, including that the server must be stopped, and fails on a bad file", async () => {
    const usage = await cli().catch((error: { code: number; stdout: string }) => error);
    expect("code" in usage && usage.code).toBe(2);
    expect(usage.stdout).toContain("npm run import:users -- <berkas.json>");
    expect(usage.stdout).toContain("hentikan server (npm start) dulu");

    const broken = path.join(dataDir, "rusak.json");
    await writeFile(broken, "{ bukan json");
    const failed = await cli(broken).catch((error: { code: number; stderr: string }) => error);
    expect("code" in failed && failed.code).toBe(1);
    expect(failed.stderr).toContain("tidak bisa dibaca sebagai JSON");
  });
});
