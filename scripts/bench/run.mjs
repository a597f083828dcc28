// Storefront figures for `npm run bench`: per public route bytes, throughput and latency (also
// signed in with a cart), memory, image sizes. Reports; asserts nothing. Settings:
// BENCH_CONNECTIONS, BENCH_DURATION, BENCH_ROUTES, BENCH_RESTART, BENCH_PORT, BENCH_OUTPUT.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { firstLoad } from "./first-load.mjs";
import { BROWSER_HEADERS } from "./bench-server.mjs";

const allRoutes = ["/", "/beranda", "/produk", "/keranjang", "/tentang", "/kontak"];
const routes = process.env.BENCH_ROUTES ? process.env.BENCH_ROUTES.split(",") : allRoutes;
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const duration = Number(process.env.BENCH_DURATION || 10);
const restart = process.env.BENCH_RESTART !== "0";
const output = process.env.BENCH_OUTPUT || "bench-results/latest.json";
const port = Number(process.env.BENCH_PORT) || (await freePort());
const base = `http://localhost:${port}`;

const targets = {
  berandaJsGzipKb: 120,
  produkRequestsPerSecond: 1000,
  produkP99Ms: 100,
  /** A signed-in customer with a cart gets /produk at this share of an anonymous visitor's throughput. */
  visitorShare: 0.5,
  imageKb: 100,
  rssMb: 256,
};

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const { port: found } = probe.address();
      probe.close(() => resolve(found));
    });
  });
}

/** Starts the server as `npm start` does; scripts/serve.sh execs node, so the child's pid is the server's. */
function startServer(dataDir) {
  const child = spawn("bash", ["scripts/serve.sh"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      VAPID_SUBJECT: "mailto:pemilik@mienyala.co.id",
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return child;
}

async function waitForServer(child) {
  const started = Date.now();
  let gone = false;
  child.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error("the server exited before it answered (see its output above)");
    try {
      const response = await fetch(`${base}/produk`);
      if (response.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 90_000) throw new Error("the server did not answer within 90 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exited;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  const result = await child.exited;
  clearTimeout(timer);
  return result;
}

async function readMemory(pid) {
  const text = await readFile(`/proc/${pid}/status`, "utf8");
  const field = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024);
  return { rssMb: field("VmRSS"), peakMb: field("VmHWM") };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const pageWeight = (route) => firstLoad(base, route);

async function load(route, headers = {}) {
  const result = await autocannon({
    url: `${base}${route}`,
    connections,
    duration,
    headers: { ...BROWSER_HEADERS, ...headers },
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * A customer as a browser makes one: registered, signed in (the login's ALTCHA solved here, as the
 * widget does), two dishes added to the cart. Returns the Cookie header its pages are asked with.
 */
async function signedInCustomerWithCart() {
  const email = `bench-${Date.now()}@contoh.test`;
  const password = "rahasia123";
  const post = (path, values, cookie = "") =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ ...values, mode: "fetch" }),
      headers: { origin: base, ...(cookie ? { cookie } : {}) },
    });
  const registered = await post("/daftar", {
    nama: "Pelanggan Bench",
    email,
    password,
    confirmPassword: password,
  });
  if (registered.status !== 200) throw new Error(`registering the bench customer: ${registered.status}`);
  const challenge = await (await fetch(`${base}/captcha/altcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(
    JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }),
  ).toString("base64");
  const login = await post("/masuk", { email, password, captcha });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (login.status !== 200 || !cookie) throw new Error(`signing the bench customer in: ${login.status}`);
  for (const menu of ["pangsit-goreng", "es-nyala"]) {
    const added = await post("/keranjang", { intent: "tambah", menu }, cookie);
    if (added.status !== 200) throw new Error(`adding ${menu} to the bench customer's cart: ${added.status}`);
  }
  const page = await (await fetch(`${base}/produk`, { headers: { cookie } })).text();
  if (!page.includes('"count":2')) throw new Error("the bench customer's page does not show a cart of 2");
  return cookie;
}

async function images(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await images(full)));
    else if (/\.(webp|png|jpe?g|gif|svg|ico|avif)$/i.test(entry.name))
      out.push({ file: full, bytes: (await stat(full)).size });
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-bench-"));
let server;
try {
  const results = { date: new Date().toISOString(), node: process.version, connections, duration, targets };

  // 1. First start on an empty data directory (the embedded database runs initdb, migrations, seed).
  server = startServer(dataDir);
  const firstStartMs = await waitForServer(server);
  const idle = await readMemory(server.pid);
  console.log(`Server ready in ${firstStartMs} ms on a fresh data directory (initdb, migrations, seed)`);
  console.log(`Memory when ready: RSS ${idle.rssMb} MB, peak ${idle.peakMb} MB\n`);

  const rows = [];
  for (const route of routes) {
    const weight = await pageWeight(route);
    const perf = await load(route);
    rows.push({ route, ...weight, ...perf });
  }
  // The same page for a signed-in customer with a cart: from the page cache too, with the
  // customer's own count spliced in (decision 0019). Measured right after the anonymous run.
  const customerCookie = await signedInCustomerWithCart();
  const anonymousProduk = await load("/produk");
  const customerProduk = await load("/produk", { cookie: customerCookie });
  results.visitors = { anonymous: anonymousProduk, customerWithCart: customerProduk };

  const afterLoad = await readMemory(server.pid);
  results.firstStart = { readyMs: firstStartMs, idle, afterLoad };
  results.routes = rows;

  console.log(`Load: autocannon, ${connections} connections, ${duration} s per route\n`);
  const header =
    "route        HTML KB  HTML gz KB  JS gz KB  CSS gz KB   req/s  p50 ms  p99 ms  errors  non-2xx";
  console.log(header);
  console.log("-".repeat(header.length));
  // JS: every script the page loads, also those it starts after its first paint. CSS: stylesheet
  // files only; the stylesheet is inline in the HTML (decision 0008), so it counts in HTML gz.
  for (const row of rows) {
    console.log(
      [
        row.route.padEnd(11),
        kb(row.htmlBytes).padStart(8),
        kb(row.htmlGzip).padStart(11),
        kb(row.jsGzip).padStart(9),
        kb(row.cssGzip).padStart(10),
        String(row.requestsPerSecond).padStart(7),
        String(row.p50).padStart(7),
        String(row.p99).padStart(7),
        String(row.errors).padStart(7),
        String(row.non2xx).padStart(8),
      ].join(" "),
    );
  }
  const share = customerProduk.requestsPerSecond / Math.max(1, anonymousProduk.requestsPerSecond);
  console.log(
    `\n/produk, anonymous vs a signed-in customer with a cart (one after the other):` +
      `\n  anonymous          ${anonymousProduk.requestsPerSecond} req/s, p50 ${anonymousProduk.p50} ms, p99 ${anonymousProduk.p99} ms, errors ${anonymousProduk.errors}, non-2xx ${anonymousProduk.non2xx}` +
      `\n  customer with cart ${customerProduk.requestsPerSecond} req/s, p50 ${customerProduk.p50} ms, p99 ${customerProduk.p99} ms, errors ${customerProduk.errors}, non-2xx ${customerProduk.non2xx}` +
      `\n  customer / anonymous: ${(share * 100).toFixed(0)} %`,
  );
  console.log(
    `\nServer memory after the load: RSS ${afterLoad.rssMb} MB (VmRSS), peak ${afterLoad.peakMb} MB (VmHWM)`,
  );

  // 2. Restart on the same data directory: the state a running shop is in after its first day.
  if (restart) {
    const stopped = await stopServer(server);
    results.firstStart.exit = stopped;
    if (stopped.code !== 0)
      console.log(`Server stopped on SIGTERM with ${JSON.stringify(stopped)} (expected code 0)`);
    server = startServer(dataDir);
    const readyMs = await waitForServer(server);
    const restartIdle = await readMemory(server.pid);
    const perf = await load("/produk");
    const restartAfter = await readMemory(server.pid);
    results.restart = { readyMs, idle: restartIdle, produk: perf, afterLoad: restartAfter };
    console.log(
      `\nRestart on the same data directory: ready in ${readyMs} ms, RSS ${restartIdle.rssMb} MB;` +
        ` /produk ${perf.requestsPerSecond} req/s, p50 ${perf.p50} ms, p99 ${perf.p99} ms, errors ${perf.errors}, non-2xx ${perf.non2xx};` +
        `\n  memory after that load: RSS ${restartAfter.rssMb} MB, peak ${restartAfter.peakMb} MB`,
    );
  }

  const imageList = await images("public");
  results.images = imageList.map((image) => ({ ...image, over100Kb: image.bytes > targets.imageKb * 1024 }));
  console.log(`\nImages under public/ (${imageList.length}):`);
  for (const image of results.images)
    console.log(
      `  ${kb(image.bytes).padStart(7)} KB  ${image.file}${image.over100Kb ? "   OVER 100 KB" : ""}`,
    );

  console.log("\nTargets:");
  const checks = [];
  const check = (name, ok, text) => {
    checks.push({ name, met: ok, text });
    console.log(`  ${ok ? "met   " : "MISSED"}  ${text}`);
  };
  const beranda = rows.find((row) => row.route === "/beranda");
  const produk = rows.find((row) => row.route === "/produk");
  if (beranda)
    check(
      "berandaJs",
      beranda.jsGzip <= targets.berandaJsGzipKb * 1024,
      `/beranda first-load JS ≤ ${targets.berandaJsGzipKb} KB gzip: ${kb(beranda.jsGzip)} KB`,
    );
  if (produk)
    check(
      "produkThroughput",
      produk.requestsPerSecond >= targets.produkRequestsPerSecond && produk.p99 < targets.produkP99Ms,
      `/produk ≥ ${targets.produkRequestsPerSecond} req/s with p99 < ${targets.produkP99Ms} ms: ${produk.requestsPerSecond} req/s, p99 ${produk.p99} ms`,
    );
  check(
    "visitorThroughput",
    share >= targets.visitorShare,
    `/produk for a signed-in customer with a cart ≥ ${targets.visitorShare * 100} % of anonymous: ${(share * 100).toFixed(0)} % (${customerProduk.requestsPerSecond} vs ${anonymousProduk.requestsPerSecond} req/s)`,
  );
  const heavy = results.images.filter((image) => image.over100Kb);
  check(
    "images",
    heavy.length === 0,
    `no image over ${targets.imageKb} KB: ${heavy.length ? heavy.map((i) => i.file).join(", ") : "none over"}`,
  );
  check(
    "rssFirstStart",
    afterLoad.rssMb < targets.rssMb,
    `server RSS < ${targets.rssMb} MB after the load (first start): ${afterLoad.rssMb} MB`,
  );
  if (results.restart)
    check(
      "rssRestart",
      results.restart.afterLoad.rssMb < targets.rssMb,
      `server RSS < ${targets.rssMb} MB after the load (restarted server): ${results.restart.afterLoad.rssMb} MB`,
    );
  results.checks = checks;

  await mkdir(path.dirname(output), { recursive: true });
  await writeFile(output, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nFigures written to ${output}`);
} finally {
  if (server) {
    const stopped = await stopServer(server);
    if (stopped.code !== 0) console.log(`Server stopped with ${JSON.stringify(stopped)}`);
  }
  await rm(dataDir, { recursive: true, force: true });
}
