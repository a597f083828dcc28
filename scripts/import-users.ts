/**
 * `npm run import:users -- <file.json>`: the original app's Firestore `users` export into the
 * database. Password users keep their bcrypt hash; Google users join at their first Google sign-in
 * (docs/decisions/0004-google-sign-in.md). Known e-mails are skipped. Everyone comes in as a
 * customer: an ADMIN_EMAILS owner proves the address first (0050).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "../database/client.server.ts";
import { users } from "../database/schema.ts";
import { isEmail, isReservedEmail, normalizeEmail } from "../app/features/accounts/email-rules.ts";
import { getEnv } from "../app/lib/env.server.ts";
import { BCRYPT_HASH_PATTERN } from "../app/features/accounts/password.server.ts";
import { newUserId } from "../app/features/accounts/users.server.ts";

export const USAGE = `Pemakaian: npm run import:users -- <berkas.json>

Mengimpor ekspor JSON koleksi "users" Firestore (array dokumen, atau objek dengan id dokumen
sebagai kunci) ke database Nyala: DATABASE_URL bila diisi, selain itu PGlite di DATA_DIR/pglite.
Hash bcrypt di "kata_sandi" disimpan apa adanya, jadi kata sandi lama tetap berlaku. Aman
dijalankan berulang kali: email yang sudah ada dilewati.

Penting: dengan database bawaan (PGlite), hentikan server (npm start) dulu. Satu folder data
tidak boleh dibuka oleh dua proses sekaligus; selama server berjalan, impor ini menolak mulai.`;

export interface RowProblem {
  /** 1-based position in the file. */
  row: number;
  id: string | null;
  reason: string;
}

export interface ImportReport {
  imported: number;
  skipped: RowProblem[];
  rejected: RowProblem[];
}

type Row = typeof users.$inferInsert;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Firestore timestamps as exports write them; null when absent, undefined when unreadable. */
export function parseTimestamp(value: unknown): Date | null | undefined {
  if (value === undefined || value === null || value === "") return null;
  let date: Date | undefined;
  if (typeof value === "number") date = new Date(value);
  else if (typeof value === "string") date = new Date(value);
  else if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (record.__datatype__ === "timestamp" && record.value) return parseTimestamp(record.value);
    const seconds = record._seconds ?? record.seconds;
    const nanos = record._nanoseconds ?? record.nanoseconds ?? 0;
    if (typeof seconds === "number" && typeof nanos === "number")
      date = new Date(seconds * 1000 + nanos / 1e6);
  }
  if (
    !date ||
    Number.isNaN(date.getTime()) ||
    date.getFullYear() < 2000 ||
    date.getTime() > Date.now() + 86_400_000
  ) {
    return undefined;
  }
  return date;
}

/** One document → a users row, or the reason it cannot be imported. */
export function toUserRow(document: unknown, key: string | null): Row | { reason: string } {
  if (!document || typeof document !== "object" || Array.isArray(document))
    return { reason: "bukan dokumen (objek)" };
  const doc = document as Record<string, unknown>;

  const email = normalizeEmail(text(doc.email));
  if (!email || !isEmail(email)) return { reason: "email kosong atau tidak valid" };
  if (isReservedEmail(email)) return { reason: "email khusus staf toko" };
  const nama = text(doc.nama) || text(doc.displayName);
  if (!nama) return { reason: "nama kosong" };
  if (nama.length > 100) return { reason: "nama lebih dari 100 karakter" };

  const id = text(doc.uid) || text(key) || text(doc.id) || newUserId();
  if (id.length > 128 || id.includes("/")) return { reason: "id dokumen tidak valid" };

  const createdAt = parseTimestamp(doc.createdAt);
  if (createdAt === undefined) return { reason: "createdAt bukan tanggal yang valid" };

  const hash = text(doc.kata_sandi);
  const google = text(doc.provider).toLowerCase() === "google";
  if (hash && !BCRYPT_HASH_PATTERN.test(hash)) return { reason: "kata_sandi bukan hash bcrypt" };
  if (!hash && !google) return { reason: "kata_sandi kosong (dan bukan akun Google)" };

  const photo = text(doc.photoURL);
  const phone = text(doc.phoneNumber);
  return {
    id,
    nama,
    email,
    password_hash: hash || null,
    photo_url: /^https?:\/\//i.test(photo) && photo.length <= 2048 ? photo : null,
    phone_number: phone && phone.length <= 32 ? phone : null,
    provider: google ? "google" : "password",
    ...(createdAt ? { created_at: createdAt, updated_at: createdAt } : {}),
  };
}

/** The documents of an export, with their ids when the export is keyed by id. */
export function documentsOf(data: unknown): { key: string | null; document: unknown }[] {
  if (Array.isArray(data)) return data.map((document) => ({ key: null, document }));
  if (data && typeof data === "object") {
    return Object.entries(data as Record<string, unknown>).map(([key, document]) => ({ key, document }));
  }
  throw new Error("Berkas bukan ekspor koleksi users: harus array atau objek JSON.");
}

export async function importUsers(db: Database, data: unknown): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, skipped: [], rejected: [] };
  const entries = documentsOf(data);
  for (const [index, { key, document }] of entries.entries()) {
    const row = index + 1;
    const result = toUserRow(document, key);
    if ("reason" in result) {
      report.rejected.push({ row, id: key, reason: result.reason });
      continue;
    }
    const inserted = await db.insert(users).values(result).onConflictDoNothing().returning({ id: users.id });
    if (inserted.length === 1) {
      report.imported++;
      continue;
    }
    // Nothing inserted: the e-mail is already there (a re-run, or a duplicate in the file), or
    // the id belongs to another account.
    const [byEmail] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, result.email))
      .limit(1);
    if (byEmail) report.skipped.push({ row, id: result.id ?? key, reason: "email sudah ada" });
    else report.rejected.push({ row, id: result.id ?? key, reason: "id sudah dipakai akun lain" });
  }
  return report;
}

export function formatReport(report: ImportReport): string {
  const lines = [
    `Diimpor: ${report.imported}`,
    `Dilewati (sudah ada): ${report.skipped.length}`,
    `Ditolak: ${report.rejected.length}`,
  ];
  for (const problem of report.rejected) {
    lines.push(`  - baris ${problem.row}${problem.id ? ` (id ${problem.id})` : ""}: ${problem.reason}`);
  }
  return lines.join("\n");
}

async function main(args: string[]): Promise<number> {
  const file = args.find((arg) => !arg.startsWith("-"));
  if (!file || args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return file ? 0 : 2;
  }
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    console.error(
      `Berkas ${file} tidak bisa dibaca sebagai JSON: ${error instanceof Error ? error.message : error}`,
    );
    return 1;
  }
  const env = getEnv();
  let handle;
  try {
    handle = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: path.resolve(env.DATA_DIR, "pglite"),
      lockPurpose: "npm run import:users",
      // A data folder that does not exist yet is made as the server makes it: from the build's
      // prepared database, or by a child process (initdb's memory leaves with it).
      prepare: { templateDir: path.resolve(process.env.BUILD_DIR || "build", "embedded-template") },
    });
  } catch (error) {
    // A running server holds the embedded data directory (DataDirLockedError names it).
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
  try {
    const report = await importUsers(handle.db, data);
    console.log(formatReport(report));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
