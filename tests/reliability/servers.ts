/**
 * Real production servers for the reliability suite: `scripts/serve.sh` on the built app, on a
 * PGlite data directory or a PostgreSQL database, and an HTTP client that talks to them as a
 * browser's fetch would (forms, the session cookie, ALTCHA solved like the widget does).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

export const PASSWORD = "rahasia123";
/** The same key on every server, as the README asks for app servers side by side. */
const ALTCHA_HMAC_KEY = randomBytes(24).toString("hex");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface Server {
  url: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServer(
  database: { dataDir: string } | { databaseUrl: string },
  env: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawn("bash", ["scripts/serve.sh"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      ALTCHA_HMAC_KEY,
      // Every client here is 127.0.0.1: the per-address limits must not stop the stream.
      RATE_LIMIT_REGISTER_ADDRESS: "100000",
      RATE_LIMIT_LOGIN_ADDRESS: "100000",
      RATE_LIMIT_ORDER_ADDRESS: "100000",
      ...("dataDir" in database
        ? { DATA_DIR: database.dataDir, DATABASE_URL: "" }
        : { DATABASE_URL: database.databaseUrl }),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error("the server exited while starting");
    try {
      if ((await fetch(`${url}/beranda`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error("the server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

const form = (values: Record<string, string>) => new URLSearchParams({ mode: "fetch", ...values });

export async function register(server: Server, email: string, nama = "Pelanggan Uji"): Promise<number> {
  const response = await fetch(`${server.url}/daftar`, {
    method: "POST",
    body: form({ nama, email, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A solved challenge from `server`, as the login form's widget submits it. */
export async function solvedCaptcha(server: Server): Promise<string> {
  const challenge = await (await fetch(`${server.url}/captcha/altcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the ALTCHA challenge");
  const payload = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

export interface LoginAnswer {
  status: number;
  /** `name=value` of the session cookie, when the login set one. */
  cookie: string | null;
}

export async function logIn(
  server: Server,
  email: string,
  password: string,
  captcha?: string,
): Promise<LoginAnswer> {
  const response = await fetch(`${server.url}/masuk`, {
    method: "POST",
    body: form({ email, password, captcha: captcha ?? (await solvedCaptcha(server)) }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!)
    .find((value) => /nyala_session=./.test(value));
  return { status: response.status, cookie: cookie ?? null };
}

/** Whether `server` sees `email` signed in with this cookie (the page's own data names the user). */
export async function isSignedIn(server: Server, cookie: string, email: string): Promise<boolean> {
  const html = await (await fetch(`${server.url}/beranda`, { headers: { cookie } })).text();
  return html.includes(email);
}

export async function logOut(server: Server, cookie: string): Promise<number> {
  const response = await fetch(`${server.url}/keluar`, {
    method: "POST",
    body: form({}),
    headers: { cookie },
  });
  await response.arrayBuffer();
  return response.status;
}

/** Records an order the way the cart's checkout does; the code when the server accepted it. */
export async function recordOrder(server: Server): Promise<string | null> {
  const items = JSON.stringify([
    { id: "mie-nyala-level-1", jumlah: 2, level: 3, catatan: "tanpa daun bawang" },
    { id: "es-teh-jumbo", jumlah: 1 },
  ]);
  const response = await fetch(`${server.url}/pesanan`, {
    method: "POST",
    body: new URLSearchParams({ items }),
  });
  const answer = (await response.json()) as { code?: string };
  return response.status === 201 && answer.code ? answer.code : null;
}

/** Marks a menu item sold out through /admin/menu, as the list's "Tandai habis" button does. */
export async function markSoldOut(server: Server, cookie: string, id: string): Promise<number> {
  const response = await fetch(`${server.url}/admin/menu`, {
    method: "POST",
    body: new URLSearchParams({ intent: "habis", id }),
    headers: { cookie, origin: server.url },
  });
  await response.arrayBuffer();
  return response.status;
}

/** Whether /produk on `server` shows the item's card as sold out (what a customer sees). */
export async function showsSoldOut(server: Server, nama: string): Promise<boolean> {
  const html = await (await fetch(`${server.url}/produk`)).text();
  const card = html
    .split('data-testid="product-card"')
    .slice(1)
    .find((part) => part.includes(`>${nama}<`));
  if (!card) throw new Error(`no card for ${nama} on /produk`);
  return /^[^>]*data-sold-out="true"/.test(card);
}
