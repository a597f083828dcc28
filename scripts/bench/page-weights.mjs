// The storefront's first-load JavaScript per page, against its 120 KB gzip budget (decision 0029).
// Two figures per page: "hinted", the scripts the HTML names (first-load.mjs, as `npm run bench`
// counts them), and "loaded", every script a headless Chromium fetched within SETTLE_MS after the
// page's load, also those imported on demand once it hydrated (e.g. a widget's code).
// /keranjang is measured empty and with a line (its lines' code loads with them).
//
// Settings: BUILD_DIR (build) to start a server on a fresh data directory, or BENCH_BASE to
// measure a running one; CHROME_PATH (/usr/bin/chromium). Reports; asserts nothing.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { firstLoad, gz } from "./first-load.mjs";

const PAGES = ["/", "/beranda", "/produk", "/keranjang", "/tentang", "/kontak", "/masuk", "/daftar"];
const BUDGET = 120 * 1024;
const SETTLE_MS = 4000;

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-weights-"));
  const child = spawn("bash", ["scripts/serve.sh"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/beranda`)).ok) break;
    } catch {
      // starting
    }
    if (i > 900) throw new Error("the server did not start within 90 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

/** A guest cart with one dish, as "Tambah" without JavaScript fills it: its cookie. */
async function filledCart(base) {
  const added = await fetch(`${base}/keranjang`, {
    method: "POST",
    body: new URLSearchParams({ intent: "tambah", menu: "es-nyala" }),
    headers: { origin: base },
    redirect: "manual",
  });
  await added.arrayBuffer();
  return added.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => /nyala_keranjang=./.test(cookie));
}

/** Gzip bytes of every script Chromium fetched for `pathname` until it settled. */
async function loadedByBrowser(browser, base, pathname, cookie) {
  const context = await browser.newContext({ extraHTTPHeaders: cookie ? { cookie } : {} });
  const page = await context.newPage();
  const scripts = new Set();
  page.on("response", (response) => {
    if (["script", "other"].includes(response.request().resourceType()) && /\.js$/.test(response.url()))
      scripts.add(response.url());
  });
  await page.goto(`${base}${pathname}`, { waitUntil: "load" });
  await page.waitForTimeout(SETTLE_MS);
  await context.close();
  let total = 0;
  for (const url of scripts) total += gz(Buffer.from(await (await fetch(url)).arrayBuffer()));
  return { loadedGzip: total, loadedFiles: scripts.size };
}

const server = process.env.BENCH_BASE ? null : await startServer();
const base = process.env.BENCH_BASE ?? server.base;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const cart = await filledCart(base);
  const rows = [];
  for (const pathname of PAGES) {
    const variants =
      pathname === "/keranjang"
        ? [
            ["", null],
            [" +1", cart],
          ]
        : [["", null]];
    for (const [suffix, cookie] of variants) {
      const headers = cookie ? { cookie } : {};
      rows.push({
        page: pathname + suffix,
        ...(await firstLoad(base, pathname, headers)),
        ...(await loadedByBrowser(browser, base, pathname, cookie)),
      });
    }
  }
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  console.log(`First-load JavaScript, gzip (budget ${kb(BUDGET)} KB); ${base}`);
  console.log("page            hinted KB  files   loaded KB  files   within budget");
  for (const row of rows) {
    const worst = Math.max(row.jsGzip, row.loadedGzip);
    console.log(
      [
        row.page.padEnd(15),
        kb(row.jsGzip).padStart(9),
        String(row.jsFiles).padStart(6),
        kb(row.loadedGzip).padStart(11),
        String(row.loadedFiles).padStart(6),
        `   ${worst <= BUDGET ? "yes" : "NO"}`,
      ].join(" "),
    );
  }
} finally {
  await browser.close();
  await server?.stop();
}
