// Live orders under load (issue #15) for `npm run bench`: memory with LIVE_WATCHERS order pages and
// a board open, status-change latency, /produk throughput (docs/decisions/0020-live-orders.md).
// Reports only. Also LIVE_CHANGES, LIVE_LOAD_S, LIVE_CONNECTIONS.
import autocannon from "autocannon";
import { filledCart, firstLoadJs, percentile, placeOrder, signInAdmin, startShop, watch } from "./shop.mjs";

const watchers = Number(process.env.LIVE_WATCHERS || 1000);
const changes = Math.min(watchers, Number(process.env.LIVE_CHANGES || 200));
const loadSeconds = Number(process.env.LIVE_LOAD_S || 10);
const connections = Number(process.env.LIVE_CONNECTIONS || 50);
const ADMIN = "admin-bench@nyala.test";
const targets = { rssMb: 300, p99Ms: 1000, throughputDrop: 0.2, boardJsKb: 160, storefrontJsKb: 120 };

// The watchers come from one address: the server's budget for event streams is widened to them.
const budget = String(watchers + 10);
const shop = await startShop({
  ADMIN_EMAILS: ADMIN,
  OPEN_STREAMS_PER_ADDRESS: budget,
  OPEN_STREAMS_TOTAL: budget,
});
const { base, memory } = shop;

const kb = (bytes) => (bytes / 1024).toFixed(1);

const produkLoad = async () => {
  const result = await autocannon({ url: `${base}/produk`, connections, duration: loadSeconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
};

const sockets = [];
try {
  const admin = await signInAdmin(base, ADMIN);
  console.log(`Live orders: ${watchers} open order pages on one server (embedded database)\n`);

  const idle = await memory();
  // A first load warms the server up (compilation, caches): the two measured runs compare alike.
  await autocannon({ url: `${base}/produk`, connections, duration: Math.max(3, loadSeconds / 2) });
  const without = await produkLoad();

  const orders = [];
  for (let i = 0; i < watchers; i++) orders.push(await placeOrder(base));
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
  const cart = await firstLoadJs(base, "/keranjang", await filledCart(base));

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
  await shop.stop();
}
