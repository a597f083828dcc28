// Admin figure for `npm run bench`: the users page's queries (count and one page of rows) with
// BENCH_USERS (100,000) users, p50 and p95, on PGlite and, with BENCH_DATABASE_URL, PostgreSQL
// (docs/decisions/0005-admin-access.md). Reports; asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../database/client.server.ts";
import { listUsers } from "../app/features/admin/users.server.ts";

const userCount = Number(process.env.BENCH_USERS || 100_000);
const repeat = Number(process.env.BENCH_REPEAT || 40);
const TARGET_P95_MS = 50;

/** What an admin does on the page: open it, page deep, type a name, an e-mail, two letters. */
const cases = [
  { label: "halaman 1, tanpa pencarian", query: "", page: 1 },
  { label: "halaman 250, tanpa pencarian", query: "", page: 250 },
  { label: 'cari "budi" (nama umum)', query: "budi", page: 1 },
  { label: 'cari "BUDI" halaman 3', query: "BUDI", page: 3 },
  { label: 'cari "pelanggan.77777@" (satu email)', query: "pelanggan.77777@", page: 1 },
  { label: 'cari "zzqx" (tidak ada)', query: "zzqx", page: 1 },
  { label: 'cari "an" (dua huruf)', query: "an", page: 1 },
];

const FIRST_NAMES = [
  "Budi",
  "Siti",
  "Agus",
  "Dewi",
  "Rina",
  "Andi",
  "Wati",
  "Joko",
  "Putri",
  "Hendra",
  "Ayu",
  "Bayu",
];
const LAST_NAMES = [
  "Santoso",
  "Lestari",
  "Wijaya",
  "Pratama",
  "Saputra",
  "Hidayat",
  "Kusuma",
  "Nugroho",
  "Halim",
];

async function fill(handle: DatabaseHandle) {
  const started = performance.now();
  const first = `array[${FIRST_NAMES.map((name) => `'${name}'`).join(",")}]`;
  const last = `array[${LAST_NAMES.map((name) => `'${name}'`).join(",")}]`;
  await handle.db.execute(
    sql.raw(`
      insert into users (id, nama, email, provider, role, created_at)
      select 'bench' || g,
             (${first})[1 + g % ${FIRST_NAMES.length}] || ' ' || (${last})[1 + (g / 7) % ${LAST_NAMES.length}] || ' ' || g,
             'pelanggan.' || g || '@contoh.test',
             case when g % 4 = 0 then 'google' else 'password' end,
             'customer',
             now() - (g || ' minutes')::interval
      from generate_series(1, ${userCount}) as g`),
  );
  await handle.db.execute(sql`analyze users`);
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(handle: DatabaseHandle) {
  const rows = [];
  for (const { label, query, page } of cases) {
    await listUsers(handle.db, { query, page }); // warm-up
    const times: number[] = [];
    let total = 0;
    let capped = false;
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      const result = await listUsers(handle.db, { query, page });
      times.push(performance.now() - started);
      total = result.total;
      capped = result.totalCapped;
    }
    times.sort((a, b) => a - b);
    rows.push({ label, matches: total, capped, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return rows;
}

function print(kind: string, fillMs: number, rows: Awaited<ReturnType<typeof measure>>) {
  console.log(
    `\nAdmin users page, ${userCount.toLocaleString("en")} users on ${kind} (filled in ${(fillMs / 1000).toFixed(1)} s), ${repeat} runs each:`,
  );
  console.log("| case | matches | p50 ms | p95 ms | p95 < 50 ms |");
  console.log("|---|---|---|---|---|");
  for (const row of rows) {
    const matches = row.capped ? `> ${row.matches}` : String(row.matches);
    console.log(
      `| ${row.label} | ${matches} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p95 < TARGET_P95_MS ? "yes" : "NO"} |`,
    );
  }
}

async function run(kind: string, open: () => Promise<DatabaseHandle>) {
  const handle = await open();
  try {
    const fillMs = await fill(handle);
    print(kind, fillMs, await measure(handle));
  } finally {
    await handle.close();
  }
}

await run("PGlite", () => openDatabase({ dataDir: "memory://" }));

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const { default: pg } = await import("pg");
  const name = `nyala_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await run("PostgreSQL", () => openDatabase({ databaseUrl: url.toString() }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
