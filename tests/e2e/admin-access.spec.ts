import type { APIRequestContext, APIResponse, Browser } from "@playwright/test";
import { createAccount, logIn, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { dataUrl } from "./support/fuzz.ts";

/**
 * The admin authorization matrix, against the production build: every admin page (document and
 * client-navigation `.data` request) and every admin action × {nobody, customer, admin}.
 * Asserts the status, the redirect, and that nothing of the admin area (a canary user's name,
 * the admin's e-mail) reaches the first two.
 */
const ADMIN_EMAIL = "admin-matriks@nyala.test"; // in the e2e server's ADMIN_EMAILS
const tag = Date.now().toString(36);
const CANARY_NAME = `Kanari Rahasia ${tag}`;

/** Pages with their own route. */
const pages = [
  "/admin/dashboard",
  "/admin/users",
  `/admin/users?q=${tag}&page=1`,
  "/admin/profil",
  "/admin/pengaturan",
  "/admin/notifikasi-masuk",
  "/admin/pengaturan-notifikasi",
  "/admin/pesanan",
  "/admin/menu",
  "/admin/menu-populer",
  "/admin/menu-diskon",
  "/admin/banner",
  "/admin/produk",
  "/admin/promo",
  "/admin/outlet",
  "/admin/laporan",
  "/admin/log-perubahan",
];
/** Paths the admin frame answers with its not-found page. */
const otherAdminPaths = ["/admin/tidak-ada", "/admin/artikel"];
const loginFirst = new Set(["/admin/profil", "/admin/pengaturan"]);

type Role = "nobody" | "customer" | "admin";
const clients = {} as Record<Role, APIRequestContext>;
let canaryId = "";

async function signedInRequest(browser: Browser, email: string): Promise<APIRequestContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email);
  await page.close();
  return context.request;
}

async function expectNothingLeaked(response: APIResponse, label: string) {
  const body = await response.text();
  expect(body, label).not.toContain(CANARY_NAME);
  expect(body, label).not.toContain(ADMIN_EMAIL);
  expect(body, label).not.toContain("Pengguna terbaru");
  expect(body, label).not.toContain("Navigasi admin");
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const setup = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await createAccount(setup, ADMIN_EMAIL, "Admin Matriks");
  const customerEmail = uniqueEmail("pelanggan-matriks");
  await createAccount(setup, customerEmail, "Pelanggan Matriks");
  await createAccount(setup, uniqueEmail("kanari"), CANARY_NAME);
  clients.nobody = setup;
  clients.customer = await signedInRequest(browser, customerEmail);
  clients.admin = await signedInRequest(browser, ADMIN_EMAIL);
  const list = await clients.admin.get(`/admin/users?q=${tag}`);
  const html = await list.text();
  expect(html, "the canary is visible to the admin (so the leak checks can fail)").toContain(CANARY_NAME);
  canaryId = /name="userId" value="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(canaryId).not.toBe("");
});

test("nobody signed in: 401 Akses Ditolak on every admin page, /masuk for profil and pengaturan", async () => {
  for (const path of ["/admin", ...pages, ...otherAdminPaths]) {
    const response = await clients.nobody.get(path, { maxRedirects: 0 });
    const base = path.split("?")[0]!;
    if (loginFirst.has(base)) {
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe(`/masuk?redirectTo=${encodeURIComponent(base)}`);
    } else {
      expect(response.status(), path).toBe(401);
      const body = await response.text();
      expect(body, path).toContain("Akses Ditolak");
      expect(body, path).toContain("Anda harus login terlebih dahulu!");
    }
    await expectNothingLeaked(response, path);
    const data = await clients.nobody.get(dataUrl(path), { maxRedirects: 0 });
    // A redirect reaches the router as a 202 carrying its target.
    expect(data.status(), `${path} .data`).toBe(loginFirst.has(path.split("?")[0]!) ? 202 : 401);
    await expectNothingLeaked(data, `${path} .data`);
  }
});

test("a customer: 403 with a page that says it is for admins", async () => {
  for (const path of ["/admin", ...pages, ...otherAdminPaths]) {
    const response = await clients.customer.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
    const body = await response.text();
    expect(body, path).toContain("Akses Ditolak");
    expect(body, path).toContain("Halaman ini hanya untuk admin.");
    await expectNothingLeaked(response, path);
    const data = await clients.customer.get(dataUrl(path), { maxRedirects: 0 });
    expect(data.status(), `${path} .data`).toBe(403);
    await expectNothingLeaked(data, `${path} .data`);
  }
});

test("an admin: every page, /admin to the dashboard, 404 inside the admin frame elsewhere", async () => {
  const redirect = await clients.admin.get("/admin", { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toBe("/admin/dashboard");
  for (const path of pages) {
    const response = await clients.admin.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toContain("Navigasi admin");
    expect((await clients.admin.get(dataUrl(path), { maxRedirects: 0 })).status(), `${path} .data`).toBe(200);
  }
  const missing = await clients.admin.get("/admin/tidak-ada");
  expect(missing.status()).toBe(404);
  const body = await missing.text();
  expect(body).toContain("Halaman admin tidak ditemukan");
  expect(body).toContain('href="/admin/dashboard"');
  for (const path of otherAdminPaths) expect((await clients.admin.get(path)).status(), path).toBe(404);
});

/** Every admin action, as a form post and as the page's fetch (`.data`). */
const actions = (): { path: string; form: Record<string, string> }[] => [
  { path: "/admin/users", form: { intent: "delete", userId: canaryId } },
  { path: "/admin/notifikasi-masuk", form: { intent: "read-all" } },
  { path: "/admin/pengaturan-notifikasi", form: { pesananBaru: "on" } },
  { path: "/admin/dashboard", form: { intent: "apa-saja" } },
  { path: "/admin/profil", form: { intent: "apa-saja" } },
  { path: "/admin/tidak-ada", form: { intent: "apa-saja" } },
];

test("admin actions: 401 for nobody, 403 for a customer, whatever the request looks like", async () => {
  for (const { path, form } of actions()) {
    for (const url of [path, dataUrl(path)]) {
      for (const [role, status] of [
        ["nobody", 401],
        ["customer", 403],
      ] as const) {
        const response = await clients[role].post(url, { form, maxRedirects: 0 });
        expect(response.status(), `${role} POST ${url}`).toBe(status);
        await expectNothingLeaked(response, `${role} POST ${url}`);
        const json = await clients[role].post(url, {
          data: form,
          headers: { "content-type": "application/json" },
          maxRedirects: 0,
        });
        expect(json.status(), `${role} POST json ${url}`).toBe(status);
      }
    }
  }
  // The canary survived every attempt.
  expect(await (await clients.admin.get(`/admin/users?q=${tag}`)).text()).toContain(CANARY_NAME);
});

test("admin actions work for an admin; pages without an action answer 405", async () => {
  const saved = await clients.admin.post("/admin/pengaturan-notifikasi", {
    form: { pesananBaru: "on", penggunaBaru: "on" },
  });
  expect(saved.status()).toBe(200);
  const read = await clients.admin.post("/admin/notifikasi-masuk", { form: { intent: "read-all" } });
  expect(read.status()).toBe(200);
  for (const path of ["/admin/dashboard", "/admin/profil"]) {
    expect((await clients.admin.post(path, { form: { intent: "apa-saja" } })).status(), path).toBe(405);
  }
  const deleted = await clients.admin.post("/admin/users", { form: { intent: "delete", userId: canaryId } });
  expect(deleted.status()).toBe(200);
  expect(await (await clients.admin.get(`/admin/users?q=${tag}`)).text()).not.toContain(CANARY_NAME);
});
