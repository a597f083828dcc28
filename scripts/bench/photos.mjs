// Uploaded photos on the embedded database (docs/decisions/0035-photos-in-the-database.md): moving
// old upload files in at start, load, first requests from an empty disk, and memory after each
// step. Reports only. Settings: BENCH_PHOTOS, BENCH_CONNECTIONS, BENCH_DURATION.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";

const count = Number(process.env.BENCH_PHOTOS || 200);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const duration = Number(process.env.BENCH_DURATION || 10);

const port = await new Promise((resolve, reject) => {
  const probe = net.createServer();
  probe.once("error", reject);
  probe.listen(0, () => {
    const { port: found } = probe.address();
    probe.close(() => resolve(found));
  });
});
const base = `http://localhost:${port}`;

async function memory(pid) {
  const text = await readFile(`/proc/${pid}/status`, "utf8");
  const field = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024);
  return `RSS ${field("VmRSS")} MB (peak ${field("VmHWM")} MB)`;
}

/** A photo-like picture: blurred noise compresses about as a real dish photo does. */
async function photo(seed) {
  const pixels = Buffer.alloc(160 * 120 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.sin(seed * 7919 + i * 0.37) * 10_000) & 0xff;
  return sharp(pixels, { raw: { width: 160, height: 120, channels: 3 } })
    .resize(640, 480)
    .blur(1.2)
    .webp({ quality: 80, effort: 4 })
    .toBuffer();
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-bench-photos-"));
const uploads = path.join(dataDir, "uploads", "menu");
await mkdir(uploads, { recursive: true });
const urls = [];
let bytes = 0;
for (let i = 0; i < count; i++) {
  const picture = await photo(i);
  const hash = createHash("sha256").update(picture).digest("hex");
  await writeFile(path.join(uploads, `${hash}.webp`), picture);
  urls.push(`/gambar/menu/${hash}.webp`);
  bytes += picture.length;
}
console.log(`${count} photos, ${(bytes / count / 1024).toFixed(1)} KB each on average`);

/** Starts the server as `npm start` does; resolves once it has served the first photo. */
async function start() {
  const started = performance.now();
  const child = spawn("bash", ["scripts/serve.sh"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      VAPID_SUBJECT: "mailto:pemilik@mienyala.co.id",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited while starting");
    const answer = await fetch(`${base}${urls[0]}`).catch(() => null);
    if (answer?.ok) return { child, ms: Math.round(performance.now() - started) };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(child) {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

let { child: server, ms } = await start();
try {
  console.log(`first start, the files moved into the database: ${ms} ms; ${await memory(server.pid)}`);
  await stop(server);
  ({ child: server, ms } = await start());
  console.log(`next start, nothing to move: ${ms} ms; ${await memory(server.pid)}`);

  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: urls.map((url) => ({ method: "GET", path: url })),
  });
  console.log(
    `load (${connections} connections, ${duration} s, the server's copies): ` +
      `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
      `${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s, ${result.non2xx} not 2xx; ${await memory(server.pid)}`,
  );

  // Another server's empty disk: every photo read from the database, 10 requests at a time.
  await rm(path.join(dataDir, "photo-cache"), { recursive: true, force: true });
  const cold = performance.now();
  const queue = [...urls];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const answer = await fetch(`${base}${url}`);
        if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
        await answer.arrayBuffer();
      }
    }),
  );
  console.log(
    `first requests without a copy on disk (10 at a time): ${((performance.now() - cold) / count).toFixed(1)} ms ` +
      `per photo; ${await memory(server.pid)}`,
  );
} finally {
  await stop(server);
  await rm(dataDir, { recursive: true, force: true });
}
