import type { BrowserContext } from "@playwright/test";
import { baseURL, oidcURL } from "../../playwright.config.ts";
import { encodeIdentity, IDENTITY_COOKIE, type TestIdentity } from "../support/oidc-provider.ts";
import { expect, test } from "./support/fixtures.ts";
import { EXPECTED_HTTP_ERRORS, mainNav, PASSWORD, solveCaptcha, uniqueEmail } from "./auth-helpers.ts";

/** Who the local provider (started by the Playwright config) signs in as, for this browser. */
async function signInAs(context: BrowserContext, identity: TestIdentity) {
  await context.addCookies([{ name: IDENTITY_COOKIE, value: encodeIdentity(identity), url: oidcURL }]);
}

test("Google: the first login creates the account, a later one finds it by its Google subject", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("google");
  const sub = `google-${email}`;
  await signInAs(context, { sub, email, name: "Gita Google", email_verified: true });

  await page.goto("/masuk");
  await page.getByRole("link", { name: "Masuk dengan Google" }).click();
  await expect(page.getByRole("dialog", { name: "Berhasil login!" })).toBeVisible();
  await page.waitForURL("**/beranda");
  await expect(mainNav(page).getByRole("button", { name: "Keluar" })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("data-login"))).toBe(
    JSON.stringify({ email }),
  );

  // Log out, then come back with the same Google account whose e-mail has changed meanwhile:
  // the account is found by subject, so the remembered e-mail is still the first one.
  await mainNav(page).getByRole("button", { name: "Keluar" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Ya, Keluar" }).click();
  await page.waitForURL((url) => url.pathname === "/");

  await signInAs(context, { sub, email: uniqueEmail("ganti"), name: "Gita Baru", email_verified: true });
  await page.goto("/masuk");
  await page.getByRole("link", { name: "Masuk dengan Google" }).click();
  await expect(page.getByRole("dialog", { name: "Berhasil login!" })).toBeVisible();
  await page.waitForURL("**/beranda");
  expect(await page.evaluate(() => window.localStorage.getItem("data-login"))).toBe(
    JSON.stringify({ email }),
  );
});

test("Google: a cancelled sign-in shows why under the login form", async ({ page, context }) => {
  await signInAs(context, { error: "access_denied" });
  await page.goto("/masuk");
  await page.getByRole("link", { name: "Masuk dengan Google" }).click();
  await page.waitForURL("**/masuk?google=cancelled");
  await expect(page.getByRole("alert")).toHaveText("Login dengan Google dibatalkan.");
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("__Host-nyala_session");
});

test("Google: the owner takes back an admin address someone registered with a password (issue #38)", async ({
  page,
  context,
  browser,
  allowConsoleError,
}) => {
  allowConsoleError(EXPECTED_HTTP_ERRORS);
  const email = "pemilik-google@nyala.example"; // in the e2e server's ADMIN_EMAILS, not under .test
  const attacker = await browser.newContext({ baseURL, locale: "id-ID" });
  const form = { nama: "Penyerang", email, password: PASSWORD, confirmPassword: PASSWORD, mode: "fetch" };
  expect((await attacker.request.post("/daftar", { form })).status()).toBe(200);
  // A password proves no address: signed in, but no admin.
  expect((await attacker.request.get("/admin/dashboard")).status()).toBe(403);

  await signInAs(context, { sub: "google-pemilik-asli", email, name: "Pemilik Asli", email_verified: true });
  await page.goto("/masuk");
  await page.getByRole("link", { name: "Masuk dengan Google" }).click();
  const welcome = page.getByRole("dialog", { name: "Berhasil login!" });
  await expect(welcome).toContainText("Kata sandi yang pernah dipasang di akun ini dihapus");
  await page.waitForURL("**/beranda", { timeout: 10_000 });
  await expect(mainNav(page).getByRole("link", { name: "Admin" })).toBeVisible();

  // The attacker's session is over, and the password opens nothing any more.
  expect((await attacker.request.get("/admin/dashboard")).status()).toBe(401);
  const attackerPage = await attacker.newPage();
  await attackerPage.goto("/masuk");
  await attackerPage.getByLabel("Email", { exact: true }).fill(email);
  await attackerPage.getByLabel("Kata sandi", { exact: true }).fill(PASSWORD);
  await solveCaptcha(attackerPage);
  await attackerPage.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(attackerPage.getByRole("dialog", { name: "Gagal masuk" })).toContainText(
    "Email atau Password salah!",
  );
  await attacker.close();
});
