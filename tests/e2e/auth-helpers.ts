import { expect, request as requests, type APIRequestContext, type Page } from "@playwright/test";

/** Answers the accounts pages give on purpose; Chromium logs each 4xx fetch as a console error. */
export const EXPECTED_HTTP_ERRORS = /status of (400|401|409|429)/;

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@contoh.test`;

export const PASSWORD = "rahasia123";

/**
 * Creates an account without the form (setup for tests about something else), on the server
 * `request` talks to. Registering signs in: it happens in a request context of its own, so the
 * caller's browser stays signed out and a device the account does not know.
 */
export async function createAccount(request: APIRequestContext, email: string, nama = "Pelanggan Uji") {
  const { origin } = new URL((await request.head("/healthz")).url());
  const own = await requests.newContext({ baseURL: origin });
  try {
    const response = await own.post("/daftar", {
      form: { nama, email, password: PASSWORD, confirmPassword: PASSWORD, mode: "fetch" },
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await own.dispose();
  }
}

/**
 * Ticks "Saya bukan robot" and waits until the browser has solved the proof of work (after a
 * failed login the page already solves a fresh challenge by itself).
 */
export async function solveCaptcha(page: Page) {
  const widget = page.locator("altcha-widget");
  const label = widget.getByText(/^(Saya bukan robot|Memverifikasi\.\.\.|Terverifikasi)$/);
  await expect(label).toBeVisible();
  if ((await label.innerText()) === "Saya bukan robot") await label.click();
  await expect(widget.getByText("Terverifikasi")).toBeVisible({ timeout: 20_000 });
}

export async function fillLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Kata sandi", { exact: true }).fill(password);
}

/** Signs in through /masuk like a person and waits for /beranda. */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/masuk");
  await fillLogin(page, email, password);
  await solveCaptcha(page);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Berhasil login!" })).toBeVisible();
  await page.waitForURL("**/beranda");
}

export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Navigasi utama" });
