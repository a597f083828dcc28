import { expect, test } from "./support/fixtures.ts";
import { dataUrl, STACK_TRACE } from "./support/fuzz.ts";
import {
  createAccount,
  fillLogin,
  logIn,
  mainNav,
  PASSWORD,
  solveCaptcha,
  uniqueEmail,
} from "./auth-helpers.ts";

const BCRYPT_HASH = /\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}/;

test("session cookie in production: __Host- prefix, HttpOnly, Secure, SameSite=Lax; logout only by POST", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("kuki");
  await createAccount(page.request, email);
  await page.goto("/masuk");
  await fillLogin(page, email);
  await solveCaptcha(page);
  const loginResponse = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  const setCookie = (await (await loginResponse).headerValue("set-cookie")) ?? "";
  expect(setCookie).toMatch(
    /^__Host-nyala_session=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Expires=/,
  );
  expect(setCookie).toContain("; Secure");
  expect(setCookie).not.toMatch(/Domain=/i);
  await page.waitForURL("**/beranda");

  const session = (await context.cookies()).find((cookie) => cookie.name === "__Host-nyala_session");
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
  expect(session!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

  // A GET never logs out (no link or image can end a session).
  const get = await page.request.get("/keluar", { maxRedirects: 0 });
  expect(get.status()).toBeGreaterThanOrEqual(400);
  await page.reload();
  await expect(mainNav(page).getByRole("button", { name: "Keluar" })).toBeVisible();

  // The Google flow cookie has the same flags and lives ten minutes.
  const start = await page.request.get("/auth/google", { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  expect(start.headers()["set-cookie"]).toMatch(
    /^__Host-nyala_google=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600; Secure$/,
  );
});

test("security headers on the accounts pages; cross-site form posts are refused", async ({ page }) => {
  const response = await page.goto("/masuk");
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[\w+/=]+'/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBeTruthy();
  expect(headers["strict-transport-security"]).toContain("max-age=");

  // A registration posted from another site is refused (React Router refuses a document POST
  // whose Origin differs; our middleware refuses fetches a browser marks cross-site), and no
  // account comes of it.
  const email = uniqueEmail("csrf");
  const form = { nama: "Korban Csrf", email, password: PASSWORD, confirmPassword: PASSWORD };
  const crossSite: Record<string, string>[] = [
    { origin: "https://jahat.example" },
    { "sec-fetch-site": "cross-site" },
  ];
  for (const headers of crossSite) {
    const post = await page.request.post("/daftar", { form, headers });
    expect([400, 403]).toContain(post.status());
  }
  await createAccount(page.request, email);
});

test("an admin sees the Admin link (desktop and phone menu); no route ever shows a password hash", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // admin-akun@nyala.test is in the e2e server's ADMIN_EMAILS.
  await createAccount(page.request, "admin-akun@nyala.test", "Admin Akun");
  for (let i = 0; i < 3; i++) await createAccount(page.request, uniqueEmail("isi"), `Pelanggan ${i}`);
  await logIn(page, "admin-akun@nyala.test");
  await expect(mainNav(page).getByRole("link", { name: "Admin" })).toHaveAttribute(
    "href",
    "/admin/dashboard",
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("banner").getByLabel("Buka menu").click();
  await expect(
    page
      .getByRole("navigation", { name: "Menu ponsel" })
      .getByRole("link", { name: "Dashboard", exact: true }),
  ).toHaveAttribute("href", "/admin/dashboard");

  // Crawl every page and data URL reachable from the site, plus the admin area, signed in.
  const start = [
    "/",
    "/beranda",
    "/produk",
    "/keranjang",
    "/tentang",
    "/kontak",
    "/masuk",
    "/daftar",
    "/admin",
    "/admin/dashboard",
    "/admin/users",
    "/admin/profil",
    "/admin/pengaturan",
    "/admin/notifikasi-masuk",
    "/admin/pengaturan-notifikasi",
    "/halaman-tidak-ada",
  ];
  const queue = [...start];
  const seen = new Set<string>();
  const checked: string[] = [];
  while (queue.length > 0 && checked.length < 80) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const url of [path, dataUrl(path)]) {
      const response = await page.request.get(url, { maxRedirects: 0 });
      const body = await response.text();
      const headerText = JSON.stringify(response.headersArray());
      expect(body, `${url} body`).not.toMatch(BCRYPT_HASH);
      expect(body, `${url} body`).not.toContain("password_hash");
      expect(response.status(), url).toBeLessThan(500);
      expect(body, `${url} body`).not.toMatch(STACK_TRACE);
      expect(headerText, `${url} headers`).not.toMatch(BCRYPT_HASH);
      checked.push(url);
      if (url !== path) continue;
      for (const match of body.matchAll(/href="(\/[^"#?]*)/g)) {
        const link = match[1]!;
        if (!/^\/(assets|images|favicon|apple-touch|keluar|auth\/)/.test(link) && !seen.has(link))
          queue.push(link);
      }
    }
  }
  expect(checked.length).toBeGreaterThan(30);
});
