// Abuse (issue #26) for `npm run bench`: trickling bodies and stream floods (floods.ts) against the
// connection budget (docs/decisions/0030-connection-budget-and-outages.md). Reports only. Settings:
// ABUSE_WATCHERS, ABUSE_LOAD_S, ABUSE_CONNECTIONS.
import autocannon from "autocannon";
import { loopbackAddresses, slowBodies, streamFlood } from "./floods.ts";
import { percentile, placeOrder, signInAdmin, startShop, watch } from "./shop.mjs";

const watchers = Number(process.env.ABUSE_WATCHERS || 1000);
const loadSeconds = Number(process.env.ABUSE_LOAD_S || 10);
const connections = Number(process.env.ABUSE_CONNECTIONS || 50);
const ADMIN = "admin-abuse@nyala.test";
const targets = { rssMb: 256, p99Ratio: 2 };

const shop = await startShop({ ADMIN_EMAILS: ADMIN });
const { base, port, memory } = shop;
const produk = async () => {
  const result = await autocannon({ url: `${base}/produk`, connections, duration: loadSeconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
};
const describe = (statuses) =>
  Object.entries(statuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(", ");

const open = [];
const results = [];
try {
  const admin = await signInAdmin(base, ADMIN);
  // What one open stream costs: 2,000 opened on the idle server (before any load), then closed.
  const sample = await placeOrder(base);
  const before = await memory();
  const streamsAlone = streamFlood(
    port,
    2000,
    loopbackAddresses(100, 150),
    `/pesanan/${sample.code}/langsung`,
    sample.cookie,
  );
  await streamsAlone.opened;
  await streamsAlone.answered(2000, 20_000);
  const withStreams = await memory();
  streamsAlone.stop();
  const perStreamKb = ((withStreams.rssMb - before.rssMb) * 1024) / (streamsAlone.statuses["200"] ?? 1);

  await produk(); // warm-up: compilation and caches, so that the measured runs compare alike
  const quiet = await produk();

  console.log(
    `Abuse: one server (embedded database), default budget, ${watchers} order pages watched from ${Math.ceil(watchers / 10)} addresses\n`,
  );
  console.log(`/produk without an attack: ${quiet.requestsPerSecond} req/s, p99 ${quiet.p99} ms`);
  console.log(
    `2,000 streams on the idle server: RSS ${before.rssMb} → ${withStreams.rssMb} MB, about ${perStreamKb.toFixed(1)} KB each`,
  );

  const orders = [];
  for (let i = 0; i < watchers; i++) orders.push(await placeOrder(base));
  const arrivals = new Map();
  const legitimate = loopbackAddresses(Math.ceil(watchers / 10), 100);
  for (const [index, order] of orders.entries()) {
    open.push(
      await watch(
        `${base}/pesanan/${order.code}/langsung`,
        order.cookie,
        (status) => {
          if (status === "diterima") arrivals.get(order.code)?.(performance.now());
        },
        legitimate[Math.floor(index / 10)],
      ),
    );
  }
  console.log(`with the watchers open: RSS ${(await memory()).rssMb} MB\n`);

  const target = await placeOrder(base);
  const streams = `/pesanan/${target.code}/langsung`;
  const attacks = [
    ["3,000 slow bodies, 1 address", () => slowBodies(port, 3000, ["127.0.0.2"]), 3000],
    ["3,000 slow bodies, 50 addresses", () => slowBodies(port, 3000, loopbackAddresses(50)), 3000],
    ["5,000 streams, 1 address", () => streamFlood(port, 5000, ["127.0.0.3"], streams, target.cookie), 5000],
    [
      "5,000 streams, 50 addresses",
      () => streamFlood(port, 5000, loopbackAddresses(50, 50), streams, target.cookie),
      5000,
    ],
  ];
  for (const [label, start, count] of attacks) {
    const load = produk();
    const flood = start();
    await flood.opened;
    const during = await load;
    // The trickling bodies that got in are answered 408 some seconds later.
    await flood.answered(count, 15_000);
    const { rssMb } = await memory();
    results.push({ label, during, rssMb });
    console.log(
      `${label}: ${describe(flood.statuses)}; RSS ${rssMb} MB; /produk ${during.requestsPerSecond} req/s, p99 ${during.p99} ms (${(during.p99 / quiet.p99).toFixed(2)}× quiet), errors ${during.errors}`,
    );
    // The bodies end (408); the streams stay open for what follows.
    if (label.includes("bodies")) flood.stop();
    else open.push(flood);
  }

  // With the stream floods open: every watched order moves on, as the board's button does it.
  const latencies = [];
  for (const order of orders) {
    const arrived = new Promise((resolve) => arrivals.set(order.code, resolve));
    const started = performance.now();
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
  const lost = latencies.filter((value) => value === Infinity).length;
  console.log(
    `\n${watchers} legitimate watchers during the stream floods: ${watchers - lost} got their status change, lost ${lost}; p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
  );

  // Topped up to 3,000 open streams (20 per address) for the memory figure.
  const openNow = watchers + 32 + 50 * 32;
  const topUp = Math.max(0, 3000 - openNow);
  const more = streamFlood(
    port,
    topUp,
    loopbackAddresses(Math.ceil(topUp / 20), 200),
    streams,
    target.cookie,
  );
  open.push(more);
  await more.opened;
  await more.answered(topUp, 10_000);
  const full = await memory();
  // V8 gives back the loads' garbage once the allocations calm down (its memory reducer).
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const settled = await memory();
  console.log(
    `${openNow + (more.statuses["200"] ?? 0)} streams open: RSS ${full.rssMb} MB, ${settled.rssMb} MB 10 s later (peak over the run ${settled.peakMb} MB)`,
  );

  console.log("\nTargets:");
  const check = (ok, text) => console.log(`  ${ok ? "met   " : "MISSED"}  ${text}`);
  check(shop.server.exitCode === null, "the server stays up");
  for (const { label, during, rssMb } of results) {
    check(rssMb <= targets.rssMb, `${label}: RSS ≤ ${targets.rssMb} MB: ${rssMb} MB`);
    check(
      during.p99 <= quiet.p99 * targets.p99Ratio,
      `${label}: /produk p99 within ${targets.p99Ratio}× of ${quiet.p99} ms: ${during.p99} ms`,
    );
  }
  check(lost === 0, `every legitimate watcher got its status change: ${lost} lost`);
  check(settled.rssMb <= targets.rssMb, `RSS ≤ ${targets.rssMb} MB with 3,000 streams: ${settled.rssMb} MB`);
} finally {
  for (const item of open) (item.destroy ?? item.stop).call(item);
  await shop.stop();
}
