// What the board's browser loads to print a ticket (app/lib/tickets: the layout, the ESC/POS
// encoder, the RawBT link), bundled and minified by the app's own Vite, and the encoder alone.
// Prints bytes and gzip bytes; asserts nothing. QR codes are drawn on the server: nothing here.
//   node scripts/bench/ticket-bundle.mjs
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));
const ENTRIES = {
  "tickets (builders, layout, ESC/POS, RawBT)": [
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
  const gzip = chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
  console.log(`${name}: ${(bytes / 1024).toFixed(1)} KB, ${(gzip / 1024).toFixed(1)} KB gzip`);
}
