import { expect, test } from "./support/fixtures.ts";
import {
  createAccount,
  EXPECTED_HTTP_ERRORS,
  fillLogin,
  mainNav,
  PASSWORD,
  solveCaptcha,
  uniqueEmail,
} from "./auth-helpers.ts";

test("register (signed in at once) → logout → login, with every dialog", async ({ page, context }) => {
  const email = uniqueEmail("Alur");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });

  await page.goto("/daftar");
  await page.getByLabel("Nama", { exact: true }).fill("Budi Santoso");
  await page.getByLabel("Email", { exact: true }).fill(email.toUpperCase());
  await page.getByLabel("Kata sandi", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Konfirmasi kata sandi", { exact: true }).fill("rahasia124");
  await page.getByRole("button", { name: "Daftar", exact: true }).click();
  // Found in the browser by the shared schema: no request was needed.
  const problem = page.getByRole("dialog", { name: "Pendaftaran gagal" });
  await expect(problem).toContainText("Konfirmasi kata sandi tidak cocok!");
  expect(posts).toEqual([]);
  await problem.getByRole("button", { name: "OK" }).click();
  await expect(problem).toBeHidden();

  await page.getByLabel("Konfirmasi kata sandi", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Daftar", exact: true }).click();
  const created = page.getByRole("dialog", { name: "Akun berhasil dibuat" });
  await expect(created).toBeVisible();
  const shownAt = Date.now();
  // Registered is signed in (decision 0050): on to /beranda, as after a login.
  await page.waitForURL("**/beranda");
  expect(Date.now() - shownAt).toBeGreaterThan(1_000);
  await expect(created).toBeHidden();

  const nav = mainNav(page);
  await expect(nav.getByRole("button", { name: "Keluar" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Masuk" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Daftar" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
  // Only the e-mail is remembered in the browser; the session itself is an HttpOnly cookie.
  expect(await page.evaluate(() => window.localStorage.getItem("data-login"))).toBe(
    JSON.stringify({ email: email.toLowerCase() }),
  );
  expect(await page.evaluate(() => document.cookie)).not.toContain("nyala_session");

  // Keluar asks first; Batal keeps the session.
  await nav.getByRole("button", { name: "Keluar" }).click();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText("Anda yakin ingin keluar dari akun ini?");
  await question.getByRole("button", { name: "Batal" }).click();
  await expect(question).toBeHidden();
  await expect(nav.getByRole("button", { name: "Keluar" })).toBeVisible();

  await nav.getByRole("button", { name: "Keluar" }).click();
  await question.getByRole("button", { name: "Ya, Keluar" }).click();
  await expect(page.getByRole("dialog", { name: "Berhasil keluar dari akun" })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/");
  expect(await page.evaluate(() => window.localStorage.getItem("data-login"))).toBeNull();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("__Host-nyala_session");
  await page.goto("/beranda");
  await expect(mainNav(page).getByRole("link", { name: "Masuk" })).toBeVisible();

  // And back in, through the login form.
  await page.goto("/masuk");
  await fillLogin(page, email);
  await solveCaptcha(page);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  const welcome = page.getByRole("dialog", { name: "Berhasil login!" });
  await expect(welcome).toBeVisible();
  const welcomedAt = Date.now();
  await page.waitForURL("**/beranda");
  expect(Date.now() - welcomedAt).toBeGreaterThan(1_000);
  await expect(mainNav(page).getByRole("button", { name: "Keluar" })).toBeVisible();
});

test("registration shows the first broken rule, in the product's order, before anything is sent", async ({
  page,
}) => {
  await page.goto("/daftar");
  const nama = page.getByLabel("Nama", { exact: true });
  const password = page.getByLabel("Kata sandi", { exact: true });
  await expect(nama).toHaveAttribute("required", "");
  await expect(nama).toHaveAttribute("maxlength", "50");
  await expect(password).toHaveAttribute("minlength", "6");
  await expect(password).toHaveAttribute("maxlength", "30");

  const submitAndRead = async () => {
    await page.getByRole("button", { name: "Daftar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Pendaftaran gagal" });
    const text = await dialog.locator("[id]").last().innerText();
    await dialog.getByRole("button", { name: "OK" }).click();
    return text;
  };

  expect(await submitAndRead()).toBe("Semua kolom wajib diisi!");
  await nama.fill("Al");
  await page.getByLabel("Email", { exact: true }).fill("bukan-email");
  await password.fill("123");
  await page.getByLabel("Konfirmasi kata sandi", { exact: true }).fill("999");
  expect(await submitAndRead()).toBe("Nama harus antara 3 sampai 50 karakter!");
  await nama.fill("Ali");
  expect(await submitAndRead()).toBe("Kata sandi harus antara 6 sampai 30 karakter!");
  await password.fill("123456");
  expect(await submitAndRead()).toBe("Konfirmasi kata sandi tidak cocok!");
  await page.getByLabel("Konfirmasi kata sandi", { exact: true }).fill("123456");
  expect(await submitAndRead()).toBe("Format email tidak valid! Contoh: nama@contoh.com");
});

test("an e-mail already registered, in another letter case, is refused by the server", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(EXPECTED_HTTP_ERRORS);
  const email = uniqueEmail("dobel");
  await createAccount(page.request, email);
  await page.goto("/daftar");
  await page.getByLabel("Nama", { exact: true }).fill("Orang Lain");
  await page.getByLabel("Email", { exact: true }).fill(email.toUpperCase());
  await page.getByLabel("Kata sandi", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Konfirmasi kata sandi", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Daftar", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Pendaftaran gagal" })).toContainText(
    "Email sudah digunakan, silakan pakai email lain.",
  );
});

test("login without a completed captcha is refused", async ({ page }) => {
  const email = uniqueEmail("tanpa-captcha");
  await createAccount(page.request, email);
  await page.goto("/masuk");
  await fillLogin(page, email);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Gagal masuk" })).toContainText(
    "Harap selesaikan verifikasi reCAPTCHA.",
  );
  await expect(page).toHaveURL(/\/masuk$/);
});

test("a wrong password and an unknown e-mail get the same answer; the captcha is asked again", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(EXPECTED_HTTP_ERRORS);
  const email = uniqueEmail("salah");
  await createAccount(page.request, email);
  await page.goto("/masuk");

  for (const [who, password] of [
    [email, "bukan-sandinya"],
    [uniqueEmail("tidak-ada"), PASSWORD],
  ] as const) {
    await fillLogin(page, who, password);
    await solveCaptcha(page);
    const payload = await page.locator('input[type="hidden"][name="captcha"]').inputValue();
    expect(JSON.parse(Buffer.from(payload, "base64").toString())).toHaveProperty("solution");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Masuk", exact: true }).click();
    expect((await answer).status()).toBe(401);
    const dialog = page.getByRole("dialog", { name: "Gagal masuk" });
    await expect(dialog).toContainText("Email atau Password salah!");
    await dialog.getByRole("button", { name: "OK" }).click();
  }
  await expect(page).toHaveURL(/\/masuk$/);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("__Host-nyala_session");
});

test("the right password after a failed one signs in, with the captcha solved again", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(EXPECTED_HTTP_ERRORS);
  const email = uniqueEmail("kedua");
  await createAccount(page.request, email);
  await page.goto("/masuk?redirectTo=%2Fkeranjang");
  await fillLogin(page, email, "keliru-dulu");
  await solveCaptcha(page);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await page.getByRole("dialog", { name: "Gagal masuk" }).getByRole("button", { name: "OK" }).click();
  // The used solution was spent on the server; the widget fetches and solves a new one.
  await expect(page.locator("altcha-widget").getByText("Terverifikasi")).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Kata sandi", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Berhasil login!" })).toBeVisible();
  await page.waitForURL("**/keranjang");
});
