// The production server as the newer bench scripts start it (compressed-pages, menu-render,
// lighthouse): on a free port and a throwaway data directory, with a signed-in admin when asked.
// BUILD_DIR picks the build (two builds side by side: `BUILD_DIR=build-main npm run build`).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/** What a browser sends with every request: the bench must be served as one is. */
export const BROWSER_HEADERS = {
  "accept-encoding": "gzip, deflate, br, zstd",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
};

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts `scripts/serve.sh` and resolves once /healthz answers ready. `prepare(dataDir)` runs
 * before the start (seeding the directory). Returns `{ base, pid, dataDir, stop() }`.
 */
export async function startServer({ env = {}, prepare } = {}) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-bench-"));
  if (prepare) await prepare(dataDir);
  const child = spawn("bash", ["scripts/serve.sh"], {
    // NYALA_TEST_MODE: the bench's `.test` admins are proven by their password (decision 0050).
    env: {
      ...process.env,
      NODE_ENV: "production",
      VAPID_SUBJECT: "mailto:pemilik@mienyala.co.id",
      PORT: String(port),
      DATA_DIR: dataDir,
      NYALA_TEST_MODE: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error("the server exited while starting");
      const ready = await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (i > 900) throw new Error("the server did not start within 90 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: child.pid, dataDir, stop };
}

/**
 * Registers `email` and signs it in as the login form does (the ALTCHA solved here, as the widget
 * does); returns the session's Cookie header. An admin is one listed in the server's ADMIN_EMAILS.
 */
export async function signIn(base, email, password = "rahasia123") {
  const post = (pathname, values) =>
    fetch(`${base}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base },
      body: new URLSearchParams({ ...values, mode: "fetch" }),
    });
  await (
    await post("/daftar", { nama: "Pengguna Bench", email, password, confirmPassword: password })
  ).arrayBuffer();
  const challenge = await (await fetch(`${base}/captcha/altcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(
    JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }),
  ).toString("base64");
  const login = await post("/masuk", { email, password, captcha });
  const session = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => /nyala_session=./.test(cookie));
  if (!session) throw new Error(`signing ${email} in: ${login.status}`);
  return session;
}

/** min / median / max of a list, as the bench prints them. */
export function spread(values, digits = 0) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index) => sorted[index].toFixed(digits);
  return `${at(0)} / ${at(Math.floor(sorted.length / 2))} / ${at(sorted.length - 1)}`;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
