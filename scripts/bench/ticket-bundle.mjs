// What printing costs the board's browser, from build/: the board's first-load JS, the print code
// fetched on demand, and what encoding tickets in the browser would add
// (docs/decisions/0034-printed-tickets.md, 0037-printing-orders.md). Reports only.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));
const client = `${root}build/client`;
const BOARD_ROUTES = ["root", "routes/admin/layout", "routes/admin/operasi/pesanan"];
const BOARD_TARGET_KB = 160;
const gzip = (code) => gzipSync(code, { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The chunks a script imports statically (`from"./x.js"`, `import"./x.js"`), itself included. */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(`${client}${file}`, "utf8");
  for (const [, name] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
    closure(`/assets/${name}`, seen);
  return seen;
}

const sizeOf = (files) => [...files].reduce((sum, file) => sum + gzip(readFileSync(`${client}${file}`)), 0);

if (!existsSync(`${client}/assets`)) {
  console.log("ticket-bundle: no build/ (run npm run build first): board figures skipped");
} else {
  const assets = readdirSync(`${client}/assets`);
  const manifestFile = `/assets/${assets.find((name) => /^manifest-.*\.js$/.test(name))}`;
  const text = readFileSync(`${client}${manifestFile}`, "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
  const firstLoad = new Set([manifestFile]);
  for (const file of [manifest.entry.module, ...manifest.entry.imports]) closure(file, firstLoad);
  for (const id of BOARD_ROUTES) {
    const route = manifest.routes[id];
    for (const file of [route.module, ...route.imports]) closure(file, firstLoad);
  }
  const onDemand = closure(`/assets/${assets.find((name) => name.startsWith("printer-transports-"))}`);
  const added = [...onDemand].filter((file) => !firstLoad.has(file));
  const board = sizeOf(firstLoad);
  console.log(`board /admin/pesanan first-load JS: ${kb(board)} KB gzip (${firstLoad.size} files)`);
  console.log(`  print code loaded on demand: ${kb(sizeOf(added))} KB gzip (${added.join(", ")})`);
  console.log(
    `  ${board <= BOARD_TARGET_KB * 1024 ? "met   " : "MISSED"}  board first-load JS ≤ ${BOARD_TARGET_KB} KB gzip`,
  );
}

const ENTRIES = {
  "app/lib/tickets in a browser (builders, layout, ESC/POS, RawBT)": [
    'export { escPosTicket } from "/app/lib/tickets/escpos.ts";',
    'export { kitchenTicket, customerReceipt } from "/app/lib/tickets/order-tickets.ts";',
    'export { layoutTicket } from "/app/lib/tickets/ticket-layout.ts";',
    'export { rawbtIntentUrl } from "/app/lib/tickets/rawbt.ts";',
  ].join("\n"),
  "@point-of-sale/receipt-printer-encoder alone":
    'export { default } from "@point-of-sale/receipt-printer-encoder";',
};

/** A virtual entry module, so nothing is written to the repo. */
const entry = (code) => ({
  name: "bench-entry",
  enforce: "pre",
  resolveId: (id) => (id === "bench:entry" ? "\0bench:entry" : null),
  load: (id) => (id === "\0bench:entry" ? code : null),
});

console.log("Kept off the browser (tickets are encoded on the server):");
for (const [name, code] of Object.entries(ENTRIES)) {
  const [output] = await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [entry(code)],
    build: {
      write: false,
      minify: true,
      rolldownOptions: { input: "bench:entry", preserveEntrySignatures: "strict" },
    },
  }).then((result) => (Array.isArray(result) ? result : [result]));
  const chunks = output.output.filter((file) => file.type === "chunk");
  const bytes = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.code), 0);
  const zipped = chunks.reduce((sum, chunk) => sum + gzip(chunk.code), 0);
  console.log(`  ${name}: ${kb(bytes)} KB, ${kb(zipped)} KB gzip`);
}
