// Mixed load for `npm run bench`: public pages under 200 connections, alone then beside 10 logins a
// second (login-driver.mjs); latency and event-loop delay per phase. Reports only. Settings:
// MIXED_CONNECTIONS, MIXED_WARMUP_S, MIXED_SOLO_S, MIXED_WITH_LOGINS_S, MIXED_LOGINS_PER_S.
import { fork, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const connections = Number(process.env.MIXED_CONNECTIONS || 200);
const warmupSeconds = Number(process.env.MIXED_WARMUP_S || 5);
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

const driver = fork(new URL("./login-driver.mjs", import.meta.url));
const fromDriver = (type) =>
  new Promise((resolve) => {
    const listener = (message) => {
      if (message.type !== type) return;
      driver.off("message", listener);
      resolve(message);
    };
    driver.on("message", listener);
  });
driver.send({ type: "verifier" });
const { url: verifyUrl } = await fromDriver("verifier");

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-mixed-"));
const server = spawn("bash", ["scripts/serve.sh"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    VAPID_SUBJECT: "mailto:pemilik@mienyala.co.id",
    PORT: String(port),
    DATA_DIR: dataDir,
    EVENT_LOOP_REPORT: "1",
    RECAPTCHA_SITE_KEY: "bench",
    RECAPTCHA_SECRET: "bench",
    RECAPTCHA_VERIFY_URL: verifyUrl,
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

/** The server's resident memory now and at its peak (MB), from /proc. */
async function serverMemory() {
  const text = await readFile(`/proc/${server.pid}/status`, "utf8");
  const field = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024);
  return `RSS ${field("VmRSS")} MB, peak ${field("VmHWM")} MB`;
}

async function eventLoopReport() {
  const count = eventLoopReports.length;
  server.kill("SIGUSR2");
  for (let i = 0; i < 50 && eventLoopReports.length === count; i++)
    await new Promise((r) => setTimeout(r, 20));
  return eventLoopReports.at(-1);
}

/**
 * Public pages, round robin, on `connections` connections for `seconds`. Every answer is recorded
 * with the time it arrived (ms since the start), its route, latency and status; each
 * `[ms, fn]` of `schedule` runs fn that far into the run.
 */
function publicLoad(seconds, schedule) {
  const answers = [];
  const started = performance.now();
  for (const [ms, fn] of schedule) setTimeout(fn, ms);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: pages.map((page) => ({ method: "GET", path: page })),
      },
      (error, result) => (error ? reject(error) : resolve({ result, answers })),
    );
    instance.on("response", (client, status, bytes, latency) => {
      const page = client.requestIterator?.currentRequest?.path;
      answers.push({ at: performance.now() - started, page, latency, status });
    });
    instance.on("reqError", () => answers.push({ at: performance.now() - started, error: true }));
  });
}

const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
};

/** One phase's answers (those that arrived between `from` and `to` ms into the run). */
function phase(answers, from, to) {
  const inPhase = answers.filter((answer) => answer.at >= from && answer.at < to);
  const answered = inPhase.filter((answer) => !answer.error);
  return {
    seconds: (to - from) / 1000,
    answered,
    errors: inPhase.length - answered.length,
    non2xx: answered.filter((answer) => answer.status < 200 || answer.status > 299).length,
    all: answered.map((answer) => answer.latency),
  };
}

function printPhase(title, { seconds, answered, errors, non2xx, all }, eventLoop) {
  console.log(
    `\n${title}: ${Math.round(answered.length / seconds)} req/s, errors ${errors}, non-2xx ${non2xx}`,
  );
  console.log("route        p50 ms  p99 ms");
  for (const page of pages) {
    const times = answered.filter((answer) => answer.page === page).map((answer) => answer.latency);
    console.log(
      `${page.padEnd(11)} ${String(percentile(times, 50)).padStart(7)} ${String(percentile(times, 99)).padStart(7)}`,
    );
  }
  console.log(
    `all pages   ${String(percentile(all, 50)).padStart(7)} ${String(percentile(all, 99)).padStart(7)}`,
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

  const soloFrom = warmupSeconds * 1000;
  const mixedFrom = soloFrom + soloSeconds * 1000;
  const end = mixedFrom + mixedSeconds * 1000;
  const loops = [];
  const { answers } = await publicLoad(warmupSeconds + soloSeconds + mixedSeconds, [
    [soloFrom, () => eventLoopReport()],
    [mixedFrom, () => eventLoopReport().then((report) => loops.push(report))],
    [
      mixedFrom,
      () => driver.send({ type: "start", base, accounts, perSecond: loginsPerSecond, password: PASSWORD }),
    ],
  ]);
  driver.send({ type: "stop" });
  loops.push(await eventLoopReport());
  const loginResult = await fromDriver("result");
  const unanswered = loginResult.sent - loginResult.latencies.length - loginResult.failures;

  const solo = phase(answers, soloFrom, mixedFrom);
  const mixed = phase(answers, mixedFrom, end);
  printPhase(`Pages alone (${soloSeconds} s)`, solo, loops[0]);
  printPhase(`Pages with ${loginsPerSecond} logins/s (${mixedSeconds} s)`, mixed, loops[1]);
  console.log(
    `logins: ${loginResult.sent} sent, ${loginResult.latencies.length} answered, failures ${loginResult.failures}, unanswered ${unanswered}, p50 ${percentile(loginResult.latencies, 50)} ms, p99 ${percentile(loginResult.latencies, 99)} ms`,
  );
  console.log(`server memory after the run: ${await serverMemory()}`);
  const soloP99 = percentile(solo.all, 99);
  const mixedP99 = percentile(mixed.all, 99);
  const ratio = mixedP99 / Math.max(1, soloP99);
  const errorFree =
    solo.errors + mixed.errors + solo.non2xx + mixed.non2xx + loginResult.failures + unanswered === 0;
  console.log(
    `\nTarget: page p99 with logins ≤ 2 × without: ${mixedP99} ms vs ${soloP99} ms (× ${ratio.toFixed(2)}) — ${ratio <= 2 ? "met" : "MISSED"}; errors ${errorFree ? "0 — met" : "MISSED"}`,
  );
} finally {
  server.kill("SIGTERM");
  if (driver.connected) driver.kill();
  await new Promise((resolve) => server.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
}
