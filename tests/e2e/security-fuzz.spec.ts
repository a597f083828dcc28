import { oidcURL } from "../../playwright.config.ts";
import { normalizeEmail } from "../../app/features/accounts/email-rules.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  Client,
  createFuzzer,
  decodeData,
  expectNoLeak,
  firstValue,
  fuzz,
  googleSignIn,
  INPUTS_PER_ACTION,
  MIN_INPUTS,
  namedIntent,
  PASSWORD,
  register,
  sessionSet,
  SESSION_COOKIE,
  signIn,
  solvedCaptcha,
  summary,
  type Body,
  type Outcome,
} from "./support/fuzz.ts";
import { privatePort, startPrivateServer, type PrivateServer } from "./support/private-server.ts";

/**
 * Security suite, part 2: the accounts' and the admin's user and notification actions, each
 * intent with its own 500 generated inputs (empty, huge, unicode, control characters, numbers
 * past int4, wrong types and content types, duplicated and missing fields, SQL and script
 * payloads, real ids). Every answer is 2xx, 3xx or 4xx, never 5xx, without a stack trace, and the
 * database moved only by what was accepted. Sign-ins solve the real ALTCHA challenge, so part of
 * the /masuk inputs reach the password check. The spec has a server of its own (two admins, a
 * Google stand-in), so no other spec's users or notifications mix with what it counts.
 * The restaurant-operations actions are in security-fuzz-operations.spec.ts.
 * The generator is seeded (FUZZ_SEED), so a failure can be replayed.
 */
const seed = Number(process.env.FUZZ_SEED || Date.now() % 100_000);
const tag = `fz${seed.toString(36)}${Date.now().toString(36).slice(-4)}`;
const PORT = privatePort(8);
const ADMIN = "admin-fuzz@nyala.test";
const OTHER_ADMIN = "admin-fuzz-lain@nyala.test";
const MEMBER = `${tag}-anggota@contoh.test`;
const { fuzzBody, intentBody, fuzzString, pick, rand } = createFuzzer(seed, tag);

test.use({ baseURL: `http://localhost:${PORT}` });
test.describe.configure({ mode: "serial" });

let server: PrivateServer | undefined;
const clients = {} as Record<"nobody" | "admin" | "otherAdmin" | "probe", Client>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPrivateServer(PORT, {
    ADMIN_EMAILS: `${ADMIN},${OTHER_ADMIN}`,
    GOOGLE_CLIENT_ID: "nyala-e2e",
    GOOGLE_CLIENT_SECRET: "rahasia-e2e",
    GOOGLE_ISSUER: oidcURL,
    RATE_LIMIT_LOGIN_ADDRESS: "1000000",
    RATE_LIMIT_REGISTER_ADDRESS: "1000000",
  });
  const context = () => new Client(server!.baseURL);
  clients.nobody = context();
  clients.probe = context();
  await register(clients.nobody, ADMIN, "Admin Fuzz");
  await register(clients.nobody, OTHER_ADMIN, "Admin Fuzz Lain");
  await register(clients.nobody, MEMBER, "Anggota Fuzz");
  clients.admin = context();
  await signIn(clients.admin, ADMIN);
  clients.otherAdmin = context();
  await signIn(clients.otherAdmin, OTHER_ADMIN);
});

test.afterAll(async () => {
  await server?.stop();
});

function report(label: string, outcomes: Outcome[]) {
  const line = summary(label, seed, outcomes);
  test.info().annotations.push({ type: "fuzz", description: line });
  console.log(`fuzz ${line}`);
}

const accepted = (outcomes: Outcome[]) => outcomes.filter(({ status }) => status < 400);

interface Notification {
  id: number;
  sudahDibaca: boolean;
}

/** The admin's notifications as the page's loader gives them (the newest 50). */
async function notifications(client: Client): Promise<Notification[]> {
  const answer = await client.get("/admin/notifikasi-masuk.data?_routes=routes/admin/notifikasi-masuk");
  expect(answer.status).toBe(200);
  const data = decodeData(answer.text) as Record<string, { data: { notifications: Notification[] } }>;
  return data["routes/admin/notifikasi-masuk"]!.data.notifications;
}
const unreadIds = async (client: Client) =>
  (await notifications(client)).filter((item) => !item.sudahDibaca).map((item) => item.id);

interface ListedUser {
  id: string;
  email: string;
}

/** Every user the admin's search finds, all pages. */
async function allUsers(query: string): Promise<ListedUser[]> {
  const users: ListedUser[] = [];
  for (let page = 1; page <= 200; page++) {
    const answer = await clients.admin.get(
      `/admin/users.data?q=${encodeURIComponent(query)}&page=${page}&_routes=routes/admin/users`,
    );
    expect(answer.status).toBe(200);
    const data = decodeData(answer.text) as Record<
      string,
      { data: { result: { users: ListedUser[]; hasNext: boolean; page: number } } }
    >;
    const result = data["routes/admin/users"]!.data.result;
    expect(result.page, "the list reached the page asked for").toBe(page);
    users.push(...result.users.map(({ id, email }) => ({ id, email })));
    if (!result.hasNext) return users;
  }
  throw new Error(`more than 200 pages for "${query}"`);
}

/** The notification an input names, read as the action reads it. */
const namedNotification = (body: Body) => Number(firstValue(body, "id"));

test(`/admin/notifikasi-masuk: ${INPUTS_PER_ACTION} inputs for each intent (read, read-all), never 5xx; only what was accepted is marked, never another admin's`, async () => {
  test.setTimeout(240_000);
  // A few "Pengguna baru" notifications for both admins (a new inbox starts empty).
  for (let i = 0; i < 6; i++) await register(clients.nobody, `${tag}-notif-${i}@contoh.test`, `Notif ${i}`);
  const foreign = await unreadIds(clients.otherAdmin);
  const own = await unreadIds(clients.admin);
  expect(own.length, "unread notifications to protect").toBeGreaterThanOrEqual(5);
  expect(foreign.length).toBeGreaterThanOrEqual(5);
  const ids = [...own, ...foreign].map(String);

  // read: each notification is read exactly when an accepted input named it, and never one of
  // the other admin's (those answer 404).
  const reads = await fuzz(clients.admin, "/admin/notifikasi-masuk", seed, () =>
    rand() < 0.4
      ? {
          kind: "form",
          pairs: [
            ["intent", "read"],
            ["id", pick(own.slice(0, 2).concat(foreign).map(String))],
          ],
        }
      : intentBody("read", ["id", "id", "mode"], { ids }),
  );
  report("/admin/notifikasi-masuk read", reads);
  expect(reads.filter(({ body }) => namedIntent(body) === "read").length).toBeGreaterThanOrEqual(MIN_INPUTS);
  const readOnes = new Set(
    accepted(reads)
      .filter(({ body }) => firstValue(body, "intent") === "read")
      .map(({ body }) => namedNotification(body)),
  );
  expect(readOnes.size, "some reads were accepted").toBeGreaterThan(0);
  for (const id of foreign)
    expect(readOnes.has(id), `another admin's notification ${id} accepted`).toBe(false);
  const stillUnread = new Set(await unreadIds(clients.admin));
  for (const id of own) expect(stillUnread.has(id), `notification ${id} unread`).toBe(!readOnes.has(id));
  expect(await unreadIds(clients.otherAdmin), "the other admin's notifications").toEqual(foreign);

  // read-all, in two rounds with unread notifications before each. Bodies that are not a form
  // (JSON, plain text) first: refused, they must leave every notification unread. Then forms: an
  // accepted one reads all; if none was accepted, nothing changed either.
  const bodies = Array.from({ length: INPUTS_PER_ACTION }, () =>
    intentBody("read-all", ["id", "mode", "intent"], { ids }),
  );
  const rounds = [
    bodies.filter(({ kind }) => kind === "json" || kind === "text"),
    bodies.filter(({ kind }) => kind === "form" || kind === "multipart"),
  ];
  expect(Math.min(...rounds.map((round) => round.length)), "both rounds have inputs").toBeGreaterThan(20);
  const readAll: Outcome[] = [];
  for (const [index, round] of rounds.entries()) {
    await register(clients.nobody, `${tag}-semua-${index}@contoh.test`, `Semua ${index}`);
    const before = await unreadIds(clients.admin);
    expect(before.length).toBeGreaterThan(0);
    const outcomes = await fuzz(clients.admin, "/admin/notifikasi-masuk", seed + index, round);
    readAll.push(...outcomes);
    expect(await unreadIds(clients.admin), `unread after round ${index + 1}`).toEqual(
      accepted(outcomes).length > 0 ? [] : before,
    );
  }
  report("/admin/notifikasi-masuk read-all", readAll);
  expect(accepted(readAll).length, "read-all was accepted").toBeGreaterThan(0);
  expect(readAll.filter(({ body }) => namedIntent(body) === "read-all").length).toBeGreaterThanOrEqual(
    MIN_INPUTS,
  );
  const othersUnread = new Set(await unreadIds(clients.otherAdmin));
  for (const id of foreign) expect(othersUnread.has(id), `the other admin's notification ${id}`).toBe(true);
});

test(`/admin/pengaturan-notifikasi: ${INPUTS_PER_ACTION} inputs, never 5xx; the page shows what the last accepted input said`, async () => {
  test.setTimeout(180_000);
  const switches = ["pesananBaru", "penggunaBaru", "pesanKontak"] as const;
  // In order: what is saved at the end depends on which input came last.
  const saved = await fuzz(
    clients.admin,
    "/admin/pengaturan-notifikasi",
    seed,
    () =>
      rand() < 0.4
        ? {
            kind: "form",
            pairs: switches
              .filter(() => rand() < 0.5)
              .map((name) => [name, rand() < 0.9 ? "on" : fuzzString()]),
          }
        : fuzzBody(switches, { extraStrings: ["on", "off"] }),
    { concurrency: 1 },
  );
  report("/admin/pengaturan-notifikasi", saved);
  const lastAccepted = accepted(saved).at(-1);
  expect(lastAccepted, "some settings were saved").toBeDefined();
  const html = (await clients.admin.get("/admin/pengaturan-notifikasi")).text;
  const checked = (name: string) => new RegExp(`name="${name}"[^>]*checked`).test(html);
  const body = lastAccepted!.body;
  for (const name of switches) {
    const on =
      body.kind === "form"
        ? body.pairs.some(([field, value]) => field === name && value === "on")
        : body.kind === "multipart" && body.fields[name] === "on";
    expect(checked(name), `${name} after the fuzz run`).toBe(on);
  }
});

test(`/admin/notifikasi-push: ${INPUTS_PER_ACTION} inputs per intent, never 5xx; no fuzzed subscription is kept`, async () => {
  test.setTimeout(300_000);
  const fields = ["endpoint", "p256dh", "auth", "ulangan"];
  const extraStrings = [
    "https://fcm.googleapis.com/fcm/send/x",
    "http://127.0.0.1:9/push/x",
    "BPk",
    "0",
    "5",
    "21",
  ];
  for (const intent of ["nyalakan", "matikan", "uji", "ulangan"]) {
    const outcomes = await fuzz(clients.admin, "/admin/notifikasi-push", seed, () =>
      intentBody(intent, fields, { extraStrings }),
    );
    report(`/admin/notifikasi-push ${intent}`, outcomes);
  }
  const overview = await clients.admin.get("/admin/notifikasi-push");
  expect(JSON.parse(overview.text).devices).toEqual([]);
});

test(`/admin/users: ${INPUTS_PER_ACTION} inputs (intent delete) with real user ids, never 5xx; exactly the accounts an accepted input named are gone`, async () => {
  test.setTimeout(180_000);
  for (let i = 0; i < 12; i++)
    await register(clients.nobody, `${tag}-korban-${i}@contoh.test`, `Korban ${i}`);
  for (let i = 0; i < 2; i++) await register(clients.nobody, `${tag}-saksi-${i}@contoh.test`, `Saksi ${i}`);
  const victims = await allUsers(`${tag}-korban-`);
  const bystanders = await allUsers(`${tag}-saksi-`);
  expect(victims).toHaveLength(12);
  expect(bystanders).toHaveLength(2);
  const [self] = await allUsers(ADMIN);
  const [otherAdmin] = await allUsers(OTHER_ADMIN);
  const ids = [...victims.map(({ id }) => id), self!.id];
  const outcomes = await fuzz(clients.admin, "/admin/users", seed, () =>
    rand() < 0.25
      ? {
          kind: "form",
          pairs: [
            ["intent", "delete"],
            ["userId", pick(ids)],
          ],
        }
      : intentBody("delete", ["userId", "userId", "id"], {
          ids: [...ids, ` ${victims[0]!.id} `, victims[1]!.id.toLowerCase()],
          idFields: ["userId", "id"],
        }),
  );
  report("/admin/users delete", outcomes);
  expect(outcomes.filter(({ body }) => namedIntent(body) === "delete").length).toBeGreaterThanOrEqual(
    MIN_INPUTS,
  );
  const deletedBy = accepted(outcomes).map(({ body }) => (firstValue(body, "userId") ?? "").trim());
  expect(deletedBy.length, "some deletions were accepted").toBeGreaterThan(0);
  expect(deletedBy.length, "each account is deleted once").toBeLessThanOrEqual(victims.length);
  const remaining = new Set((await allUsers(tag)).map(({ id }) => id));
  for (const { id, email } of victims) {
    expect(remaining.has(id), `${email}: there exactly when no accepted input named it`).toBe(
      !deletedBy.includes(id),
    );
  }
  for (const { id, email } of bystanders) expect(remaining.has(id), email).toBe(true);
  expect(
    (await allUsers(ADMIN)).map(({ id }) => id),
    "the admin's own account",
  ).toEqual([self!.id]);
  expect((await allUsers(OTHER_ADMIN)).map(({ id }) => id)).toEqual([otherAdmin!.id]);
});

test(`/daftar: ${INPUTS_PER_ACTION} inputs, never 5xx; exactly the accepted registrations exist (all pages of users)`, async () => {
  test.setTimeout(240_000);
  let n = 0;
  const valid = (): [string, string][] => [
    ["nama", pick(["Budi Santoso", "Siti", "Ayu Lestari"])],
    ["email", `${tag}.daftar${++n}@contoh.test`],
    ["password", PASSWORD],
    ["confirmPassword", PASSWORD],
    ["mode", pick(["fetch", ""])],
  ];
  const outcomes = await fuzz(clients.nobody, "/daftar", seed, () => {
    if (rand() < 0.5) return fuzzBody(["nama", "email", "password", "confirmPassword", "mode"]);
    const pairs = valid();
    for (let i = pick([0, 0, 1, 2]); i > 0; i--) {
      const index = Math.floor(rand() * pairs.length);
      pairs[index] = [pairs[index]![0], fuzzString([PASSWORD, `${tag}.daftar${n}@contoh.test`])];
    }
    return { kind: "form", pairs };
  });
  report("/daftar", outcomes);
  const email = (body: Body) => normalizeEmail(firstValue(body, "email") ?? "");
  const acceptedEmails = new Set(accepted(outcomes).map(({ body }) => email(body)));
  expect(acceptedEmails.size, "some registrations were accepted").toBeGreaterThan(0);
  const created = new Set(
    (await allUsers(`${tag}.`)).map((user) => user.email).filter((address) => address.startsWith(`${tag}.`)),
  );
  expect(created.size, "more users than one page of the list").toBeGreaterThan(20);
  // Every account with the run's tag came from an accepted input, and every accepted input made one.
  expect([...created].sort()).toEqual(
    [...acceptedEmails].filter((address) => address.startsWith(`${tag}.`)).sort(),
  );
});

test(`/masuk: ${INPUTS_PER_ACTION} inputs, part with a solved captcha; never 5xx; a session only for the right password`, async () => {
  test.setTimeout(240_000);
  const client = new Client(server!.baseURL);
  // One input in ten carries a freshly solved ALTCHA challenge and so reaches the password check.
  const solved: string[] = [];
  for (let i = 0; i < Math.ceil(INPUTS_PER_ACTION / 10); i++) solved.push(await solvedCaptcha(client));
  const used = [...solved];
  const redirects = [
    "/beranda",
    "/admin",
    "//penyerang.example",
    "https://penyerang.example",
    "/\\penyerang.example",
  ];
  const bodies: Body[] = [];
  for (let i = 0; i < INPUTS_PER_ACTION; i++) {
    if (i % 10 === 0) {
      const own = rand() < 0.5;
      const pairs: [string, string][] = [
        [
          "email",
          own
            ? pick([MEMBER, MEMBER.toUpperCase(), ` ${MEMBER} `])
            : pick([`${tag}.tidak-ada@contoh.test`, fuzzString()]),
        ],
        ["password", own ? PASSWORD : pick(["salah-sekali", fuzzString([PASSWORD])])],
        ["captcha", solved.pop()!],
        ["redirectTo", pick([...redirects, fuzzString()])],
      ];
      if (rand() < 0.5) pairs.push(["mode", "fetch"]);
      bodies.push(
        pick<Body>([
          { kind: "form", pairs },
          { kind: "multipart", fields: Object.fromEntries(pairs) },
        ]),
      );
    } else {
      bodies.push(
        fuzzBody(["email", "password", "captcha", "mode", "redirectTo"], {
          // Real e-mail and password, but a used or forged captcha.
          extraStrings: [MEMBER, PASSWORD, ...used.slice(0, 3), "eyJjaGFsbGVuZ2UiOnt9fQ==", "x".repeat(5000)],
        }),
      );
    }
  }
  const outcomes = await fuzz(client, "/masuk", seed, bodies, { concurrency: 1 });
  report("/masuk", outcomes);
  const signedIn = outcomes.filter(({ session }) => session);
  for (const { body, status, location, session } of outcomes) {
    const label = JSON.stringify(body).slice(0, 200);
    const captcha = firstValue(body, "captcha")?.trim() ?? "";
    if (session) {
      expect(status < 400, label).toBe(true);
      expect(firstValue(body, "password"), `${label}: signed in without the password`).toBe(PASSWORD);
      expect(firstValue(body, "email")?.trim().toLowerCase(), label).toBe(MEMBER);
      expect(used.includes(captcha), `${label}: signed in without a solved captcha`).toBe(true);
      if (location) expect(location, `${label}: redirect stays on the site`).toMatch(/^\/(?![/\\])/);
    } else {
      expect(status, `${label}: accepted without a session`).toBeGreaterThanOrEqual(400);
    }
  }
  // Each solved challenge opens at most one session (single use), and some did.
  for (const token of used) {
    expect(
      signedIn.filter(({ body }) => firstValue(body, "captcha")?.trim() === token).length,
    ).toBeLessThanOrEqual(1);
  }
  expect(signedIn.length, "the right password with a solved captcha signs in").toBeGreaterThan(0);
  const passwordChecked = outcomes.filter(({ status }) => status === 401);
  expect(passwordChecked.length, "inputs that reached the password check (401)").toBeGreaterThan(0);
});

test(`/keluar: ${INPUTS_PER_ACTION} inputs signed out and ${INPUTS_PER_ACTION} signed in, never 5xx; redirects stay on the site; an accepted one ends the session on the server, a refused one does not`, async () => {
  test.setTimeout(240_000);
  const sameSite = /^\/(?![/\\])/;
  const signedOut = await fuzz(clients.nobody, "/keluar", seed, () =>
    fuzzBody(["mode", "redirectTo"], { extraStrings: ["fetch", "/beranda", "//penyerang.example"] }),
  );
  report("/keluar signed out", signedOut);
  for (const { location, body } of signedOut)
    if (location) expect(location, JSON.stringify(body).slice(0, 200)).toMatch(sameSite);

  // Signed in: a session per input until one is accepted, then a new one (Google sign-in).
  const client = new Client(server!.baseURL);
  let token = await googleSignIn(client);
  const signedInOutcomes: Outcome[] = [];
  for (let i = 0; i < INPUTS_PER_ACTION; i++) {
    const body = fuzzBody(["mode", "redirectTo"], {
      extraStrings: ["fetch", "/beranda", "//penyerang.example"],
    });
    const url = rand() < 0.5 ? "/keluar.data" : "/keluar";
    const label = `seed ${seed}, signed-in input ${i} to ${url}: ${JSON.stringify(body).slice(0, 200)}`;
    const answer = await client.post(url, body);
    expectNoLeak(answer, label);
    const { status } = answer;
    const location = answer.header("location");
    if (location) expect(location, label).toMatch(sameSite);
    signedInOutcomes.push({ body, url, status, location, session: sessionSet(answer) });
    // The old cookie, sent again by someone who kept it: dead after an accepted logout (401),
    // still the customer's after a refused one (403 on an admin page).
    const probe = await clients.probe.get("/admin/dashboard.data", { cookie: `${SESSION_COOKIE}=${token}` });
    expect(probe.status, `${label}: session after a ${status}`).toBe(status < 400 ? 401 : 403);
    if (status < 400) {
      expect(sessionSet(answer), `${label}: the cookie is cleared`).toBe("");
      token = await googleSignIn(client);
    }
  }
  report("/keluar signed in", signedInOutcomes);
  expect(accepted(signedInOutcomes).length, "logouts accepted").toBeGreaterThan(0);
  expect(signedInOutcomes.length - accepted(signedInOutcomes).length, "logouts refused").toBeGreaterThan(0);
});
