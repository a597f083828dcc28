// The storefront's first-load JavaScript per page against the 120 KB gzip budget
// (docs/decisions/0029-one-form-pattern.md): scripts the HTML names and scripts Chromium loaded.
// Settings: BUILD_DIR (a fresh server) or BENCH_BASE (a running one), CHROME_PATH. Reports only.
import { chromium } from "@playwright/test";
import { firstLoad, gz } from "./first-load.mjs";
import { filledCart, placeOrder, signInAdmin, startShop } from "./shop.mjs";

const PAGES = [
  "/",
  "/beranda",
  "/produk",
  "/keranjang",
  "/keranjang/pesan/mie-nyala-level-1",
  "/tentang",
  "/kontak",
  "/masuk",
  "/daftar",
];
const BUDGET = 120 * 1024;
/** Headroom every page keeps under the budget for the features coming next (issue #37 item 5). */
const HEADROOM_GOAL = 5 * 1024;
const GOAL = BUDGET - HEADROOM_GOAL;
const SETTLE_MS = 4000;

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

const server = process.env.BENCH_BASE ? null : await startShop();
const base = process.env.BENCH_BASE ?? server.base;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const order = await placeOrder(base);
  const customer = await signInAdmin(base, `pelanggan-${Date.now()}@bench.test`);
  const visits = PAGES.map((pathname) => [pathname, "", null]);
  visits.splice(4, 0, ["/keranjang", " +1", await filledCart(base)]);
  visits.push([`/pesanan/${order.code}`, "", order.cookie], ["/pesanan-saya", "", customer]);
  const rows = [];
  for (const [pathname, suffix, cookie] of visits) {
    rows.push({
      page: pathname + suffix,
      ...(await firstLoad(base, pathname, cookie ? { cookie } : {})),
      ...(await loadedByBrowser(browser, base, pathname, cookie)),
    });
  }
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  console.log(
    `First-load JavaScript, gzip (budget ${kb(BUDGET)} KB, goal ${kb(GOAL)} KB: ${kb(HEADROOM_GOAL)} KB headroom); ${base}`,
  );
  console.log("page                 hinted KB  files   loaded KB  files   headroom KB  budget  goal");
  const short = [];
  for (const row of rows) {
    const worst = Math.max(row.jsGzip, row.loadedGzip);
    if (BUDGET - worst < HEADROOM_GOAL) short.push(`${row.page} (${kb(BUDGET - worst)} KB)`);
    console.log(
      [
        row.page.slice(0, 20).padEnd(20),
        kb(row.jsGzip).padStart(9),
        String(row.jsFiles).padStart(6),
        kb(row.loadedGzip).padStart(11),
        String(row.loadedFiles).padStart(6),
        kb(BUDGET - worst).padStart(13),
        (worst <= BUDGET ? "yes" : "NO").padStart(7),
        (worst <= GOAL ? "yes" : "NO").padStart(5),
      ].join(" "),
    );
  }
  console.log(
    short.length === 0
      ? `  met     every page keeps ≥ ${kb(HEADROOM_GOAL)} KB headroom`
      : `  MISSED  under ${kb(HEADROOM_GOAL)} KB headroom: ${short.join(", ")}`,
  );
} finally {
  await browser.close();
  await server?.stop();
}
