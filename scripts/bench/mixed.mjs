// Mixed load for `npm run bench`: public pages under 200 connections, first alone (30 s), then
// with 10 logins per second alongside (60 s). Reports throughput, p50/p99 per route, errors,
// login latency and the server's event-loop delay in each phase. bcrypt runs on libuv's thread
// pool (@node-rs/bcrypt), so page latency with logins should stay within twice that without.
// Captcha: a local stand-in for reCAPTCHA's verify endpoint that accepts every token, so the bench
// measures the server and not a proof-of-work solver. Reports; asserts nothing.
// Settings: MIXED_CONNECTIONS (200), MIXED_SOLO_S (30), MIXED_WITH_LOGINS_S (60), MIXED_LOGINS_PER_S (10).
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const connections = Number(process.env.MIXED_CONNECTIONS || 200);
const soloSeconds = Number(process.env.MIXED_SOLO_S || 30);
const mixedSeconds = Number(process.env.MIXED_WITH_LOGINS_S || 60);
const loginsPerSecond = Number(process.env.MIXED_LOGINS_PER_S || 10);
const pages = ["/", "/beranda", "/produk", "/keranjang", "/tentang", "/kontak"];
const PASSWORD = "rahasia123";

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

// The stand-in for https://www.google.com/recaptcha/api/siteverify.
const verifyPort = await freePort();
const verifier = http
  .createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ success: true }));
    });
  })
  .listen(verifyPort, "127.0.0.1");

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-mixed-"));
const server = spawn("bash", ["scripts/serve.sh"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    EVENT_LOOP_REPORT: "1",
    RECAPTCHA_SITE_KEY: "bench",
    RECAPTCHA_SECRET: "bench",
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${verifyPort}/siteverify`,
    RATE_LIMIT_LOGIN_ADDRESS: "1000000",
    RATE_LIMIT_LOGIN_ACCOUNT: "1000000",
    RATE_LIMIT_REGISTER_ADDRESS: "1000000",
  },
  stdio: ["ignore", "ignore", "pipe"],
});
const eventLoopReports = [];
server.stderr.setEncoding("utf8");
server.stderr.on("data", (text) => {
  for (const line of text.split("\n")) {
    if (line.startsWith("EVENT_LOOP ")) eventLoopReports.push(JSON.parse(line.slice(11)));
    else if (line.trim()) process.stderr.write(`${line}\n`);
  }
});

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/beranda`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

async function eventLoopReport() {
  const count = eventLoopReports.length;
  server.kill("SIGUSR2");
  for (let i = 0; i < 50 && eventLoopReports.length === count; i++)
    await new Promise((r) => setTimeout(r, 20));
  return eventLoopReports.at(-1);
}

/** Public pages, round robin, `seconds` long; latency per route from autocannon's per-request hook. */
function publicLoad(seconds) {
  const perRoute = new Map(pages.map((page) => [page, []]));
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: pages.map((page) => ({ method: "GET", path: page })),
      },
      (error, result) => (error ? reject(error) : resolve({ result, perRoute })),
    );
    instance.on("response", (client, statusCode, bytes, responseTime) => {
      const page = client.requestIterator?.currentRequest?.path;
      if (perRoute.has(page)) perRoute.get(page).push(responseTime);
    });
  });
}

/** `perSecond` logins each second until `stop()`; returns their latencies, failures and count. */
function loginDriver(accounts, perSecond) {
  const latencies = [];
  const stats = { latencies, failures: 0, sent: 0 };
  let next = 0;
  const timer = setInterval(() => {
    for (let i = 0; i < perSecond; i++) {
      const email = accounts[next++ % accounts.length];
      const started = performance.now();
      stats.sent++;
      fetch(`${base}/masuk`, {
        method: "POST",
        body: new URLSearchParams({ email, password: PASSWORD, captcha: "token", mode: "fetch" }),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status !== 200) stats.failures++;
          latencies.push(performance.now() - started);
        })
        .catch(() => stats.failures++);
    }
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return stats; // still filled in by logins that were in flight
    },
  };
}

const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
};

function printPhase(title, { result, perRoute }, eventLoop) {
  console.log(
    `\n${title}: ${Math.round(result.requests.average)} req/s, errors ${result.errors + result.timeouts}, non-2xx ${result.non2xx}`,
  );
  console.log("route        p50 ms  p99 ms");
  for (const [page, times] of perRoute) {
    console.log(
      `${page.padEnd(11)} ${String(percentile(times, 50)).padStart(7)} ${String(percentile(times, 99)).padStart(7)}`,
    );
  }
  console.log(
    `all pages   ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)}`,
  );
  if (eventLoop)
    console.log(
      `event-loop delay: p50 ${eventLoop.p50} ms, p99 ${eventLoop.p99} ms, max ${eventLoop.max} ms`,
    );
}

try {
  await waitForServer();
  const accounts = [];
  for (let i = 0; i < 20; i++) {
    const email = `bench-${i}@contoh.test`;
    const response = await fetch(`${base}/daftar`, {
      method: "POST",
      body: new URLSearchParams({
        nama: `Pelanggan ${i}`,
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        mode: "fetch",
      }),
    });
    if (response.status !== 200) throw new Error(`registration failed: ${response.status}`);
    accounts.push(email);
  }
  console.log(
    `Mixed load: ${connections} connections on ${pages.join(", ")}; then with ${loginsPerSecond} logins/s`,
  );

  await eventLoopReport();
  const solo = await publicLoad(soloSeconds);
  const soloLoop = await eventLoopReport();
  printPhase(`Pages alone (${soloSeconds} s)`, solo, soloLoop);

  const logins = loginDriver(accounts, loginsPerSecond);
  const mixed = await publicLoad(mixedSeconds);
  const loginResult = logins.stop();
  // Logins still in flight get a few seconds to finish; the ones that never answer count as failures.
  for (let i = 0; i < 50 && loginResult.latencies.length + loginResult.failures < loginResult.sent; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const unanswered = loginResult.sent - loginResult.latencies.length - loginResult.failures;
  const mixedLoop = await eventLoopReport();
  printPhase(`Pages with ${loginsPerSecond} logins/s (${mixedSeconds} s)`, mixed, mixedLoop);
  console.log(
    `logins: ${loginResult.sent} sent, ${loginResult.latencies.length} answered, failures ${loginResult.failures}, unanswered ${unanswered}, p50 ${percentile(loginResult.latencies, 50)} ms, p99 ${percentile(loginResult.latencies, 99)} ms`,
  );
  const ratio = mixed.result.latency.p99 / Math.max(1, solo.result.latency.p99);
  console.log(
    `\nTarget: page p99 with logins ≤ 2 × without: ${mixed.result.latency.p99} ms vs ${solo.result.latency.p99} ms (× ${ratio.toFixed(2)}) — ${ratio <= 2 ? "met" : "MISSED"}; errors ${mixed.result.errors + solo.result.errors === 0 && loginResult.failures === 0 && unanswered === 0 ? "0 — met" : "MISSED"}`,
  );
} finally {
  server.kill("SIGTERM");
  verifier.close();
  await new Promise((resolve) => server.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
}
