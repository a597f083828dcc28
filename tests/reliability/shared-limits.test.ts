import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../database/client.server.ts";
import { orders, users } from "../../database/schema.ts";
import {
  dropDatabases,
  freshDatabase,
  logIn,
  PASSWORD,
  register,
  registerAnswer,
  solvedCaptcha,
  startServer,
  submitOrder,
  type Server,
} from "./servers.ts";
import { readPicture } from "../support/picture-solver.ts";

/**
 * Brute force and abuse (issue #6, security section): the per-address limits on login failures,
 * registrations and orders, and the per-account login limit, hold across two app servers that
 * share one PostgreSQL database. Requests alternate between the servers or arrive at both at
 * once; in either case the total allowed is the limit, not twice it. An account's known device
 * (issue #20) is recognised by both servers, whose signing secret the database holds.
 *
 * The two servers stand behind a load balancer (TRUST_PROXY=1): each test is one client address,
 * sent in X-Forwarded-For, so the tests do not share counters. The limits are small here only,
 * except the no-JavaScript budget's (5 per address, 30 over the shop: issue #38, decision 0049).
 */
afterAll(dropDatabases);

const LIMIT = 4;
const LIMITS = {
  TRUST_PROXY: "1",
  RATE_LIMIT_LOGIN_ACCOUNT: String(LIMIT),
  RATE_LIMIT_LOGIN_ACCOUNT_TOTAL: String(LIMIT),
  RATE_LIMIT_LOGIN_ADDRESS: String(LIMIT),
  RATE_LIMIT_REGISTER_ADDRESS: String(LIMIT),
  RATE_LIMIT_ORDER_ADDRESS: String(LIMIT),
};
/** Attempts sent at once in the simultaneous tests: three times the limit. */
const BURST = 3 * LIMIT;

let clients = 0;
/** A new client address (TEST-NET-3), as the load balancer reports it. */
const client = () => ({ "x-forwarded-for": `203.0.113.${++clients}` });
const email = (label: string) => `${label}-${randomBytes(5).toString("hex")}@contoh.test`;

let a: Server;
let b: Server;
let handle: DatabaseHandle;
/** Server A for even attempts, B for odd ones. */
const either = (i: number) => (i % 2 === 0 ? a : b);

beforeAll(async () => {
  const databaseUrl = await freshDatabase();
  [a, b] = await Promise.all([startServer({ databaseUrl }, LIMITS), startServer({ databaseUrl }, LIMITS)]);
  handle = await openDatabase({ databaseUrl });
});
afterAll(async () => {
  await handle?.close();
  await Promise.all([a?.stop(), b?.stop()]);
});

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("login: failed attempts per client address, on two servers", () => {
  it("alternating between the servers, the limit's worth of failures, then 429 on both", async () => {
    const from = client();
    for (let i = 0; i < LIMIT; i++) {
      // A different unknown account each time: only the address counter adds up.
      expect((await logIn(either(i), email("tebak"), "salah-sekali", undefined, from)).status).toBe(401);
    }
    expect((await logIn(a, email("tebak"), "salah-sekali", undefined, from)).status).toBe(429);
    expect((await logIn(b, email("tebak"), "salah-sekali", undefined, from)).status).toBe(429);
    // Another address is not affected: the 429 above is this address's limit.
    expect((await logIn(b, email("tebak"), "salah-sekali", undefined, client())).status).toBe(401);
  });

  it("sent to both servers at once, only the limit's worth are checked; the rest get 429", async () => {
    const from = client();
    const captchas = await Promise.all(Array.from({ length: BURST }, (_, i) => solvedCaptcha(either(i))));
    const statuses = await Promise.all(
      captchas.map(
        async (captcha, i) => (await logIn(either(i), email("tebak"), "salah", captcha, from)).status,
      ),
    );
    expect(count(statuses, 401) + count(statuses, 429), `answers: ${statuses.join(",")}`).toBe(BURST);
    expect(count(statuses, 401), `password checks answered, of ${BURST} sent: ${statuses.join(",")}`).toBe(
      LIMIT,
    );
  });
});

describe("login: failed attempts per account, on two servers", () => {
  it("guesses at one account sent to both servers at once: only the limit's worth are checked", async () => {
    const target = email("sasaran");
    expect(await register(a, target, "Pelanggan Uji", client())).toBe(200);
    // The owner signs in once on server A: that browser is now a known device of the account.
    const owner = await logIn(a, target, PASSWORD, undefined, client());
    expect(owner.status).toBe(200);
    expect(owner.device).toBeTruthy();
    const captchas = await Promise.all(Array.from({ length: BURST }, (_, i) => solvedCaptcha(either(i))));
    // Each guess from its own address: only the account's counter is in play.
    const statuses = await Promise.all(
      captchas.map(
        async (captcha, i) => (await logIn(either(i), target, `salah-${i}`, captcha, client())).status,
      ),
    );
    expect(count(statuses, 401) + count(statuses, 429), `answers: ${statuses.join(",")}`).toBe(BURST);
    expect(count(statuses, 401), `password checks answered, of ${BURST} sent: ${statuses.join(",")}`).toBe(
      LIMIT,
    );
    // Devices the account does not know wait now, even with its password, on both servers.
    expect((await logIn(a, target, PASSWORD, undefined, client())).status).toBe(429);
    expect((await logIn(b, target, PASSWORD, undefined, client())).status).toBe(429);
    // The owner's known device is not: it signs in on either server (issue #20).
    for (const server of [a, b]) {
      const again = await logIn(server, target, PASSWORD, undefined, { ...client(), cookie: owner.device! });
      expect(again.status).toBe(200);
      expect(again.cookie).toBeTruthy();
    }
  });
});

/** The no-JavaScript login page's picture, read by the attacker's program: its form's fields. */
async function pictureForm(server: Server, headers: Record<string, string>) {
  const page = await (await fetch(`${server.url}/masuk`, { headers })).text();
  const token = /name="captcha_gambar" value="([^"]+)"/.exec(page)?.[1] ?? "";
  const picture = /src="(data:image\/svg\+xml;base64,[^"]+)"/.exec(page)?.[1] ?? "";
  return { captcha_gambar: token, captcha_jawaban: readPicture(picture) ?? "" };
}

/** POST /masuk as the page without JavaScript sends it; the status. */
async function postPictureLogin(
  server: Server,
  fields: Record<string, string>,
  headers: Record<string, string>,
) {
  const response = await fetch(`${server.url}/masuk`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

const pictureLogin = async (
  server: Server,
  email: string,
  password: string,
  headers: Record<string, string>,
) => postPictureLogin(server, { email, password, ...(await pictureForm(server, headers)) }, headers);

describe("login without JavaScript: the shop's budget, on two servers", () => {
  it("80 picture logins at once from one address spend 5 of it; a customer elsewhere signs in", async () => {
    const from = client();
    // Every picture read first, then all 80 logins sent at once (made-up e-mails).
    const forms = await Promise.all(Array.from({ length: 80 }, (_, i) => pictureForm(either(i), from)));
    const statuses = await Promise.all(
      forms.map((fields, i) =>
        postPictureLogin(either(i), { email: email("karangan"), password: "salah-tebak", ...fields }, from),
      ),
    );
    // The address's own login limit (4 here) checks fewer than its picture budget (5) lets by.
    expect(count(statuses, 401), `answers: ${statuses.join(",")}`).toBe(LIMIT);
    expect(count(statuses, 429)).toBe(80 - LIMIT);

    const customer = email("pelanggan");
    expect(await register(a, customer, "Pelanggan Uji", client())).toBe(200);
    const home = client();
    expect(await pictureLogin(b, customer, "salah-ketik", home)).toBe(401);
    expect(await pictureLogin(a, customer, PASSWORD, home)).toBe(302);
    expect(await pictureLogin(b, customer, PASSWORD, client())).toBe(302);
  });
});

describe("registration: accounts per client address, on two servers", () => {
  it("alternating between the servers, the limit's worth of accounts, then 429 on both", async () => {
    const from = client();
    const created: string[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const address = email("daftar");
      expect(await register(either(i), address, "Pelanggan Uji", from)).toBe(200);
      created.push(address);
    }
    expect(await register(a, email("daftar"), "Pelanggan Uji", from)).toBe(429);
    expect(await register(b, email("daftar"), "Pelanggan Uji", from)).toBe(429);
    const stored = await handle.db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, created));
    expect(stored).toHaveLength(LIMIT);
    // Another address is not affected: the 429 above is this address's limit.
    expect(await register(b, email("daftar"), "Pelanggan Uji", client())).toBe(200);
  });

  it("sent to both servers at once: exactly the limit's worth of accounts are created", async () => {
    const from = client();
    const addresses = Array.from({ length: BURST }, () => email("daftar"));
    const statuses = await Promise.all(
      addresses.map((address, i) => register(either(i), address, "Pelanggan Uji", from)),
    );
    expect(count(statuses, 200) + count(statuses, 429), `answers: ${statuses.join(",")}`).toBe(BURST);
    expect(count(statuses, 200)).toBe(LIMIT);
    const stored = await handle.db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, addresses));
    expect(stored.map((row) => row.email).sort()).toEqual(
      addresses.filter((_, i) => statuses[i] === 200).sort(),
    );
  });
});

describe("orders: POST /pesanan per client address, on two servers", () => {
  const ordersStored = async () =>
    (await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;

  it("alternating between the servers, the limit's worth of orders, then 429 on both", async () => {
    const from = client();
    for (let i = 0; i < LIMIT; i++) expect((await submitOrder(either(i), from)).status).toBe(201);
    expect((await submitOrder(a, from)).status).toBe(429);
    expect((await submitOrder(b, from)).status).toBe(429);
    // Another address is not affected.
    expect((await submitOrder(b, client())).status).toBe(201);
  });

  it("sent to both servers at once: exactly the limit's worth of orders are recorded", async () => {
    const before = await ordersStored();
    const from = client();
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => submitOrder(either(i), from)));
    const statuses = answers.map((answer) => answer.status);
    expect(count(statuses, 201) + count(statuses, 429), `answers: ${statuses.join(",")}`).toBe(BURST);
    expect(count(statuses, 201)).toBe(LIMIT);
    expect(await ordersStored()).toBe(before + LIMIT);
  });
});

describe("a client over a limit is told when to try again", () => {
  it("every 429 (registration, login, order) carries Retry-After, on both servers", async () => {
    const from = client();
    for (let i = 0; i < LIMIT; i++) {
      expect(await register(either(i), email("daftar"), "Pelanggan Uji", from)).toBe(200);
      expect((await logIn(either(i), email("tebak"), "salah-sekali", undefined, from)).status).toBe(401);
      expect((await submitOrder(either(i), from)).status).toBe(201);
    }
    const retryAfter: Record<string, string | null> = {};
    for (const [name, server] of Object.entries({ A: a, B: b })) {
      const registration = await registerAnswer(server, email("daftar"), "Pelanggan Uji", from);
      const login = await logIn(server, email("tebak"), "salah-sekali", undefined, from);
      const order = await submitOrder(server, from);
      expect([registration.status, login.status, order.status]).toEqual([429, 429, 429]);
      retryAfter[`POST /daftar on ${name}`] = registration.retryAfter;
      retryAfter[`POST /masuk on ${name}`] = login.retryAfter;
      retryAfter[`POST /pesanan on ${name}`] = order.retryAfter;
    }
    const missing = Object.entries(retryAfter)
      .filter(([, value]) => !(Number(value) > 0))
      .map(([request]) => request);
    expect(missing, "429 answers without a positive Retry-After").toEqual([]);
  });
});
