import type { APIRequestContext, APIResponse, Browser } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { oidcURL } from "../../playwright.config.ts";
import routes from "../../app/routes.ts";
import { createAccount, logIn, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { BCRYPT, dataUrl, STACK_TRACE } from "./support/fuzz.ts";

/**
 * Security suite, part 1: every route of app/routes.ts × {nobody, customer, admin (an owner)}, by GET and by
 * POST, against the production build. A route added to app/routes.ts without a line in
 * `expectations` fails the first test, so no route can be forgotten. Every answer is also checked
 * for foreign data (a canary user only admins may see, the admin's e-mail), secrets (password
 * hashes, session tokens in bodies, stack traces) and the security headers.
 */

type Role = "nobody" | "customer" | "admin";
/** A status, or a status and where it redirects to (the start of the Location header). */
type Outcome = number | [number, string];
interface Expectation {
  get: Record<Role, Outcome>;
  post: Record<Role, Outcome>;
  /**
   * The action's intents, each posted (with no other field) by every role: what an admin gets, or
   * null where an admin's empty post would succeed and change the catalog the other specs read
   * (that intent's admin side is fuzzed on a server of its own, security-fuzz-operations.spec.ts).
   */
  intents?: Record<string, Outcome | Record<Role, Outcome> | null>;
  /** Answers that may show admin data: only the admin's. */
  adminData?: boolean;
}

const all = (outcome: Outcome): Record<Role, Outcome> => ({
  nobody: outcome,
  customer: outcome,
  admin: outcome,
});
const adminOnly = (admin: Outcome): Record<Role, Outcome> => ({ nobody: 401, customer: 403, admin });

/** Keyed by route file; the concrete path tried for a splat is given with `*`. */
const expectations: Record<string, Expectation & { path?: string }> = {
  "routes/landing.tsx": { get: all(200), post: all(405) },
  "routes/_auth/masuk.tsx": { get: all(200), post: all(400) },
  "routes/_auth/daftar.tsx": { get: all(200), post: all(400) },
  // The owner's one-time code (decision 0050): a page for anyone, an empty form refused.
  "routes/_auth/kode-admin.tsx": { get: all(200), post: all(400) },
  // A staff invitation (0058): an unknown link is a 404 page, and its form writes nothing.
  "routes/_auth/undangan.tsx": { path: "/undangan/tidak-ada", get: all(404), post: all(404) },
  // A device's pairing page: anyone may open it; a form without a 6-digit code is refused.
  "routes/_auth/perangkat.tsx": { get: all(200), post: all(400) },
  "routes/_site/beranda.tsx": { get: all(200), post: all(405) },
  "routes/_site/produk.tsx": { get: all(200), post: all(405) },
  // An empty form names no change of the cart.
  "routes/_site/keranjang.tsx": {
    get: all(200),
    post: all(400),
    // Without JavaScript a change is followed by the cart page (nothing to change here: no cart).
    intents: {
      simpan: [303, "/keranjang"],
      tambah: 400,
      "jumlah:es-nyala:2": [303, "/keranjang"],
      "hapus:es-nyala": [303, "/keranjang"],
    },
  },
  "routes/_site/keranjang-tambah.tsx": {
    path: "/keranjang/tambah?menu=mie-nyala-level-1",
    get: all(200),
    post: all(400),
  },
  // "Pesan" on one dish: the page for anyone; an empty form names no dish and is refused.
  "routes/_site/keranjang-pesan.tsx": { path: "/keranjang/pesan/es-nyala", get: all(200), post: all(400) },
  // The checkout: an empty cart is refused with a message; GET has nothing to show but the cart.
  "routes/_site/pesanan.tsx": {
    get: all([302, "/keranjang"]),
    post: all(400),
    intents: { terkirim: [303, "/keranjang"] },
  },
  "routes/_site/tentang.tsx": { get: all(200), post: all(405) },
  "routes/_site/kontak.tsx": { get: all(200), post: all(400) },
  "routes/_site/not-found.tsx": { path: "/tidak-ada-halaman-ini", get: all(404), post: all(405) },
  // An order's page needs its link's secret (or the account that placed it): to anyone else, a 404.
  "routes/_site/pesanan-detail.tsx": { path: "/pesanan/NY-AAAA", get: all(404), post: all(405) },
  // "Pesan lagi" is a form of the signed-in customer's page: an order code it does not name is refused.
  "routes/_site/pesanan-saya.tsx": {
    get: { nobody: [302, "/masuk?redirectTo=%2Fpesanan-saya"], customer: 200, admin: 200 },
    post: { nobody: [302, "/masuk?redirectTo=%2Fpesanan-saya"], customer: 400, admin: 400 },
    intents: {
      "pesan-lagi": { nobody: [302, "/masuk?redirectTo=%2Fpesanan-saya"], customer: 400, admin: 400 },
    },
  },
  "routes/admin/index.tsx": {
    get: adminOnly([302, "/admin/dashboard"]),
    post: adminOnly(405),
    adminData: true,
  },
  "routes/admin/dashboard.tsx": { get: adminOnly(200), post: adminOnly(405), adminData: true },
  "routes/admin/users.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    // The owner's: a role change without a person or a role is refused (the staff matrix: access-matrix.test.ts).
    intents: { delete: 400, peran: 400 },
    adminData: true,
  },
  "routes/admin/profil.tsx": {
    get: { nobody: [302, "/masuk?redirectTo=%2Fadmin%2Fprofil"], customer: 403, admin: 200 },
    post: adminOnly(405),
    adminData: true,
  },
  "routes/admin/pengaturan.tsx": {
    get: { nobody: [302, "/masuk?redirectTo=%2Fadmin%2Fpengaturan"], customer: 403, admin: 200 },
    // Setting one's PIN (0059): without one, refused.
    post: adminOnly(400),
    intents: { pin: 400 },
    adminData: true,
  },
  // The owner's staff and devices (0058): a form that names nobody is refused or finds no one.
  "routes/admin/staf.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    intents: { tambah: 400, peran: 400, hapus: 404, undangan: 404, "buka-pin": 404 },
    adminData: true,
  },
  "routes/admin/perangkat.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    intents: { pasang: 400, cabut: 404, "buka-pin": 404 },
    adminData: true,
  },
  "routes/admin/notifikasi-masuk.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    intents: { read: 400, "read-all": 200 },
    adminData: true,
  },
  // An empty form is a valid answer here: every switch off.
  "routes/admin/pengaturan-notifikasi.tsx": { get: adminOnly(200), post: adminOnly(200), adminData: true },
  // Restaurant operations: an empty form names no action (or no valid settings) and is refused.
  "routes/admin/operasi/menu.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    intents: { create: 400, update: 400, habis: 404, tersedia: 404, delete: 404 },
    adminData: true,
  },
  "routes/admin/operasi/menu-populer.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    intents: { save: null },
    adminData: true,
  },
  "routes/admin/operasi/promo.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    intents: { create: 400, update: 404, delete: 404 },
    adminData: true,
  },
  "routes/admin/operasi/banner.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    intents: { create: 400, update: 404, delete: 404 },
    adminData: true,
  },
  "routes/admin/operasi/outlet.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    intents: { save: 400, pesanan: 400 },
    adminData: true,
  },
  // "bersihkan" and "buka" succeed on an empty form (clearing unsent orders, opening orders):
  // fuzzed on a server of their own.
  "routes/admin/operasi/pesanan.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    intents: { status: 400, sibuk: 400, bersihkan: null, buka: null },
    adminData: true,
  },
  // An order's admin page: an unknown code is a 404 in the admin frame.
  "routes/admin/operasi/pesanan-detail.tsx": {
    path: "/admin/pesanan/NY-AAAA",
    get: adminOnly(404),
    // Ubah pesanan: an empty form names no line. Lunas: no such order; its undo: no reason.
    post: adminOnly(400),
    intents: { ubah: 400, lunas: 404, "belum-lunas": 400 },
    adminData: true,
  },
  // Pesanan kasir: an empty form names no line.
  "routes/admin/operasi/pesanan-kasir.tsx": { get: adminOnly(200), post: adminOnly(400), adminData: true },
  "routes/admin/operasi/laporan.tsx": { get: adminOnly(200), post: adminOnly(405), adminData: true },
  "routes/admin/operasi/log-perubahan.tsx": { get: adminOnly(200), post: adminOnly(405), adminData: true },
  "routes/admin/not-found.tsx": {
    path: "/admin/tidak-ada",
    get: adminOnly(404),
    post: adminOnly(405),
    adminData: true,
  },
  // POST /keluar ends the session: tried last, in its own test.
  "routes/resources/logout.tsx": { get: all(405), post: all([302, "/"]) },
  "routes/resources/altcha.tsx": { get: all(200), post: all(405) },
  "routes/resources/google-start.tsx": { get: all([302, `${oidcURL}/`]), post: all(405) },
  "routes/resources/google-callback.tsx": { get: all([302, "/masuk?google="]), post: all(405) },
  // An empty form moves nothing; it is answered as taken (JSON).
  "routes/resources/keranjang-pindahkan.tsx": { get: all(405), post: all(200) },
  "routes/resources/gambar.tsx": { path: "/gambar/menu/tidak-ada.webp", get: all(404), post: all(405) },
  // Live connections answer an EventSource only (a plain GET: 406, never a stream without end).
  "routes/resources/pesanan-langsung.tsx": {
    path: "/pesanan/NY-AAAA/langsung",
    get: all(404),
    post: all(405),
  },
  // The order's QRIS picture: behind the order page's own access check.
  "routes/resources/pesanan-qris.tsx": { path: "/pesanan/NY-AAAA/qris.png", get: all(404), post: all(405) },
  "routes/resources/pesanan-papan.tsx": { get: adminOnly(406), post: all(405), adminData: true },
  // Printing: a ticket exists for admins only (404 for anyone else, and for an unknown code);
  // the claims refuse an admin's empty or partial form (400).
  "routes/resources/pesanan-tiket.tsx": {
    path: "/admin/pesanan/NY-AAAA/cetak/dapur/58",
    get: all(404),
    post: all(405),
  },
  "routes/resources/pesanan-cetak.tsx": {
    get: all(405),
    post: { nobody: 404, customer: 404, admin: 400 },
    intents: Object.fromEntries(
      ["ambil", "selesai", "gagal", "ulang"].map((intent) => [
        intent,
        { nobody: 404, customer: 404, admin: 400 },
      ]),
    ),
  },
  // The admin app's manifest is public (browsers fetch it without cookies); its pushes are admins' only.
  "routes/resources/admin-manifest.tsx": { get: all(200), post: all(405) },
  "routes/resources/admin-service-worker.tsx": { get: all(200), post: all(405) },
  "routes/resources/notifikasi-push.tsx": {
    get: adminOnly(200),
    post: adminOnly(400),
    intents: { nyalakan: 400, matikan: 200, uji: 404, ulangan: 400 },
    adminData: true,
  },
};

interface FlatRoute {
  file: string;
  path: string;
}

/** Every route with a URL of its own, parents' paths joined; layouts only contribute their children. */
function flatten(entries: RouteConfigEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    // prefix() gives the routes inside it, an index too, a path of their own.
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    const own = entry.index || entry.path ? [{ file: entry.file, path }] : [];
    return [...own, ...flatten(entry.children ?? [], path === "/" ? "" : path)];
  });
}

const routeList = flatten(routes);
const concretePath = (route: FlatRoute) => expectations[route.file]?.path ?? route.path;

const ADMIN_EMAIL = "admin-keamanan@nyala.test"; // in the e2e server's ADMIN_EMAILS
const tag = Date.now().toString(36);
const CANARY = `Kanari Keamanan ${tag}`;

const clients = {} as Record<Role, APIRequestContext>;
const sessionTokens = {} as Record<Role, string>;

async function signedIn(browser: Browser, email: string, role: Role) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email);
  await page.close();
  const cookie = (await context.cookies()).find((item) => item.name.endsWith("nyala_session"));
  sessionTokens[role] = cookie?.value ?? "";
  expect(sessionTokens[role]).not.toBe("");
  return context.request;
}

async function checkAnswer(
  role: Role,
  label: string,
  response: APIResponse,
  expected: Outcome,
  expectation: Expectation,
) {
  const [status, location] = typeof expected === "number" ? [expected, undefined] : expected;
  expect.soft(response.status(), `${role} ${label}`).toBe(status);
  if (location)
    expect(response.headers().location ?? "", `${role} ${label} Location`).toMatch(
      new RegExp(`^${escape(location)}`),
    );
  const body = await response.text();
  const headerText = JSON.stringify(response.headersArray().filter((header) => header.name !== "set-cookie"));
  for (const text of [body, headerText]) {
    expect(text, `${role} ${label}: password hash`).not.toMatch(BCRYPT);
    expect(text, `${role} ${label}: stack trace`).not.toMatch(STACK_TRACE);
    for (const token of Object.values(sessionTokens)) {
      expect(text.includes(token.split(".")[1] ?? token), `${role} ${label}: session token`).toBe(false);
    }
  }
  if (role !== "admin" || !expectation.adminData) {
    expect(body, `${role} ${label}: canary`).not.toContain(CANARY);
    if (role !== "admin") expect(body, `${role} ${label}: admin e-mail`).not.toContain(ADMIN_EMAIL);
  }
  const headers = response.headers();
  expect(headers["x-content-type-options"], `${role} ${label}: nosniff`).toBe("nosniff");
  if ((headers["content-type"] ?? "").startsWith("text/html")) {
    const csp = headers["content-security-policy"] ?? "";
    // Scripts and the inline stylesheet only with this answer's nonce; nothing inline otherwise.
    const nonce = /script-src 'self' 'nonce-([^']+)';/.exec(csp)?.[1];
    expect(nonce, `${role} ${label}: CSP script nonce`).toBeTruthy();
    expect(csp, `${role} ${label}: CSP`).toContain(`style-src 'self' 'nonce-${nonce}';`);
    expect(csp).toContain("default-src 'self';");
    expect(csp).toContain("object-src 'none';");
    expect(csp).toContain("base-uri 'self';");
    expect(csp).toContain("form-action 'self';");
    expect(csp).toContain("frame-ancestors 'none';");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    if (body.includes("<script")) {
      for (const tag of body.match(/<script\b[^>]*>/g) ?? [])
        expect(tag, `${role} ${label}: every script carries the nonce`).toMatch(
          /\bnonce="[^"]+"|type="(?:application\/(?:ld\+)?json|text\/x-nyala-module)"/,
        );
    }
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
  }
}

/** The outcome for a role: admin-only routes refuse everyone else whatever the request. */
const outcomeFor = (
  expectation: Expectation,
  role: Role,
  adminOutcome: Outcome | Record<Role, Outcome> | null,
): Outcome => {
  if (expectation.adminData && role !== "admin") return role === "nobody" ? 401 : 403;
  if (adminOutcome === null) throw new Error("an intent without an expected outcome was sent");
  // One outcome for every role, or one per role (a customer's page that sends nobody to the login).
  if (typeof adminOutcome === "object" && !Array.isArray(adminOutcome)) return adminOutcome[role];
  return adminOutcome;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const nobody = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await createAccount(nobody, ADMIN_EMAIL, "Admin Keamanan");
  const customerEmail = uniqueEmail("pelanggan-keamanan");
  await createAccount(nobody, customerEmail, "Pelanggan Keamanan");
  await createAccount(nobody, uniqueEmail("kanari"), CANARY);
  clients.nobody = nobody;
  clients.customer = await signedIn(browser, customerEmail, "customer");
  clients.admin = await signedIn(browser, ADMIN_EMAIL, "admin");
  expect(await (await clients.admin.get(`/admin/users?q=${tag}`)).text()).toContain(CANARY);
});

test("every route in app/routes.ts has an expectation here (a new route cannot be forgotten)", () => {
  const files = new Set(routeList.map((route) => route.file));
  expect(
    [...files].filter((file) => !expectations[file]),
    "routes without expectations",
  ).toEqual([]);
  expect(
    Object.keys(expectations).filter((file) => !files.has(file)),
    "expectations without a route",
  ).toEqual([]);
});

test("GET every route as nobody, a customer and an admin: status, redirect, no foreign data or secrets, headers", async () => {
  for (const route of routeList) {
    const expectation = expectations[route.file]!;
    for (const role of ["nobody", "customer", "admin"] as const) {
      const path = concretePath(route);
      const response = await clients[role].get(path, { maxRedirects: 0 });
      await checkAnswer(role, `GET ${path}`, response, expectation.get[role], expectation);
    }
  }
});

test("POST (an empty form) to every route as each role: the expected refusal or answer, never a 5xx", async () => {
  for (const route of routeList) {
    if (route.file === "routes/resources/logout.tsx") continue;
    const expectation = expectations[route.file]!;
    for (const role of ["nobody", "customer", "admin"] as const) {
      const path = concretePath(route);
      const response = await clients[role].post(path, { form: {}, maxRedirects: 0 });
      await checkAnswer(role, `POST ${path}`, response, expectation.post[role], expectation);
    }
  }
});

test("POST every intent of every action as each role: refused before the action for non-admins, never a 5xx", async () => {
  let tried = 0;
  for (const route of routeList) {
    const expectation = expectations[route.file]!;
    for (const [intent, outcome] of Object.entries(expectation.intents ?? {})) {
      for (const role of ["nobody", "customer", "admin"] as const) {
        if (role === "admin" && outcome === null) continue;
        const path = concretePath(route);
        const response = await clients[role].post(path, { form: { intent }, maxRedirects: 0 });
        await checkAnswer(
          role,
          `POST ${path} intent=${intent}`,
          response,
          outcomeFor(expectation, role, outcome),
          expectation,
        );
        tried++;
      }
    }
  }
  expect(tried, "intents tried").toBeGreaterThanOrEqual(3 * 20);
});

test("the data URLs (client-side navigation) answer like the pages: same refusals, no foreign data", async () => {
  for (const route of routeList) {
    if (route.file.startsWith("routes/resources/")) continue;
    const expectation = expectations[route.file]!;
    for (const role of ["nobody", "customer", "admin"] as const) {
      const path = dataUrl(concretePath(route));
      const page = expectation.get[role];
      // A redirect reaches the router as a 202 with its target in the body.
      const expected = typeof page === "number" ? page : 202;
      const response = await clients[role].get(path, { maxRedirects: 0 });
      await checkAnswer(role, `GET ${path}`, response, expected, expectation);
      if (typeof page !== "number") expect(await response.text()).toContain(page[1].split("?")[0]);
    }
  }
});

test("cross-site POSTs to every route are refused before anything happens, even with an admin's cookie", async () => {
  const canaryId = /name="userId" value="([^"]+)"/.exec(
    await (await clients.admin.get(`/admin/users?q=${tag}`)).text(),
  )?.[1];
  expect(canaryId, "the canary's id, for a forged delete").toBeTruthy();
  for (const route of routeList) {
    const resource = route.file.startsWith("routes/resources/");
    const page = concretePath(route);
    for (const path of resource ? [page] : [page, dataUrl(page)]) {
      for (const role of ["nobody", "admin"] as const) {
        const response = await clients[role].post(path, {
          form: { intent: "delete", userId: canaryId!, id: "1" },
          headers: { origin: "https://penyerang.example", "sec-fetch-site": "cross-site" },
          maxRedirects: 0,
        });
        // Documents and their data URLs are refused by React Router itself (400, before any
        // loader or middleware); resource routes by csrf.server.ts (403, in Indonesian).
        if (resource) {
          expect(response.status(), `${role}: cross-site POST ${path}`).toBe(403);
          expect(await response.text()).toContain("Permintaan dari situs lain ditolak.");
        } else {
          expect(response.status(), `${role}: cross-site POST ${path}`).toBe(400);
        }
      }
    }
  }
  // Nothing happened: the admin is still signed in and the canary account still exists.
  expect((await clients.admin.get("/admin/dashboard", { maxRedirects: 0 })).status()).toBe(200);
  expect(await (await clients.admin.get(`/admin/users?q=${tag}`)).text()).toContain(CANARY);
});

test("POST /keluar ends each signed-in session on the server", async () => {
  const logout = routeList.find((route) => route.file === "routes/resources/logout.tsx")!;
  for (const role of ["nobody", "customer", "admin"] as const) {
    const response = await clients[role].post(logout.path, { form: {}, maxRedirects: 0 });
    await checkAnswer(
      role,
      "POST /keluar",
      response,
      expectations[logout.file]!.post[role],
      expectations[logout.file]!,
    );
  }
  // The old cookies no longer open anything.
  const admin = await clients.admin.get("/admin/dashboard", {
    headers: { cookie: `__Host-nyala_session=${sessionTokens.admin}` },
    maxRedirects: 0,
  });
  expect(admin.status()).toBe(401);
});
