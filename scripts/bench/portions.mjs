// Daily portions across two app servers on PostgreSQL (docs/decisions/0044-daily-portions.md):
// 50 checkouts at once of a dish with 10 portions, then /produk req/s quiet and while orders are
// recorded. Reports; asserts nothing. Settings: PORTIONS_CUSTOMERS, PORTIONS_COUNT, BENCH_*.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const customers = Number(process.env.PORTIONS_CUSTOMERS || 50);
const portions = Number(process.env.PORTIONS_COUNT || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const duration = Number(process.env.BENCH_DURATION || 5);
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const ITEM = "es-nyala";
/** PORTION_MESSAGES.runOut("Es Nyala") (app/features/catalog/portions.ts), as the page shows it. */
const REFUSAL = "Maaf, Es Nyala sudah habis untuk hari ini.";

if (!postgresUrl) {
  console.log(
    "Portions: skipped (needs PostgreSQL: bash scripts/with-postgres.sh node scripts/bench/portions.mjs)",
  );
  process.exit(0);
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function startServer(port, dataDir, databaseUrl) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    VAPID_SUBJECT: "mailto:pemilik@mienyala.co.id",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_ORDER_ADDRESS: "10000000",
    RATE_LIMIT_CART_ADDRESS: "10000000",
  };
  const child = spawn("bash", ["scripts/serve.sh"], { env, stdio: ["ignore", "ignore", "inherit"] });
  child.exited = new Promise((resolve) => child.once("exit", resolve));
  return child;
}

async function waitFor(base, server) {
  for (let i = 0; i < 900; i++) {
    if (server.exitCode !== null) throw new Error("the server exited while starting");
    if (
      await fetch(`${base}/produk`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start within 90 s");
}

async function stop(server) {
  if (server.exitCode !== null) return;
  server.kill("SIGTERM");
  await server.exited;
}

const decode = (text) => text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** A guest's cart with one `item`, and the checkout form its page holds (hidden fields kept). */
async function fillCart(base, index, item = ITEM) {
  const added = await fetch(`${base}/keranjang`, {
    method: "POST",
    body: new URLSearchParams({ intent: "tambah", menu: item, kembali: "/keranjang" }),
    redirect: "manual",
  });
  await added.arrayBuffer();
  const cookie = added.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0])
    .join("; ");
  const page = await (await fetch(`${base}/keranjang`, { headers: { cookie } })).text();
  const start = page.indexOf('action="/pesanan"');
  const form = page.slice(start, page.indexOf("</form>", start));
  const fields = new URLSearchParams();
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(tag)?.[1];
    const type = /\stype="([^"]*)"/.exec(tag)?.[1] ?? "text";
    if (!name || (type === "radio" && !/\schecked=""/.test(tag))) continue;
    fields.append(name, decode(/\svalue="([^"]*)"/.exec(tag)?.[1] ?? ""));
  }
  fields.set("nama", `Pelanggan ${index}`);
  fields.set("whatsapp", "0812-3456-7890");
  fields.set("cara", "ambil");
  fields.set("waktu", "secepatnya");
  return { cookie, fields };
}

async function checkOut(base, { cookie, fields }) {
  const answer = await fetch(`${base}/pesanan`, { method: "POST", headers: { cookie }, body: fields });
  const html = await answer.text();
  return { status: answer.status, code: /data-testid="order-code">(NY-[A-Z0-9]+)</.exec(html)?.[1], html };
}

const produkRate = async (base) =>
  (
    await autocannon({
      url: `${base}/produk`,
      connections,
      duration,
      headers: { "accept-encoding": "br, gzip" },
    })
  ).requests.average;

const name = `nyala_portions_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: postgresUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(postgresUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-portions-"));
const servers = [];
const db = new pg.Client({ connectionString: databaseUrl });
try {
  const bases = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const server = startServer(port, dataDir, databaseUrl);
    servers.push(server);
    bases.push(`http://127.0.0.1:${port}`);
    await waitFor(bases[i], server); // one after the other: the first runs the migrations
  }
  await db.connect();
  await db.query("update menu_items set porsi_harian = $1 where id = $2", [portions, ITEM]);
  const carts = await Promise.all(Array.from({ length: customers }, (_, i) => fillCart(bases[i % 2], i)));
  const started = performance.now();
  const answers = await Promise.all(carts.map((cart, i) => checkOut(bases[i % 2], cart)));
  const ms = performance.now() - started;
  const recorded = answers.filter((answer) => answer.status === 201 && answer.code).length;
  const refused = answers.filter((answer) => answer.status === 409 && answer.html.includes(REFUSAL)).length;
  const other = answers.length - recorded - refused;
  const { rows } = await db.query(
    `select (select coalesce(sum(sisa), -1) from daily_portions where menu_item_id = $1) as sisa,
            (select count(*)::int from orders) as orders`,
    [ITEM],
  );
  console.log(
    `Portions: ${customers} checkouts at once of ${ITEM} with ${portions} portions, two servers on PostgreSQL (${ms.toFixed(0)} ms): ${recorded} recorded, ${refused} refused with "${REFUSAL}", ${other} other; orders in the database ${rows[0].orders}; count left ${rows[0].sisa}`,
  );

  // /produk throughput: the count lives in the cached page, re-rendered only when what it shows changes.
  await db.query("update menu_items set porsi_harian = 10000 where id = 'es-teh-jumbo'");
  const quiet = await produkRate(bases[0]);
  let stopOrders = false;
  let placed = 0;
  const orderLoop = (async () => {
    while (!stopOrders) {
      const cart = await fillCart(bases[1], placed, "es-teh-jumbo");
      if ((await checkOut(bases[1], cart)).code) placed++;
    }
  })();
  const busy = await produkRate(bases[0]);
  stopOrders = true;
  await orderLoop;
  console.log(
    `Portions: /produk on one server, ${connections} connections, ${duration} s: ${quiet.toFixed(0)} req/s quiet, ${busy.toFixed(0)} req/s while the other server recorded ${placed} orders taking portions (load average ${os.loadavg()[0].toFixed(2)})`,
  );
} finally {
  await db.end().catch(() => {});
  for (const server of servers) await stop(server);
  await rm(dataDir, { recursive: true, force: true });
  const cleanup = new pg.Client({ connectionString: postgresUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
}
