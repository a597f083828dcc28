// Compressed pages (issue #28) for `npm run bench`: the app against a plain server sending its
// bytes from memory; goal ratio ≥ 0.5 (docs/decisions/0031-compressed-page-cache.md). Settings:
// COMPRESS_ROUTES, _REPEATS, _DURATION, _CONNECTIONS, _ACCEPT.
import { spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import autocannon from "autocannon";
import { BROWSER_HEADERS, freePort, spread, startServer } from "./bench-server.mjs";

const routes = (process.env.COMPRESS_ROUTES || "/produk,/beranda").split(",");
const repeats = Number(process.env.COMPRESS_REPEATS || 3);
const duration = Number(process.env.COMPRESS_DURATION || 5);
const connections = Number(process.env.COMPRESS_CONNECTIONS || 50);
const GOAL = 0.5;
const headers = {
  ...BROWSER_HEADERS,
  ...(process.env.COMPRESS_ACCEPT ? { "accept-encoding": process.env.COMPRESS_ACCEPT } : {}),
};

/** The answer's bytes as they travel (not decompressed) and its headers. */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

/** A server that answers every request with `answer`, in a child process (as the app has one). */
async function plainServer(answer) {
  const port = await freePort();
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
  );
  const source = `
    const http = require("node:http");
    const body = Buffer.from(process.env.BODY, "base64");
    const headers = { ...JSON.parse(process.env.HEADERS), "content-length": body.length };
    http.createServer((request, response) => { response.writeHead(200, headers); response.end(body); })
      .listen(${port}, "127.0.0.1", () => process.send("ready"));`;
  const child = spawn(process.execPath, ["-e", source], {
    env: { ...process.env, BODY: answer.body.toString("base64"), HEADERS: JSON.stringify(headers) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise((resolve) => child.once("message", resolve));
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function requestsPerSecond(url) {
  const result = await autocannon({ url, connections, duration, headers });
  if (result.errors + result.timeouts + result.non2xx > 0)
    console.log(`  ${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  return result.requests.average;
}

const app = await startServer();
try {
  console.log(
    `\nCompressed pages: ${connections} connections, ${duration} s per run, ${repeats} pairs, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
  );
  console.log("route        encoding  bytes    app req/s (min/med/max)  plain req/s            app ÷ plain");
  for (const route of routes) {
    const answer = await rawGet(`${app.base}${route}`);
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}`);
    const plain = await plainServer(answer);
    const appRates = [];
    const plainRates = [];
    const ratios = [];
    try {
      // A first run warms the app up (compilation, caches); not counted.
      await autocannon({ url: `${app.base}${route}`, connections, duration: 2, headers });
      for (let repeat = 0; repeat < repeats; repeat++) {
        appRates.push(await requestsPerSecond(`${app.base}${route}`));
        plainRates.push(await requestsPerSecond(`${plain.base}${route}`));
        ratios.push(appRates.at(-1) / plainRates.at(-1));
      }
    } finally {
      plain.stop();
    }
    const ratio = spread(ratios, 2);
    console.log(
      [
        route.padEnd(12),
        String(answer.headers["content-encoding"] ?? "none").padEnd(9),
        String(answer.body.length).padEnd(8),
        spread(appRates).padEnd(24),
        spread(plainRates).padEnd(22),
        `${ratio}${ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)] >= GOAL ? "" : `  (goal ≥ ${GOAL})`}`,
      ].join(" "),
    );
  }
} finally {
  await app.stop();
}
