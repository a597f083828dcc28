// The 30-day report's timing for `npm run bench` (issue #28): `orderReport` over 100 to 100,000
// generated orders on PGlite and, with BENCH_DATABASE_URL, PostgreSQL; goal ≤ 100 ms at 100,000
// (docs/decisions/0032-report-totals.md). Settings: REPORT_SIZES, REPORT_REPEAT. Reports only.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../database/client.server.ts";
import { seedCatalog } from "../../database/seed.ts";
import { orderReport } from "../../app/features/reports/report.server.ts";

const sizes = (process.env.REPORT_SIZES || "100,10000,100000").split(",").map(Number);
const repeat = Number(process.env.REPORT_REPEAT || 15);
const TIMEZONE = "Asia/Makassar";
const GOAL_MS = 100;

/** Orders `from` to `to` (ids), with their lines and discounts, the way checkout leaves them. */
async function addOrders(handle: DatabaseHandle, from: number, to: number) {
  await handle.db.execute(
    sql.raw(`
    with menu as (select row_number() over (order by id) - 1 as i, id, nama, harga from menu_items),
         size as (select count(*) as c from menu_items),
         line as (
           select g, k, m.id as menu_id, m.nama, m.harga, 1 + (g + k) % 2 as jumlah
           from generate_series(${from}, ${to}) g
           cross join lateral generate_series(0, g % 3) k
           join menu m on m.i = (g * 7 + k * 5) % (select c from size)
         ),
         placed as (
           insert into orders (id, code, status, customer_name, customer_phone, fulfilment, subtotal, total,
                               cleared_unsent, replaced_by, created_at, updated_at)
           select g, 'BN-' || g,
                  case when g % 20 in (0, 1, 2) or (g % 20 = 3 and not recent) then 'batal'
                       when g % 20 = 3 then 'baru' when g % 20 = 4 then 'diterima'
                       when g % 20 = 5 then 'siap' else 'selesai' end,
                  'Pelanggan ' || g, '62812' || lpad(g::text, 8, '0'), 'ambil',
                  sub, sub - case when g % 5 = 0 then 2000 else 0 end,
                  g % 20 = 1 or (g % 20 = 3 and not recent), case when g % 20 = 2 then 'BN-0' end, at, at
           from (select g, sum(harga * jumlah) as sub,
                        now() - make_interval(mins => (g * 7919) % (45 * 24 * 60)) as at,
                        (g * 7919) % (45 * 24 * 60) < 120 as recent
                 from line group by g) o
           returning id, created_at
         ),
         lines as (
           insert into order_items (order_id, menu_item_id, nama, harga, jumlah, subtotal, created_at)
           select l.g, l.menu_id, l.nama, l.harga, l.jumlah, l.harga * l.jumlah, p.created_at
           from line l join placed p on p.id = l.g
           returning 1
         )
    insert into order_discounts (order_id, promo_id, title, amount, created_at)
    select p.id, (select min(id) from promos), 'Promo Bench', 2000, p.created_at
    from placed p where p.id % 5 = 0`),
  );
  await handle.db.execute(
    sql`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`,
  );
  await handle.db.execute(sql`analyze`);
}

async function measure(handle: DatabaseHandle) {
  await orderReport(handle.db, TIMEZONE); // warm-up
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    await orderReport(handle.db, TIMEZONE);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
}

async function run(kind: string, open: () => Promise<DatabaseHandle>) {
  const handle = await open();
  try {
    await seedCatalog(handle.db);
    console.log(
      `\n30-day report on ${kind}, ${repeat} runs each (load average ${os.loadavg()[0]!.toFixed(2)}):`,
    );
    console.log("| orders | written in s | report p50 ms | max ms |");
    console.log("|---|---|---|---|");
    const p50s: number[] = [];
    let written = 0;
    for (const size of sizes) {
      const started = performance.now();
      await addOrders(handle, written + 1, size);
      written = size;
      const seconds = (performance.now() - started) / 1000;
      const { p50, max } = await measure(handle);
      p50s.push(p50);
      console.log(
        `| ${size.toLocaleString("en")} | ${seconds.toFixed(1)} | ${p50.toFixed(1)} | ${max.toFixed(1)} |`,
      );
    }
    const last = p50s.at(-1)!;
    console.log(
      `${sizes.at(-1)!.toLocaleString("en")} orders ÷ ${sizes[0]!.toLocaleString("en")}: ${(last / p50s[0]!).toFixed(1)}x; ` +
        `${last <= GOAL_MS ? "met" : "MISSED"}: ≤ ${GOAL_MS} ms at ${sizes.at(-1)!.toLocaleString("en")} (${last.toFixed(1)} ms)`,
    );
  } finally {
    await handle.close();
  }
}

await run("PGlite", () => openDatabase({ dataDir: "memory://" }));

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const { default: pg } = await import("pg");
  const name = `nyala_report_${randomBytes(4).toString("hex")}`;
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
