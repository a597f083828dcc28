// How /produk's render grows with the menu (issue #28) for `npm run bench`: generated menus of
// MENU_SIZES items, rendered MENU_RENDERS times past the page cache; the time per item and per KB
// of page stays flat (linear). Reports; asserts nothing.
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../database/client.server.ts";
import { BROWSER_HEADERS, median, startServer } from "./bench-server.mjs";

const sizes = (process.env.MENU_SIZES || "6,20,100,200,1000").split(",").map(Number);
const renders = Number(process.env.MENU_RENDERS || 9);
const templateDir = path.resolve(process.env.BUILD_DIR || "build", "embedded-template");

/** The starting catalog plus generated dishes (a real photo each) until the menu holds `count`. */
async function fillMenu(dataDir, count) {
  const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite"), prepare: { templateDir } });
  try {
    const [{ n }] = (await handle.db.execute(sql`select count(*)::int as n from menu_items`)).rows;
    const extra = count - n;
    if (extra > 0)
      await handle.db.execute(sql`
        insert into menu_items (id, nama, category_id, deskripsi, harga, gambar)
        select 'bench-' || g, 'Mie Bench ' || g, (array['makanan','minuman','cemilan'])[1 + g % 3],
               'Mie pedas gurih dengan pangsit renyah, nomor ' || g || '.', 10000 + g * 100,
               (select gambar from menu_items order by id limit 1)
        from generate_series(1, ${extra}) as g`);
    return Math.max(n, count);
  } finally {
    await handle.close();
  }
}

/** One uncached render: ms to the first byte and to the whole page. */
async function render(base, index) {
  const started = performance.now();
  const response = await fetch(`${base}/produk?render=${index}`, {
    headers: { ...BROWSER_HEADERS, "accept-encoding": "identity" },
  });
  const reader = response.body.getReader();
  let firstByte = null;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByte ??= performance.now() - started;
    bytes += value.length;
  }
  if (response.status !== 200) throw new Error(`/produk answered ${response.status}`);
  return { firstByte, whole: performance.now() - started, bytes };
}

const rows = [];
console.log(
  `\nUncached /produk by menu size, ${renders} renders each (median, min–max), load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")}`,
);
console.log("items   page KB   whole ms              first byte ms");
for (const size of sizes) {
  let items = size;
  const server = await startServer({
    prepare: async (dataDir) => {
      items = await fillMenu(dataDir, size);
    },
  });
  try {
    await render(server.base, "warm-1");
    await render(server.base, "warm-2");
    const runs = [];
    for (let i = 0; i < renders; i++) runs.push(await render(server.base, i));
    const whole = runs.map((run) => run.whole);
    const first = runs.map((run) => run.firstByte);
    const row = { items, kb: runs[0].bytes / 1024, whole: median(whole), first: median(first) };
    rows.push(row);
    console.log(
      [
        String(items).padEnd(7),
        row.kb.toFixed(0).padStart(7),
        `   ${row.whole.toFixed(0)} (${Math.min(...whole).toFixed(0)}–${Math.max(...whole).toFixed(0)})`.padEnd(
          22,
        ),
        `${row.first.toFixed(0)} (${Math.min(...first).toFixed(0)}–${Math.max(...first).toFixed(0)})`,
      ].join(" "),
    );
  } finally {
    await server.stop();
  }
}
const at = (count) => rows.find((row) => row.items === count);
// The issue measured 200 → 1,000 items (5x): 10.9x the time. Linear is the ratio of the pages' sizes.
for (const [from, to] of [
  [100, 1000],
  [200, 1000],
]) {
  if (!at(from) || !at(to)) continue;
  const time = at(to).whole / at(from).whole;
  const size = at(to).kb / at(from).kb;
  console.log(
    `${to.toLocaleString("en")} ÷ ${from} items: ${time.toFixed(1)}x the time for ${size.toFixed(1)}x the page (${(to / from).toFixed(0)}x the items)`,
  );
}
if (at(200) && at(1000)) {
  const ratio = at(1000).whole / at(200).whole;
  console.log(
    `  ${ratio <= 6 ? "met   " : "MISSED"}  5x the items (200 → 1,000) in ≤ 6x the time (the issue's 10.9x): ${ratio.toFixed(1)}x`,
  );
}
