// Lighthouse (mobile) for `npm run bench`: medians of LIGHTHOUSE_RUNS (5) runs per page
// (docs/decisions/0006-page-speed.md). LIGHTHOUSE_BASELINE=<build dir> alternates runs with another
// build; LIGHTHOUSE_PAGES, LIGHTHOUSE_ADMIN_PAGES override the pages. Reports only.
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { signIn, startServer } from "./bench-server.mjs";

const ADMIN = "admin-lighthouse@nyala.test";
const pages = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/beranda", "/produk", "/keranjang"];
const adminPages = process.env.LIGHTHOUSE_ADMIN_PAGES?.split(",").filter(Boolean) ?? ["/admin/pesanan"];
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 5);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const builds = [
  { label: process.env.BUILD_DIR || "build", env: {} },
  ...(process.env.LIGHTHOUSE_BASELINE
    ? [{ label: process.env.LIGHTHOUSE_BASELINE, env: { BUILD_DIR: process.env.LIGHTHOUSE_BASELINE } }]
    : []),
];

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const spread = (values, format) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? format(low) : `${format(median(values))} (${format(low)}–${format(high)})`;
};

/** One completed Lighthouse run of `url`, or null after three that Lighthouse could not complete. */
async function audit(chrome, url, headers) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      ...(headers ? { extraHeaders: headers } : {}),
    });
    if (!lhr.runtimeError) return lhr;
    console.log(`            ${url}: run not completed by Lighthouse (${lhr.runtimeError.code}), repeated`);
  }
  return null;
}

function report(label, page, results) {
  const scores = (name) => results.map((lhr) => Math.round((lhr.categories[name]?.score ?? 0) * 100));
  const metric = (id) => results.map((lhr) => lhr.audits[id]?.numericValue ?? NaN);
  console.log(
    [
      `${builds.length > 1 ? `${label} ` : ""}${page}`.padEnd(11),
      spread(scores("performance"), String).padEnd(10),
      ...CATEGORIES.slice(1).map((name) => spread(scores(name), String).padEnd(5)),
      spread(metric("largest-contentful-paint"), (v) => (v / 1000).toFixed(2)).padEnd(17),
      spread(metric("cumulative-layout-shift"), (v) => v.toFixed(3)).padEnd(14),
      spread(metric("total-blocking-time"), (v) => String(Math.round(v))),
    ].join(" "),
  );
  const failing = new Set(
    results.flatMap((lhr) =>
      Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary")
        .map((audit) => audit.id),
    ),
  );
  if (failing.size > 0) console.log(`            failing audits: ${[...failing].join(", ")}`);
  return {
    page,
    performance: median(scores("performance")),
    lcpSeconds: median(metric("largest-contentful-paint")) / 1000,
    cls: median(metric("cumulative-layout-shift")),
  };
}

const servers = [];
let chrome;
try {
  for (const build of builds) {
    const server = await startServer({ env: { ADMIN_EMAILS: ADMIN, ...build.env } });
    servers.push(server);
    build.base = server.base;
    build.cookie = adminPages.length > 0 ? await signIn(server.base, ADMIN) : null;
  }
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  console.log(
    `\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, ${chromePath}, load average ${os.loadavg()[0].toFixed(2)}`,
  );
  console.log(`${runs} runs per page; median (range)`);
  console.log("page        perf       a11y  best   seo   LCP s             CLS            TBT ms");
  const summary = [];
  const visits = [
    ...pages.map((page) => ({ page, admin: false })),
    ...adminPages.map((page) => ({ page, admin: true })),
  ];
  for (const { page, admin } of visits) {
    const results = builds.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (const [index, build] of builds.entries()) {
        const lhr = await audit(chrome, `${build.base}${page}`, admin ? { Cookie: build.cookie } : undefined);
        if (lhr) results[index].push(lhr);
      }
    }
    for (const [index, build] of builds.entries()) {
      if (results[index].length === 0) console.log(`${page.padEnd(11)} no completed run (${build.label})`);
      else if (index === 0) summary.push(report(build.label, page, results[index]));
      else report(build.label, page, results[index]);
    }
  }
  const missed = summary.filter((row) => row.performance < 100 || row.lcpSeconds >= 1.5 || row.cls > 0);
  console.log(
    missed.length === 0
      ? "Targets (median): performance 100, LCP < 1.5 s, CLS 0 — met on every page"
      : `Targets (median): performance 100, LCP < 1.5 s, CLS 0 — MISSED on ${missed.map((row) => row.page).join(", ")}`,
  );
} finally {
  await chrome?.kill();
  for (const server of servers) await server.stop();
}
