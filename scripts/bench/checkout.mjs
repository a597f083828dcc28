// Checkout throughput for `npm run bench` (issue #28): guest checkouts without JavaScript on PGlite
// and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL; orders checked after. Reports
// only. Settings: CHECKOUT_CUSTOMERS, _DURATION_S, _PREPARED, _DATABASES, _CPU_PROF.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../database/client.server.ts";
import { orders } from "../../database/schema.ts";

const customerCounts = (process.env.CHECKOUT_CUSTOMERS || "10,50").split(",").map(Number);
const seconds = Number(process.env.CHECKOUT_DURATION_S || 15);
const prepared = Number(process.env.CHECKOUT_PREPARED || 400);
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const kinds = (process.env.CHECKOUT_DATABASES || "pglite,postgres")
  .split(",")
  .filter((kind) => kind === "pglite" || (kind === "postgres" && postgresUrl));
const cpuProfileDir = process.env.CHECKOUT_CPU_PROF;
const targets = { pglite: 60, postgres: 80, p99Ms: 1000 };
/** What the customers add: drinks, a side and noodles (the seeded promos price some carts). */
const ITEMS = ["es-nyala", "es-teh-jumbo", "pangsit-goreng", "mie-nyala-level-1", "mie-nyala-level-3"];

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

const decode = (text) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

const attribute = (tag, name) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]) : null;
};

/**
 * What a browser without JavaScript posts when the cart page's checkout button is pressed: the
 * form's inputs (checked radios only), the selected option of each select, the customer's details
 * typed in. The checkout button itself has no name.
 */
function checkoutForm(page, customer) {
  const start = page.indexOf('action="/pesanan"');
  if (start === -1) throw new Error("the cart page has no checkout form");
  const form = page.slice(start, page.indexOf("</form>", start));
  const fields = new URLSearchParams();
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(tag, "name");
    const type = attribute(tag, "type") ?? "text";
    if (!name || (type === "radio" && !/\schecked=""/.test(tag))) continue;
    fields.append(name, attribute(tag, "value") ?? "");
  }
  for (const [, name, options] of form.matchAll(/<select\b[^>]*name="([^"]+)"[^>]*>(.*?)<\/select>/gs)) {
    const selected =
      /<option value="([^"]*)" selected=""/.exec(options) ?? /<option value="([^"]*)"/.exec(options);
    if (selected) fields.append(name, decode(selected[1]));
  }
  fields.set("nama", customer);
  fields.set("whatsapp", "0812-3456-7890");
  return fields;
}

const cookiesOf = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** A new guest's cart as a browser without JavaScript fills it: a "Tambah", then the cart page. */
async function fillCart(base, index) {
  const added = await fetch(`${base}/keranjang`, {
    method: "POST",
    body: new URLSearchParams({ intent: "tambah", menu: ITEMS[index % ITEMS.length], kembali: "/keranjang" }),
    redirect: "manual",
  });
  await added.arrayBuffer();
  if (added.status !== 303) return { step: "tambah", status: added.status };
  const cookie = cookiesOf(added);
  const cart = await fetch(new URL(added.headers.get("location"), base), { headers: { cookie } });
  const page = await cart.text();
  if (cart.status !== 200) return { step: "keranjang", status: cart.status };
  return { cookie, fields: checkoutForm(page, `Pelanggan ${index}`) };
}

/** The cart page's checkout form posted (timed): the order's code and the total the page showed. */
async function checkOut(base, { cookie, fields }) {
  const started = performance.now();
  const response = await fetch(`${base}/pesanan`, { method: "POST", headers: { cookie }, body: fields });
  const html = await response.text();
  const ms = performance.now() - started;
  const code = /data-testid="order-code">(NY-[A-Z0-9]+)</.exec(html)?.[1];
  return { step: "pesanan", status: response.status, ms, code, total: Number(fields.get("total")) };
}

const attempt = (work) => work().catch((error) => ({ step: "network", error: error.message }));

/** The server process's CPU time so far (ms): user and system, from /proc (Linux). */
async function cpuMs(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Runs `next()` in `customers` loops while it returns work; the results with the time and CPU it took. */
async function measure(pid, customers, next) {
  const cpuBefore = await cpuMs(pid);
  const started = performance.now();
  const results = [];
  await Promise.all(
    Array.from({ length: customers }, async () => {
      for (let work = next(); work; work = next()) results.push(await attempt(work));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const placed = results.filter((result) => result.status === 201 && result.code);
  const failed = results.filter((result) => !(result.status === 201 && result.code));
  const posts = results.filter((result) => result.ms !== undefined).map((result) => result.ms);
  const cpuPerOrder = ((await cpuMs(pid)) - cpuBefore) / Math.max(1, placed.length);
  return { elapsed, placed, failed, posts, cpuPerOrder };
}

let customerIndex = 0;

/** Whole visits for `duration` seconds: each customer fills a new cart and checks it out, again and again. */
function visits(base, pid, customers, duration) {
  const deadline = performance.now() + duration * 1000;
  return measure(pid, customers, () => {
    if (performance.now() >= deadline) return null;
    const index = customerIndex++;
    return async () => {
      const cart = await fillCart(base, index);
      return cart.cookie ? checkOut(base, cart) : cart;
    };
  });
}

/** Checkouts alone: `count` carts filled and their pages drawn first (not measured), then posted. */
async function checkouts(base, pid, customers, count) {
  const carts = [];
  let filled = 0;
  await measure(pid, customers, () =>
    filled++ < count
      ? async () => {
          carts.push(await fillCart(base, customerIndex++));
          return {};
        }
      : null,
  );
  const ready = carts.filter((cart) => cart.cookie);
  return measure(pid, customers, () => {
    const cart = ready.pop();
    return cart ? () => checkOut(base, cart) : null;
  });
}

function startServer(kind, port, dataDir, databaseUrl) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    VAPID_SUBJECT: "mailto:pemilik@mienyala.co.id",
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMIT_ORDER_ADDRESS: "10000000",
    RATE_LIMIT_CART_ADDRESS: "10000000",
  };
  delete env.DATABASE_URL;
  if (kind === "postgres") env.DATABASE_URL = databaseUrl;
  if (cpuProfileDir)
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --cpu-prof --cpu-prof-dir=${cpuProfileDir}`;
  const child = spawn("bash", ["scripts/serve.sh"], { env, stdio: ["ignore", "ignore", "inherit"] });
  child.exited = new Promise((resolve) => child.once("exit", resolve));
  return child;
}

async function waitFor(base, server) {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error("the server exited while starting");
    try {
      if ((await fetch(`${base}/produk`)).ok) return;
    } catch {
      // not listening yet
    }
    if (i > 900) throw new Error("the server did not start within 90 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(server) {
  if (server.exitCode !== null) return;
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
  await server.exited;
  clearTimeout(timer);
}

/** Every acknowledged order as the database holds it: missing, cancelled, or at another total. */
async function verify(databaseOptions, placed) {
  const handle = await openDatabase({ ...databaseOptions, migrate: false });
  try {
    const rows = await handle.db
      .select({ code: orders.code, total: orders.total, status: orders.status })
      .from(orders);
    const byCode = new Map(rows.map((row) => [row.code, row]));
    const missing = placed.filter((entry) => !byCode.has(entry.code));
    const cancelled = placed.filter((entry) => byCode.get(entry.code)?.status === "batal");
    const wrongTotal = placed.filter(
      (entry) => byCode.has(entry.code) && byCode.get(entry.code).total !== entry.total,
    );
    return { rows: rows.length, missing, cancelled, wrongTotal };
  } finally {
    await handle.close();
  }
}

async function createPostgresDatabase() {
  const name = `nyala_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgresDatabase(url) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}

const describeFailures = (failed) => {
  const counts = new Map();
  for (const entry of failed) {
    const key = entry.error ? `${entry.step}: ${entry.error}` : `${entry.step} ${entry.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n}× ${key}`).join(", ") || "none";
};

console.log(
  `Checkout: ${customerCounts.join(" and ")} customers at once, ${seconds} s each (load average ${load()})\n`,
);
for (const kind of kinds) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-checkout-"));
  const databaseUrl = kind === "postgres" ? await createPostgresDatabase() : null;
  const server = startServer(kind, port, dataDir, databaseUrl);
  const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
  const placed = [];
  const rows = [];
  try {
    await waitFor(base, server);
    // A first round warms the server up (compilation, caches); its orders are checked too.
    placed.push(...(await visits(base, server.pid, customerCounts[0], 3)).placed);
    for (const customers of customerCounts) {
      for (const [mode, result] of [
        ["whole visits (Tambah, cart page, checkout)", await visits(base, server.pid, customers, seconds)],
        [
          `checkouts alone (${prepared} carts and pages ready)`,
          await checkouts(base, server.pid, customers, prepared),
        ],
      ]) {
        placed.push(...result.placed);
        const rate = result.placed.length / result.elapsed;
        const p50 = percentile(result.posts, 50);
        const p99 = percentile(result.posts, 99);
        rows.push({ customers, mode, rate, p99 });
        console.log(
          `${label}, ${customers} customers, ${mode}: ${rate.toFixed(1)} orders/s (${result.placed.length} in ${result.elapsed.toFixed(1)} s); POST /pesanan p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; server CPU ${result.cpuPerOrder.toFixed(1)} ms per order; failures: ${describeFailures(result.failed)} (load average ${load()})`,
        );
      }
    }
  } finally {
    await stop(server);
  }
  const checked = await verify(
    kind === "pglite" ? { dataDir: path.join(dataDir, "pglite") } : { databaseUrl },
    placed,
  );
  console.log(
    `${label}: ${placed.length} acknowledged orders checked against ${checked.rows} rows: ${checked.missing.length} missing, ${checked.cancelled.length} cancelled, ${checked.wrongTotal.length} at another total than the cart page showed`,
  );
  for (const row of rows) {
    const goal = targets[kind];
    const met = row.rate >= goal && row.p99 < targets.p99Ms;
    console.log(
      `  ${met ? "met   " : "MISSED"}  ${row.customers} customers, ${row.mode.split(" (")[0]}: ≥ ${goal} orders/s and p99 < ${targets.p99Ms} ms: ${row.rate.toFixed(1)} orders/s, ${row.p99.toFixed(0)} ms`,
    );
  }
  console.log("");
  await rm(dataDir, { recursive: true, force: true });
  if (databaseUrl) await dropPostgresDatabase(databaseUrl);
}
