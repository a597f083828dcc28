/**
 * Real production servers for the reliability suite: `scripts/serve.sh` on the built app (in
 * ${BUILD_DIR:-build}), on a PGlite data directory or a PostgreSQL database, each on a free port,
 * and an HTTP client that talks to them as a browser's fetch would (forms, the session cookie,
 * ALTCHA solved like the widget does).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import pg from "pg";

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

/** A throwaway database on the suite's PostgreSQL server (TEST_DATABASE_URL, scripts/with-postgres.sh). */
const createdDatabases: string[] = [];

function postgresServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set: run through scripts/with-postgres.sh");
  return url;
}

export async function freshDatabase(): Promise<string> {
  const name = `nyala_rel_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresServerUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops every database `freshDatabase` made in this test file. */
export async function dropDatabases() {
  if (createdDatabases.length === 0) return;
  const admin = new pg.Client({ connectionString: postgresServerUrl() });
  await admin.connect();
  for (const name of createdDatabases.splice(0))
    await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

export interface Server {
  url: string;
  process: ChildProcess;
  /** What the server printed (stdout and stderr, line by line) when started with `log: true`. */
  log: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The contact push services may reach, required in production (a real domain, not a placeholder). */
export const VAPID_SUBJECT = "mailto:pemilik@mienyala.co.id";

export async function startServer(
  database: { dataDir: string } | { databaseUrl: string },
  env: Record<string, string> = {},
  { log: keepLog = false }: { log?: boolean } = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawn("bash", ["scripts/serve.sh"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      ALTCHA_HMAC_KEY,
      // A test run: ADMIN_EMAILS's `.test` addresses are proven by their password (decision 0050).
      NYALA_TEST_MODE: "1",
      // Every client here is 127.0.0.1: the per-address limits must not stop the stream.
      RATE_LIMIT_REGISTER_ADDRESS: "100000",
      RATE_LIMIT_LOGIN_ADDRESS: "100000",
      RATE_LIMIT_ORDER_ADDRESS: "100000",
      RATE_LIMIT_CART_ADDRESS: "100000",
      VAPID_SUBJECT,
      ...("dataDir" in database
        ? { DATA_DIR: database.dataDir, DATABASE_URL: "" }
        : { DATABASE_URL: database.databaseUrl }),
      ...env,
    },
    stdio: ["ignore", keepLog ? "pipe" : "ignore", keepLog ? "pipe" : "inherit"],
  });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream?.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop()!;
      log.push(...lines.filter(Boolean));
    });
    stream?.on("end", () => partial && log.push(partial));
  }
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
    log,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

const form = (values: Record<string, string>) => new URLSearchParams({ mode: "fetch", ...values });

/**
 * Extra request headers, e.g. `X-Forwarded-For` as a load balancer sets it, for servers started
 * with TRUST_PROXY=1.
 */
export type ExtraHeaders = Record<string, string>;

export interface Answer {
  status: number;
  body: string;
  retryAfter: string | null;
}

/** POST /daftar as the registration form's fetcher does; the whole answer. */
export async function registerAnswer(
  server: Server,
  email: string,
  nama = "Pelanggan Uji",
  headers: ExtraHeaders = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}/daftar`, {
    method: "POST",
    body: form({ nama, email, password: PASSWORD, confirmPassword: PASSWORD }),
    headers,
  });
  return {
    status: response.status,
    body: await response.text(),
    retryAfter: response.headers.get("retry-after"),
  };
}

export async function register(
  server: Server,
  email: string,
  nama = "Pelanggan Uji",
  headers: ExtraHeaders = {},
): Promise<number> {
  return (await registerAnswer(server, email, nama, headers)).status;
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
  /** `name=value` of the known-device cookie, when the login set one. */
  device: string | null;
  retryAfter: string | null;
}

export async function logIn(
  server: Server,
  email: string,
  password: string,
  captcha?: string,
  headers: ExtraHeaders = {},
): Promise<LoginAnswer> {
  const response = await fetch(`${server.url}/masuk`, {
    method: "POST",
    body: form({ email, password, captcha: captcha ?? (await solvedCaptcha(server)) }),
    headers,
  });
  await response.arrayBuffer();
  const cookies = response.headers.getSetCookie().map((value) => value.split(";")[0]!);
  return {
    status: response.status,
    cookie: cookies.find((value) => /nyala_session=./.test(value)) ?? null,
    device: cookies.find((value) => /nyala_perangkat=./.test(value)) ?? null,
    retryAfter: response.headers.get("retry-after"),
  };
}

/**
 * Whether the session `cookie` is signed in on `server`: its storefront page offers Keluar. (The
 * page itself names nobody: pages are shared by every customer, docs/decisions/0019.)
 */
export async function isSignedIn(server: Server, cookie: string): Promise<boolean> {
  const html = await (await fetch(`${server.url}/beranda`, { headers: { cookie } })).text();
  return html.includes(">Keluar</button>");
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

/**
 * A cart filled as a browser without JavaScript does it: three "Tambah" (POST /keranjang, the
 * cart cookie kept). Returns the Cookie header that names the cart.
 */
export async function fillCart(server: Server, headers: ExtraHeaders = {}): Promise<string> {
  let cookie = "";
  const adds: Record<string, string>[] = [
    { intent: "tambah", menu: "mie-nyala-level-1", level: "3" },
    { intent: "tambah", menu: "mie-nyala-level-1", level: "3" },
    { intent: "tambah", menu: "es-teh-jumbo" },
  ];
  for (const values of adds) {
    const added = await fetch(`${server.url}/keranjang`, {
      method: "POST",
      body: new URLSearchParams(values),
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    });
    await added.arrayBuffer();
    if (added.status !== 303) throw new Error(`adding to the cart: ${added.status}`);
    cookie = added.headers.getSetCookie()[0]?.split(";")[0] ?? cookie;
  }
  return cookie;
}

/** The checkout's details of a guest picking the order up as soon as possible. */
export const CHECKOUT_DETAILS = {
  nama: "Pelanggan Uji",
  whatsapp: "0812-3456-7890",
  cara: "ambil",
  waktu: "secepatnya",
};

/**
 * The cart page's form as /pesanan takes it: a note for the dish (the lines come from the cart)
 * and the checkout's details.
 */
export const CHECKOUT_FORM = new URLSearchParams({
  "catatan:mie-nyala-level-1#3": "tanpa daun bawang",
  ...CHECKOUT_DETAILS,
}).toString();

/** The order code on the checkout's page (201), or null. */
export const orderCodeIn = (page: string): string | null =>
  /data-testid="order-code">(NY-[A-Z0-9]+)</.exec(page)?.[1] ?? null;

/**
 * A cart filled and checked out as a browser without JavaScript does it (fillCart, then the cart
 * page's form posted to /pesanan). Returns the checkout's status and, when the order was
 * recorded, its code (read from the page) and the cookie that lets this browser see its page
 * (`name=value`).
 */
export async function submitOrder(
  server: Server,
  headers: ExtraHeaders = {},
): Promise<{
  status: number;
  code: string | null;
  retryAfter: string | null;
  viewCookie: string | null;
  /** What the browser then holds (its cart and pending order cookies), for a next request. */
  cookies: string;
}> {
  const cookie = await fillCart(server, headers);
  const response = await fetch(`${server.url}/pesanan`, {
    method: "POST",
    body: CHECKOUT_FORM,
    headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  const page = await response.text();
  const viewCookie = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => /nyala_lihat=./.test(cookie));
  return {
    status: response.status,
    code: response.status === 201 ? orderCodeIn(page) : null,
    retryAfter: response.headers.get("retry-after"),
    viewCookie: viewCookie ?? null,
    cookies: [cookie, ...response.headers.getSetCookie().map((set) => set.split(";")[0]!)].join("; "),
  };
}

/** "Ya, sudah terkirim" from the browser that placed the order (submitOrder's cookies). */
export async function confirmSent(server: Server, cookies: string): Promise<number> {
  const response = await fetch(`${server.url}/pesanan`, {
    method: "POST",
    body: new URLSearchParams({ intent: "terkirim" }),
    headers: { cookie: cookies, "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  await response.body?.cancel();
  return response.status;
}

export interface OrderAttempt {
  status: number;
  code: string | null;
  body: string;
  retryAfter: string | null;
}

/**
 * One order as a browser without JavaScript places it, a "Tambah" then the cart page's form,
 * whatever the answers: the first that is not a success, or the checkout's with its code.
 */
export async function attemptOrder(server: Server): Promise<OrderAttempt> {
  const added = await fetch(`${server.url}/keranjang`, {
    method: "POST",
    body: new URLSearchParams({ intent: "tambah", menu: "mie-nyala-level-1", level: "3" }),
    redirect: "manual",
  });
  const addedBody = await added.text();
  if (added.status !== 303)
    return {
      status: added.status,
      code: null,
      body: addedBody,
      retryAfter: added.headers.get("retry-after"),
    };
  const cookie = added.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  const response = await fetch(`${server.url}/pesanan`, {
    method: "POST",
    body: CHECKOUT_FORM,
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  const body = await response.text();
  return {
    status: response.status,
    code: response.status === 201 ? orderCodeIn(body) : null,
    body,
    retryAfter: response.headers.get("retry-after"),
  };
}

/** Records an order the way the cart's checkout does; the code when the server accepted it. */
export async function recordOrder(server: Server): Promise<string | null> {
  return (await submitOrder(server)).code;
}

/** A signed-in session of `email` (in the server's ADMIN_EMAILS): registered if need be, then logged in. */
export async function adminSession(server: Server, email: string): Promise<string> {
  const registered = await register(server, email, "Admin Uji");
  if (registered !== 200 && registered !== 409) throw new Error(`registering ${email}: ${registered}`);
  const login = await logIn(server, email, PASSWORD);
  if (login.status !== 200 || !login.cookie) throw new Error(`logging in ${email}: ${login.status}`);
  return login.cookie;
}

/**
 * Saves a menu item through /admin/menu as its edit form does: multipart, intent=update, the
 * text fields, and the file input left empty (a nameless, empty file) unless a photo is given.
 * Returns the status.
 */
export async function editMenuItem(
  server: Server,
  cookie: string,
  id: string,
  fields: Record<string, string>,
  photo: File = new File([], "", { type: "application/octet-stream" }),
): Promise<number> {
  const body = new FormData();
  body.set("intent", "update");
  body.set("id", id);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("foto", photo);
  const response = await fetch(`${server.url}/admin/menu`, {
    method: "POST",
    body,
    headers: { cookie, origin: server.url },
  });
  await response.arrayBuffer();
  return response.status;
}

/** The status of GET `path` with this cookie (an admin page answers 401 to nobody signed in). */
export async function pageStatus(server: Server, cookie: string, path: string): Promise<number> {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

/** The id of the account `email`, read from /admin/users' search as the admin sees it. */
export async function userIdFromAdminList(server: Server, cookie: string, email: string): Promise<string> {
  const response = await fetch(`${server.url}/admin/users?q=${encodeURIComponent(email)}`, {
    headers: { cookie },
  });
  const html = await response.text();
  // A row's forms (its role, Hapus) each name it.
  const ids = [...new Set([...html.matchAll(/name="userId" value="([^"]+)"/g)].map((match) => match[1]!))];
  if (response.status !== 200 || ids.length !== 1)
    throw new Error(`/admin/users?q=${email}: ${response.status}, ${ids.length} rows`);
  return ids[0]!;
}

/** Deletes an account through /admin/users as its "Hapus" confirmation does; the status. */
export async function deleteUserAsAdmin(server: Server, cookie: string, userId: string): Promise<number> {
  const response = await fetch(`${server.url}/admin/users`, {
    method: "POST",
    body: new URLSearchParams({ intent: "delete", userId }),
    headers: { cookie, origin: server.url },
  });
  await response.arrayBuffer();
  return response.status;
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
