// What an admin page costs on a nearly empty shop (issue #28) for `npm run bench`: per page, server
// CPU time and the median and min time to the answer and its first byte. Reports; asserts nothing.
// Settings: ADMIN_RENDERS (40), ADMIN_PAGES.
import { readFile } from "node:fs/promises";
import os from "node:os";
import { BROWSER_HEADERS, median, signIn, startServer } from "./bench-server.mjs";

const ADMIN = "admin-pages@nyala.test";
const renders = Number(process.env.ADMIN_RENDERS || 40);
const pages = (
  process.env.ADMIN_PAGES ||
  "/admin/dashboard,/admin/pesanan,/admin/laporan,/admin/menu,/admin/users,/admin/pengaturan"
).split(",");

async function timed(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { ...BROWSER_HEADERS, cookie } });
  const reader = response.body.getReader();
  let firstByte = null;
  for (;;) {
    const { done } = await reader.read();
    firstByte ??= performance.now() - started;
    if (done) break;
  }
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { whole: performance.now() - started, firstByte };
}

/** CPU time the process has used, ms (user + system; /proc/<pid>/stat counts in 1/100 s). */
async function cpuMs(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const server = await startServer({ env: { ADMIN_EMAILS: ADMIN } });
try {
  const cookie = await signIn(server.base, ADMIN);
  console.log(
    `\nAdmin pages, nearly empty shop, ${renders} loads each, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
  );
  console.log("page                  server CPU ms   whole ms: median (min)   first byte ms: median (min)");
  for (const page of pages) {
    await timed(`${server.base}${page}`, cookie); // warm-up
    const runs = [];
    const cpuBefore = await cpuMs(server.pid);
    for (let i = 0; i < renders; i++) runs.push(await timed(`${server.base}${page}`, cookie));
    const cpu = ((await cpuMs(server.pid)) - cpuBefore) / renders;
    const whole = runs.map((run) => run.whole);
    const first = runs.map((run) => run.firstByte);
    console.log(
      `${page.padEnd(22)}${cpu.toFixed(1).padEnd(16)}${`${median(whole).toFixed(1)} (${Math.min(...whole).toFixed(1)})`.padEnd(26)}${median(first).toFixed(1)} (${Math.min(...first).toFixed(1)})`,
    );
  }
} finally {
  await server.stop();
}
