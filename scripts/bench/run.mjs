// Figures for the storefront: per public route the HTML and first-load JS/CSS bytes (gzip),
// then autocannon throughput and latency, then the server's memory and the image sizes.
// Settings: BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10), BENCH_PORT (3300).
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const routes = ["/", "/beranda", "/produk", "/keranjang", "/tentang", "/kontak"];
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://localhost:${port}`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-bench-"));
const server = spawn("node_modules/.bin/react-router-serve", ["./build/server/index.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForServer() {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(`${base}/produk`);
      if (response.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error("server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function readStatus(pid) {
  // react-router-serve is a node process started directly, so its pid is the server's.
  const text = await readFile(`/proc/${pid}/status`, "utf8");
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024;
  return { rssMb: field("VmRSS"), peakMb: field("VmHWM") };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gz = (buffer) => gzipSync(buffer, { level: 6 }).length;

async function pageWeight(route) {
  const html = Buffer.from(await (await fetch(`${base}${route}`)).arrayBuffer());
  const text = html.toString("utf8");
  const js = new Set();
  const css = new Set();
  for (const match of text.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || !src.startsWith("/")) continue;
    if (tag.startsWith("<script") || /rel="modulepreload"/.test(tag)) js.add(src);
    else if (/rel="stylesheet"/.test(tag)) css.add(src);
  }
  // Inline module scripts import the entry chunks: count those too.
  for (const match of text.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g))
    js.add(match[1]);
  const sizeOf = async (urls) => {
    let total = 0;
    for (const url of urls) total += gz(Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer()));
    return total;
  };
  return { htmlBytes: html.length, htmlGzip: gz(html), jsGzip: await sizeOf(js), cssGzip: await sizeOf(css) };
}

async function load(route) {
  const result = await autocannon({ url: `${base}${route}`, connections, duration });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function images(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await images(full)));
    else if (/\.(webp|png|jpe?g|svg|ico|avif)$/.test(entry.name))
      out.push({ file: full, bytes: (await stat(full)).size });
  }
  return out;
}

try {
  const startMs = await waitForServer();
  const idle = await readStatus(server.pid);
  console.log(
    `Server ready in ${startMs} ms (fresh data dir, migrations and seed); RSS ${idle.rssMb.toFixed(0)} MB\n`,
  );

  const rows = [];
  for (const route of routes) {
    const weight = await pageWeight(route);
    const perf = await load(route);
    rows.push({ route, ...weight, ...perf });
  }
  const after = await readStatus(server.pid);

  console.log(`Load: ${connections} connections, ${duration} s per route\n`);
  console.log("route       HTML KB  HTML gz  JS gz KB  CSS gz KB   req/s   p50 ms  p99 ms  errors");
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(11)} ${kb(row.htmlBytes).padStart(7)}  ${kb(row.htmlGzip).padStart(7)}  ${kb(row.jsGzip).padStart(8)}  ${kb(row.cssGzip).padStart(9)}  ${String(row.requestsPerSecond).padStart(6)}  ${String(row.p50).padStart(7)}  ${String(row.p99).padStart(6)}  ${String(row.errors).padStart(6)}`,
    );
  }
  const beranda = rows.find((row) => row.route === "/beranda");
  const produk = rows.find((row) => row.route === "/produk");
  const imageList = await images("public");
  const heavy = imageList.filter((image) => image.bytes > 100 * 1024);
  console.log(
    `\nServer memory after the load: RSS ${after.rssMb.toFixed(0)} MB, peak ${after.peakMb.toFixed(0)} MB`,
  );
  console.log(
    `Images: ${imageList.length}, largest ${kb(Math.max(...imageList.map((i) => i.bytes)))} KB, over 100 KB: ${heavy.length}`,
  );
  console.log("\nTargets:");
  const check = (ok, text) => console.log(`  ${ok ? "met   " : "MISSED"}  ${text}`);
  check(beranda.jsGzip <= 120 * 1024, `/beranda first-load JS ≤ 120 KB gzip (${kb(beranda.jsGzip)} KB)`);
  check(
    produk.requestsPerSecond >= 1000 && produk.p99 < 100,
    `/produk ≥ 1000 req/s with p99 < 100 ms (${produk.requestsPerSecond} req/s, p99 ${produk.p99} ms)`,
  );
  check(heavy.length === 0, `no image over 100 KB (${heavy.map((i) => i.file).join(", ") || "none"})`);
  check(after.rssMb < 256, `server RSS < 256 MB after the load (${after.rssMb.toFixed(0)} MB)`);

  await mkdir("bench-results", { recursive: true });
  await writeFile(
    "bench-results/latest.json",
    JSON.stringify(
      {
        date: new Date().toISOString(),
        connections,
        duration,
        routes: rows,
        memory: { idle, after },
        images: imageList,
      },
      null,
      2,
    ),
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
}
