import type { Browser, Page } from "@playwright/test";
import {
  createAccount,
  EXPECTED_HTTP_ERRORS,
  fillLogin,
  logIn,
  mainNav,
  solveCaptcha,
  uniqueEmail,
} from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { Client, PASSWORD, solvedCaptcha } from "./support/fuzz.ts";
import { privatePort, startPrivateServer, type PrivateServer } from "./support/private-server.ts";

/**
 * Security suite, issue #20: the captcha is solved by a script in a fraction of a second, and
 * five wrong passwords used to lock any account (the admin's too) for 15 minutes, the right
 * password included. Now an attacker's failures slow down devices the account does not know,
 * and never the browser the owner signed in on before
 * (docs/decisions/0016-login-throttling-and-known-devices.md).
 *
 * The server stands behind a "proxy" (TRUST_PROXY=1), so each attacker request names its own
 * address in X-Forwarded-For; the owner's browser sends none and is 127.0.0.1. Default limits:
 * 5 failures per account from one address, 10 per account from all unknown devices.
 */
const PORT = privatePort(32);
const BLOCKED = "Terlalu banyak percobaan. Coba lagi dalam 15 menit.";

test.use({ baseURL: `http://localhost:${PORT}` });
test.describe.configure({ mode: "serial" });

let server: PrivateServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPrivateServer(PORT, { TRUST_PROXY: "1", ADMIN_EMAILS: "pemilik-toko@nyala.test" });
});
test.afterAll(async () => {
  await server?.stop();
});

let addresses = 0;
/** An attacker's request from its own address (TEST-NET-3). */
async function guess(email: string, password = "tebakan-salah", address = `203.0.113.${++addresses}`) {
  const attacker = new Client(server!.baseURL);
  const captcha = await solvedCaptcha(attacker);
  const answer = await attacker.form(
    "/masuk",
    { email, password, captcha, mode: "fetch" },
    { "x-forwarded-for": address },
  );
  return { status: answer.status, saysBlocked: answer.text.includes(BLOCKED) };
}

async function logOut(page: Page) {
  await mainNav(page).getByRole("button", { name: "Keluar" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Ya, Keluar" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** Tries the right password in `page` and returns what the login dialog says. */
async function tryLogin(page: Page, email: string) {
  await page.goto("/masuk");
  await fillLogin(page, email);
  await solveCaptcha(page);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  return page.getByRole("dialog");
}

const newDevice = async (browser: Browser) =>
  (await browser.newContext({ baseURL: `http://localhost:${PORT}`, locale: "id-ID" })).newPage();

test("guesses from many addresses at the owner's account: the attacker is stopped, the owner's own browser still signs in", async ({
  page,
  browser,
  allowConsoleError,
}) => {
  test.setTimeout(120_000);
  allowConsoleError(EXPECTED_HTTP_ERRORS);
  const owner = "pemilik-toko@nyala.test";
  await createAccount(page.request, owner, "Pemilik Toko");
  await logIn(page, owner);
  await logOut(page);

  // Ten addresses, one wrong password each: the account's limit for devices it does not know.
  for (let i = 0; i < 10; i++) expect((await guess(owner)).status).toBe(401);
  expect(await guess(owner)).toEqual({ status: 429, saysBlocked: true });
  expect((await guess(owner, PASSWORD)).status, "the right password from an unknown device").toBe(429);

  // The owner, in the browser they signed in with before: in.
  await logIn(page, owner);
  await expect(mainNav(page).getByRole("button", { name: "Keluar" })).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Admin" })).toBeVisible();
  // What let it in: a signed cookie, set at its first login, that no script can read.
  const device = (await page.context().cookies()).find((cookie) => cookie.name === "__Host-nyala_perangkat");
  expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
  expect(device!.expires * 1000).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);
  expect(await page.evaluate(() => document.cookie)).not.toContain("perangkat");
  // The attacker gained nothing from it.
  expect(await guess(owner)).toEqual({ status: 429, saysBlocked: true });

  // A device the account does not know waits like the attacker (the price of bounding guesses).
  const phone = await newDevice(browser);
  await expect(await tryLogin(phone, owner)).toContainText(BLOCKED);
  await phone.context().close();
});

test("one address guessing cannot stop the owner even on a new device", async ({
  browser,
  allowConsoleError,
}) => {
  test.setTimeout(90_000);
  allowConsoleError(EXPECTED_HTTP_ERRORS);
  const email = uniqueEmail("pelanggan");
  const phone = await newDevice(browser);
  await createAccount(phone.request, email, "Pelanggan Setia");
  const from = "198.51.100.9";
  for (let i = 0; i < 5; i++) expect((await guess(email, `salah-${i}`, from)).status).toBe(401);
  expect(await guess(email, "salah-lagi", from)).toEqual({ status: 429, saysBlocked: true });
  expect((await guess(email, PASSWORD, from)).status).toBe(429);
  await expect(await tryLogin(phone, email)).toContainText("Berhasil login!");
  await phone.waitForURL("**/beranda");
  await phone.context().close();
});
