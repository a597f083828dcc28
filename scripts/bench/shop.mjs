// A production server on a fresh embedded database for the benches (live.mjs, abuse.mjs), and what
// its customers and admin do to it: carts checked out without JavaScript, an admin signed in, order
// pages' event streams read.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { firstLoad } from "./first-load.mjs";

export const PASSWORD = "rahasia123";

export const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** `scripts/serve.sh` on a new data folder, with the per-address order limits lifted; resolves once it serves. */
export async function startShop(env = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-bench-"));
  const server = spawn("bash", ["scripts/serve.sh"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      VAPID_SUBJECT: "mailto:pemilik@mienyala.co.id",
      PORT: String(port),
      DATA_DIR: dataDir,
      // The bench's `.test` admins are proven by their password in a test run (decision 0050).
      NYALA_TEST_MODE: "1",
      RATE_LIMIT_ORDER_ADDRESS: "1000000",
      RATE_LIMIT_CART_ADDRESS: "1000000",
      RATE_LIMIT_REGISTER_ADDRESS: "1000000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error("the server exited while starting");
    try {
      if ((await fetch(`${base}/produk`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 900) throw new Error("the server did not start within 90 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    port,
    server,
    /** RSS now and at its peak (MB), from /proc. */
    async memory() {
      const text = await readFile(`/proc/${server.pid}/status`, "utf8");
      const field = (name) =>
        Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024);
      return { rssMb: field("VmRSS"), peakMb: field("VmHWM") };
    },
    async stop() {
      if (server.exitCode === null) server.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const cookiesOf = (response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);

/** Registers `email` (one of the server's ADMIN_EMAILS) and logs in: the session cookie. */
export async function signInAdmin(base, email) {
  const form = (values) => new URLSearchParams({ mode: "fetch", ...values });
  await fetch(`${base}/daftar`, {
    method: "POST",
    body: form({ nama: "Admin Bench", email, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  const challenge = await (await fetch(`${base}/captcha/altcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(
    JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }),
  ).toString("base64");
  const response = await fetch(`${base}/masuk`, {
    method: "POST",
    body: form({ email, password: PASSWORD, captcha }),
  });
  return cookiesOf(response).find((cookie) => /nyala_session=./.test(cookie));
}

/** First-load JS of a page (gzip), counted as first-load.mjs counts it. */
export const firstLoadJs = async (base, pathname, cookie) =>
  (await firstLoad(base, pathname, cookie ? { cookie } : {})).jsGzip;

/** A guest's cart with one dish, as "Tambah" without JavaScript fills it: its cookie. */
export async function filledCart(base) {
  const added = await fetch(`${base}/keranjang`, {
    method: "POST",
    body: new URLSearchParams({ intent: "tambah", menu: "es-nyala" }),
    redirect: "manual",
  });
  await added.arrayBuffer();
  return cookiesOf(added).find((cookie) => /nyala_keranjang=./.test(cookie));
}

/** A guest's order, checked out as the cart page's form does without JavaScript: its code and view cookie. */
export async function placeOrder(base) {
  const response = await fetch(`${base}/pesanan`, {
    method: "POST",
    headers: { cookie: await filledCart(base) },
    body: new URLSearchParams({
      nama: "Pelanggan Bench",
      whatsapp: "0812-3456-7890",
      cara: "ambil",
      waktu: "secepatnya",
    }),
  });
  const page = await response.text();
  return {
    code: /data-testid="order-code">(NY-[A-Z0-9]+)</.exec(page)?.[1],
    cookie: cookiesOf(response).find((cookie) => /nyala_lihat=./.test(cookie)),
  };
}

/**
 * One open page's event stream (a plain socket, as light as a browser's, from `localAddress`);
 * calls `onStatus(status)` per `status` event. Resolves with the request once it is open.
 */
export function watch(url, cookie, onStatus, localAddress) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { cookie, accept: "text/event-stream" }, agent: false, localAddress },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`${url}: ${response.statusCode}`));
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf("\n\n")) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const status = /"status":"([a-z]+)"/.exec(block)?.[1];
            if (status && block.includes("event: status")) onStatus(status);
          }
        });
        resolve(request);
      },
    );
    request.on("error", reject);
  });
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
