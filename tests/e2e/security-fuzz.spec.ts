import type { APIRequestContext } from "@playwright/test";
import { createAccount, logIn, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { createFuzzer, fuzz as fuzzInputs, INPUTS_PER_ACTION, send } from "./support/fuzz.ts";

/**
 * Security suite, part 2: every form action of the accounts and the admin's user pages gets 500
 * generated inputs (empty, huge, unicode, control characters, wrong types and content types,
 * duplicated and missing fields, SQL and script payloads). Every answer must be 2xx, 3xx or 4xx,
 * never 5xx, without a stack trace, and what the server refused must leave the database as it
 * was. The restaurant-operations actions are in security-fuzz-operations.spec.ts.
 * The generator is seeded (FUZZ_SEED), so a failure can be replayed.
 */
const seed = Number(process.env.FUZZ_SEED || Date.now() % 100_000);
const tag = `fz${seed.toString(36)}${Date.now().toString(36).slice(-4)}`;
const ADMIN_EMAIL = "admin-fuzz@nyala.test"; // in the e2e server's ADMIN_EMAILS
const { fuzzBody } = createFuzzer(seed, tag);
const fuzz = (client: Parameters<typeof send>[0], path: string, fields: readonly string[]) =>
  fuzzInputs(client, path, seed, () => fuzzBody(fields));

const clients = {} as { nobody: APIRequestContext; admin: APIRequestContext };
const survivors: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  clients.nobody = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await createAccount(clients.nobody, ADMIN_EMAIL, "Admin Fuzz");
  for (let i = 0; i < 2; i++) {
    const email = uniqueEmail(`bertahan-${tag}`);
    await createAccount(clients.nobody, email, `Bertahan ${tag} ${i}`);
    survivors.push(email);
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, ADMIN_EMAIL);
  await page.close();
  clients.admin = context.request;
});

async function usersMatching(query: string): Promise<string[]> {
  const html = await (await clients.admin.get(`/admin/users?q=${encodeURIComponent(query)}`)).text();
  return [...html.matchAll(/data-user-email="([^"]+)"/g)].map((match) => match[1]!);
}

test(`/daftar: ${INPUTS_PER_ACTION} inputs, never 5xx; a refused registration creates no account`, async () => {
  test.setTimeout(240_000);
  const outcomes = await fuzz(clients.nobody, "/daftar", [
    "nama",
    "email",
    "password",
    "confirmPassword",
    "mode",
  ]);
  const created = new Set(await usersMatching(tag));
  for (const { body, status } of outcomes) {
    if (body.kind !== "form" || status < 400) continue;
    const email = body.pairs
      .find(([name]) => name === "email")?.[1]
      ?.trim()
      .toLowerCase();
    if (!email?.includes(tag)) continue;
    // The same e-mail may have been accepted by another input; a refused one alone must not exist.
    const acceptedElsewhere = outcomes.some(
      (other) =>
        other.status < 400 &&
        other.body.kind === "form" &&
        other.body.pairs.some(([name, value]) => name === "email" && value.trim().toLowerCase() === email),
    );
    if (!acceptedElsewhere) expect(created.has(email), `refused but created: ${email}`).toBe(false);
  }
});

test(`/masuk: ${INPUTS_PER_ACTION} inputs, never 5xx, never a session`, async () => {
  test.setTimeout(240_000);
  const outcomes = await fuzz(clients.nobody, "/masuk", [
    "email",
    "password",
    "captcha",
    "mode",
    "redirectTo",
  ]);
  expect(
    outcomes.every(({ status }) => status >= 400),
    "no input without a solved captcha signs in",
  ).toBe(true);
  const cookies = await clients.nobody.storageState();
  expect(cookies.cookies.filter((cookie) => cookie.name.endsWith("nyala_session"))).toEqual([]);
});

test(`/keluar: ${INPUTS_PER_ACTION} inputs, never 5xx, and redirects only inside the site`, async () => {
  test.setTimeout(240_000);
  for (let i = 0; i < INPUTS_PER_ACTION; i++) {
    const body = fuzzBody(["mode", "redirectTo"]);
    const response = await send(clients.nobody, "/keluar", body);
    expect(response.status(), JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
    const location = response.headers().location;
    if (location) expect(location, JSON.stringify(body).slice(0, 200)).toMatch(/^\/(?![/\\])/);
  }
});

test(`admin actions: ${INPUTS_PER_ACTION} inputs each, never 5xx; refused input changes nothing`, async () => {
  test.setTimeout(420_000);
  const deletions = await fuzz(clients.admin, "/admin/users", ["intent", "userId"]);
  expect(deletions.filter(({ status }) => status === 200)).toEqual([]);
  for (const email of survivors) expect(await usersMatching(email)).toEqual([email]);

  const unreadBefore =
    (await (await clients.admin.get("/admin/notifikasi-masuk")).text()).match(/Belum dibaca/g)?.length ?? 0;
  const reads = await fuzz(clients.admin, "/admin/notifikasi-masuk", ["intent", "id"]);
  if (reads.every(({ status }) => status >= 400)) {
    const unreadAfter =
      (await (await clients.admin.get("/admin/notifikasi-masuk")).text()).match(/Belum dibaca/g)?.length ?? 0;
    expect(unreadAfter).toBe(unreadBefore);
  }

  const switches = ["pesananBaru", "pembayaran", "komentar", "sistem"] as const;
  const saved = await fuzz(clients.admin, "/admin/pengaturan-notifikasi", switches);
  // What the page shows is what the last accepted input said; refused inputs left no trace.
  const lastAccepted = saved.filter(({ status }) => status === 200).at(-1);
  const html = await (await clients.admin.get("/admin/pengaturan-notifikasi")).text();
  const checked = (name: string) => new RegExp(`name="${name}"[^>]*checked`).test(html);
  const expected = (name: string) => {
    if (!lastAccepted) return name !== "komentar"; // the defaults
    const body = lastAccepted.body;
    if (body.kind === "form") return body.pairs.some(([field, value]) => field === name && value === "on");
    if (body.kind === "multipart") return body.fields[name] === "on";
    return false;
  };
  for (const name of switches) expect(checked(name), `${name} after the fuzz run`).toBe(expected(name));
});
