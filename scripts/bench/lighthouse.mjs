// Lighthouse for `npm run bench`: mobile preset (the default), the machine's Chromium, the
// production server on a fresh embedded database. Prints the four category scores and LCP, CLS
// and TBT for /, /beranda, /produk and /keranjang. Targets (issue #6): 100 everywhere, LCP under
// 1.5 s, CLS 0. Reports; asserts nothing. LIGHTHOUSE_PAGES overrides the pages.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const pages = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/beranda", "/produk", "/keranjang"];
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, "127.0.0.1", () => {
    const { port: found } = probe.address();
    probe.close(() => resolve(found));
  });
});
const base = `http://localhost:${port}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-lighthouse-"));
const server = spawn("bash", ["scripts/serve.sh"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
  stdio: ["ignore", "ignore", "inherit"],
});

let chrome;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/beranda`)).ok) break;
    } catch {
      // starting
    }
    if (i > 600) throw new Error("server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  console.log(
    `\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, ${chromePath}`,
  );
  console.log("page        perf  a11y  best   seo    LCP s   CLS     TBT ms");
  for (const page of pages) {
    const result = await lighthouse(`${base}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const { categories, audits } = result.lhr;
    // A metric Lighthouse could not measure (e.g. NO_LCP on a noisy machine) prints as "–".
    const score = (name) =>
      (categories[name]?.score == null ? "–" : String(Math.round(categories[name].score * 100))).padStart(4);
    const metric = (id, format) => {
      const value = audits[id]?.numericValue;
      return value === undefined ? "–" : format(value);
    };
    const lcp = metric("largest-contentful-paint", (value) => (value / 1000).toFixed(2));
    const cls = metric("cumulative-layout-shift", (value) => value.toFixed(3));
    const tbt = metric("total-blocking-time", (value) => String(Math.round(value)));
    if (result.lhr.runtimeError) console.log(`            ${page}: ${result.lhr.runtimeError.code}`);
    console.log(
      `${page.padEnd(11)} ${score("performance")}  ${score("accessibility")}  ${score("best-practices")}  ${score("seo")}  ${lcp.padStart(6)}  ${cls.padStart(5)}  ${tbt.padStart(8)}`,
    );
    const failing = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id);
    if (failing.length > 0) console.log(`            failing audits: ${failing.join(", ")}`);
  }
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
}
