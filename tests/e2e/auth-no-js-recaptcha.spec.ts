import { createAccount, EXPECTED_HTTP_ERRORS, uniqueEmail, PASSWORD } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { privatePort, startPrivateServer, type PrivateServer } from "./support/private-server.ts";

/**
 * With reCAPTCHA configured the login has no weaker path: without JavaScript there is no picture
 * to read, and the page says what to do (docs/decisions/0041-captcha-without-javascript.md).
 * Google is never reached: the verify URL points nowhere and no token is ever sent.
 */
const PORT = privatePort(61);

test.use({ baseURL: `http://localhost:${PORT}`, javaScriptEnabled: false });
test.describe.configure({ mode: "serial" });

let server: PrivateServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPrivateServer(PORT, {
    RECAPTCHA_SITE_KEY: "kunci-situs-uji",
    RECAPTCHA_SECRET: "rahasia-uji",
    RECAPTCHA_VERIFY_URL: "http://127.0.0.1:9/recaptcha/api/siteverify",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("reCAPTCHA configured, no JavaScript: no picture, the page says to turn JavaScript on, a login is refused", async ({
  page,
  playwright,
  allowConsoleError,
}) => {
  allowConsoleError(EXPECTED_HTTP_ERRORS);
  const email = uniqueEmail("tanpa-js-recaptcha");
  const request = await playwright.request.newContext({ baseURL: `http://localhost:${PORT}` });
  await createAccount(request, email);
  await request.dispose();

  await page.goto("/masuk");
  const notice = "Masuk tanpa JavaScript tidak tersedia di toko ini.";
  await expect(page.getByRole("alert").filter({ hasText: notice })).toBeVisible();
  await expect(page.getByTestId("captcha-picture")).toHaveCount(0);
  await expect(page.getByLabel("Ketik angka pada gambar")).toHaveCount(0);

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Kata sandi", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page).toHaveURL(/\/masuk/);
  await expect(page.getByText("Harap selesaikan verifikasi reCAPTCHA.")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: notice })).toBeVisible();
});
