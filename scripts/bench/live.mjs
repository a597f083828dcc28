// Live orders under load (issue #15), for `npm run bench`: one production server on the embedded
// database with LIVE_WATCHERS open order pages (server-sent events, one connection each, as a
// customer's browser keeps it) and one staff board. Reports the server's memory with them, how
// long a status change takes to reach its watcher (p50/p99 over LIVE_CHANGES changes, from the
// admin's request to the event's arrival), /produk's throughput without and with the watchers,
// and the first-load JavaScript of the board, an order page and the storefront's cart.
// It reports; it asserts nothing (missed targets still exit 0).
// Settings: LIVE_WATCHERS (1000), LIVE_CHANGES (200), LIVE_LOAD_S (10), LIVE_CONNECTIONS (50).
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { firstLoadJs, signInAdmin } from "./bench-client.mjs";

const watchers = Number(process.env.LIVE_WATCHERS || 1000);
const changes = Math.min(watchers, Number(process.env.LIVE_CHANGES || 200));
const loadSeconds = Number(process.env.LIVE_LOAD_S || 10);
const connections = Number(process.env.LIVE_CONNECTIONS || 50);
const ADMIN = "admin-bench@nyala.test";
const PASSWORD = "rahasia123";
const targets = { rssMb: 300, p99Ms: 1000, throughputDrop: 0.2, boardJsKb: 160, storefrontJsKb: 120 };

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-live-"));
const server = spawn("bash", ["scripts/serve.sh"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAILS: ADMIN,
    RATE_LIMIT_ORDER_ADDRESS: "1000000",
    RATE_LIMIT_CART_ADDRESS: "1000000",
    RATE_LIMIT_REGISTER_ADDRESS: "1000000",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const exited = new Promise((resolve) => server.once("exit", resolve));

async function memory() {
  const text = await readFile(`/proc/${server.pid}/status`, "utf8");
  const field = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024);
  return { rssMb: field("VmRSS"), peakMb: field("VmHWM") };
}

const cookiesOf = (response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);

/** A guest's cart with one dish, as "Tambah" without JavaScript fills it: its cookie. */
async function filledCart() {
  const added = await fetch(`${base}/keranjang`, {
    method: "POST",
    body: new URLSearchParams({ intent: "tambah", menu: "es-nyala" }),
    redirect: "manual",
  });
  await added.arrayBuffer();
  return cookiesOf(added).find((cookie) => /nyala_keranjang=./.test(cookie));
}

/** A guest's order, checked out as the cart page's form does without JavaScript (the /pesanan page). */
async function placeOrder() {
  const response = await fetch(`${base}/pesanan`, {
    method: "POST",
    headers: { cookie: await filledCart() },
    body: new URLSearchParams({
      nama: "Pelanggan Bench",
      whatsapp: "0812-3456-7890",
      cara: "ambil",
      waktu: "secepatnya",
    }),
  });
  const page = await response.text();
  return {
    code: /data-testid="order-code">(NY-[A-Z0-9]+)</.exec(page)?.[1],
    cookie: cookiesOf(response).find((cookie) => /nyala_lihat=./.test(cookie)),
  };
}

/** One open page's event stream (a plain socket, as light as a browser's); calls `onStatus(status)` per event. */
function watch(url, cookie, onStatus) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { cookie, accept: "text/event-stream" }, agent: false },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`${url}: ${response.statusCode}`));
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf("\n\n")) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const status = /"status":"([a-z]+)"/.exec(block)?.[1];
            if (status && block.includes("event: status")) onStatus(status);
          }
        });
        resolve(request);
      },
    );
    request.on("error", reject);
  });
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

const produkLoad = async () => {
  const result = await autocannon({ url: `${base}/produk`, connections, duration: loadSeconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const sockets = [];
try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error("the server exited while starting");
    try {
      if ((await fetch(`${base}/produk`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 900) throw new Error("the server did not start within 90 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const admin = await signInAdmin(base, ADMIN, PASSWORD);
  console.log(`Live orders: ${watchers} open order pages on one server (embedded database)\n`);

  const idle = await memory();
  // A first load warms the server up (compilation, caches): the two measured runs compare alike.
  await autocannon({ url: `${base}/produk`, connections, duration: Math.max(3, loadSeconds / 2) });
  const without = await produkLoad();

  const orders = [];
  for (let i = 0; i < watchers; i++) orders.push(await placeOrder());
  const withOrders = await memory();
  const arrivals = new Map();
  for (const order of orders) {
    sockets.push(
      await watch(`${base}/pesanan/${order.code}/langsung`, order.cookie, (status) => {
        if (status === "diterima") arrivals.get(order.code)?.(performance.now());
      }),
    );
  }
  sockets.push(await watch(`${base}/admin/pesanan/langsung`, admin, () => undefined));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const connected = await memory();

  const latencies = [];
  for (const order of orders.slice(0, changes)) {
    const arrived = new Promise((resolve) => arrivals.set(order.code, resolve));
    const started = performance.now();
    // As the board's button posts it (a fetcher: the data URL).
    const response = await fetch(`${base}/admin/pesanan.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "status", code: order.code, status: "diterima" }),
      headers: { cookie: admin, origin: base },
    });
    await response.arrayBuffer();
    const at = await Promise.race([
      arrived,
      new Promise((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]);
    latencies.push(at === null ? Infinity : at - started);
  }
  const withWatchers = await produkLoad();
  const after = await memory();

  const board = await firstLoadJs(base, "/admin/pesanan", admin);
  const orderPage = await firstLoadJs(base, `/pesanan/${orders[0].code}`, orders[0].cookie);
  // The cart page with a line: its lines' code and the checkout's details form load with it.
  const cart = await firstLoadJs(base, "/keranjang", await filledCart());

  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const drop = 1 - withWatchers.requestsPerSecond / without.requestsPerSecond;
  console.log(
    `Memory (RSS): idle ${idle.rssMb} MB; after /produk's load and ${watchers} orders ${withOrders.rssMb} MB; with ${watchers} watchers ${connected.rssMb} MB; after the status changes and /produk's load again ${after.rssMb} MB (peak ${after.peakMb} MB)`,
  );
  console.log(
    `Status change to its watcher (${latencies.length} changes): p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, lost ${latencies.filter((value) => value === Infinity).length}`,
  );
  console.log(
    `/produk, ${connections} connections, ${loadSeconds} s: ${without.requestsPerSecond} req/s without watchers (p99 ${without.p99} ms, errors ${without.errors}); ${withWatchers.requestsPerSecond} req/s with them (p99 ${withWatchers.p99} ms, errors ${withWatchers.errors})`,
  );
  console.log(
    `First-load JS (gzip): board /admin/pesanan ${kb(board)} KB, order page ${kb(orderPage)} KB, /keranjang ${kb(cart)} KB`,
  );
  console.log("\nTargets:");
  const check = (ok, text) => console.log(`  ${ok ? "met   " : "MISSED"}  ${text}`);
  check(
    after.rssMb <= targets.rssMb,
    `RSS ≤ ${targets.rssMb} MB with ${watchers} watchers: ${Math.max(connected.rssMb, after.rssMb)} MB`,
  );
  check(
    p99 <= targets.p99Ms,
    `a status change reaches its watcher within ${targets.p99Ms} ms p99: ${p99.toFixed(0)} ms`,
  );
  check(
    drop <= targets.throughputDrop,
    `/produk throughput within ${targets.throughputDrop * 100} % of the figure without watchers: ${(drop * 100).toFixed(1)} % lower`,
  );
  check(
    board <= targets.boardJsKb * 1024,
    `board first-load JS ≤ ${targets.boardJsKb} KB gzip: ${kb(board)} KB`,
  );
  check(
    orderPage <= targets.storefrontJsKb * 1024,
    `order page first-load JS ≤ ${targets.storefrontJsKb} KB gzip: ${kb(orderPage)} KB`,
  );
  check(
    cart <= targets.storefrontJsKb * 1024,
    `/keranjang first-load JS ≤ ${targets.storefrontJsKb} KB gzip: ${kb(cart)} KB`,
  );
} finally {
  for (const socket of sockets) socket.destroy();
  if (server.exitCode === null) server.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  await rm(dataDir, { recursive: true, force: true });
}
