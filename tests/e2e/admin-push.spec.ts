import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { startFakePushService, verifyVapid, type FakePushService } from "../support/fake-push-service.ts";
import { expect, test, waitForHydration } from "./support/fixtures.ts";
import { privatePort, privateServerWithAdmin } from "./support/private-server.ts";

/**
 * The admin area as an app with Web Push (#24, docs/decisions/0036-web-push.md), in Chromium: the
 * manifest and icons, the service worker on /admin/, and the push switch. Headless Chromium
 * cannot subscribe with its real push service (Google's, unreachable here), so the page's
 * PushManager hands out a subscription whose endpoint is this test's push service and whose
 * keys the test holds; everything else (permission, the page, the server, VAPID, encryption)
 * is the real thing. A server of its own (test mode: plain-HTTP endpoints on this machine).
 */
const ADMIN = "admin-push@nyala.test";
const PORT_OFFSET = 63;
const { adminPage } = privateServerWithAdmin(PORT_OFFSET, ADMIN, "Admin Push");
const origin = `http://localhost:${privatePort(PORT_OFFSET)}`;

let service: FakePushService;
test.beforeAll(async () => {
  service = await startFakePushService();
});
test.afterAll(async () => {
  await service?.close();
});

/** The page's PushManager subscribes to `subscription` (kept in localStorage, as a browser keeps it). */
async function stubPushManager(
  context: BrowserContext,
  subscription: { endpoint: string; p256dh: string; auth: string },
) {
  await context.addInitScript((fields) => {
    const KEY = "e2e-push-server-key";
    const toBase64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const fromBase64url = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
    const made = (serverKey: string) => ({
      endpoint: fields.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromBase64url(serverKey).buffer },
      toJSON: () => ({
        endpoint: fields.endpoint,
        expirationTime: null,
        keys: { p256dh: fields.p256dh, auth: fields.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      if (!(key instanceof Uint8Array))
        throw new DOMException("no application server key", "InvalidAccessError");
      localStorage.setItem(KEY, toBase64url(key));
      return made(toBase64url(key)) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(KEY);
      return (key ? made(key) : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

/** A guest's order placed as a browser without JavaScript does (a "Tambah", then the cart's form); its code. */
async function placeOrder(request: APIRequestContext): Promise<string> {
  const added = await request.post("/keranjang", {
    form: { intent: "tambah", menu: "es-nyala" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  const checkout = await request.post("/pesanan", {
    form: { nama: "Bu Sari", whatsapp: "0812-3456-7890", cara: "ambil", waktu: "secepatnya" },
  });
  expect(checkout.status()).toBe(201);
  return /data-testid="order-code">(NY-[A-Z0-9]+)</.exec(await checkout.text())![1]!;
}

const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

async function openSettings(page: Page) {
  await page.goto("/admin/pengaturan-notifikasi");
  await waitForHydration(page);
}

test("the admin area installs as an app: manifest, icons and a service worker on /admin/", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan");
  await waitForHydration(admin);
  const href = await admin.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/admin/manifest.webmanifest");
  const response = await admin.request.get(href!, { headers: { cookie: "" } });
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: "Papan Pesanan Mie Nyala",
    short_name: "Pesanan",
    lang: "id",
    start_url: "/admin/pesanan",
    scope: "/admin/",
    display: "standalone",
  });
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const file = await admin.request.get(icon.src);
    expect(file.headers()["content-type"], icon.src).toBe("image/png");
    expect(pngSize(await file.body()).join("x"), icon.src).toBe(icon.sizes);
    purposes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...purposes].sort()).toEqual([
    "192x192 any",
    "192x192 maskable",
    "512x512 any",
    "512x512 maskable",
  ]);

  const worker = await admin.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
  expect(worker).toEqual({ scope: `${origin}/admin/`, script: `${origin}/admin/sw.js` });
  await admin.context().close();
});

test("push turned on in this browser: a test push and the next order reach it, signed and encrypted; turned off, the server forgets it", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(60_000);
  const admin = await adminPage(browser);
  await admin.context().grantPermissions(["notifications"], { origin });
  const device = service.subscription("chromium");
  await stubPushManager(admin.context(), device);
  await openSettings(admin);

  const toggle = admin.getByRole("switch", { name: "Push di perangkat ini" });
  await expect(admin.getByTestId("push-state")).toHaveText("Mati: perangkat ini tidak menerima push.");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(admin.getByTestId("push-state")).toHaveText(
    "Aktif: perangkat ini berbunyi setiap ada pesanan baru, juga saat halaman admin tertutup.",
  );
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(admin.getByText("Push aktif di perangkat ini.")).toBeVisible();

  await admin.getByRole("button", { name: "Kirim push uji" }).click();
  await expect(admin.getByText("Push uji dikirim. Notifikasinya muncul sebentar lagi.")).toBeVisible();
  const [testPush] = await service.waitFor(1);
  const publicKey = (await (await admin.request.get("/admin/notifikasi-push")).json()).publicKey;
  expect(verifyVapid(testPush!.headers.authorization, device.endpoint).publicKey).toBe(publicKey);
  expect(JSON.parse(device.decrypt(testPush!.body)).title).toBe("Push uji berhasil");

  const customer = await playwright.request.newContext({ baseURL: origin });
  const code = await placeOrder(customer);
  const [, orderPush] = await service.waitFor(2);
  expect(orderPush!.headers).toMatchObject({ urgency: "high", "content-encoding": "aes128gcm" });
  expect(JSON.parse(device.decrypt(orderPush!.body))).toMatchObject({
    title: `Pesanan baru ${code}`,
    body: "Rp 8.000 · Ambil sendiri",
    url: `/admin/pesanan?kode=${code}&status=semua`,
  });

  // A reload finds it on; switching it off makes the server forget this browser.
  await openSettings(admin);
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(admin.getByTestId("push-state")).toHaveText("Mati: perangkat ini tidak menerima push.");
  expect((await (await admin.request.get("/admin/notifikasi-push")).json()).devices).toEqual([]);
  await customer.dispose();
  await admin.context().close();
});

test("tells the truth where push cannot work: notifications blocked, and an iPhone's Safari gets the install steps", async ({
  browser,
}) => {
  // No permission granted: headless Chromium refuses the request, as an admin tapping Blokir does.
  const blocked = await adminPage(browser);
  await openSettings(blocked);
  const toggle = blocked.getByRole("switch", { name: "Push di perangkat ini" });
  await toggle.click();
  await expect(blocked.getByRole("alert")).toHaveText(
    "Izin notifikasi tidak diberikan. Ketuk lagi lalu pilih Izinkan.",
  );
  await openSettings(blocked);
  await expect(blocked.getByTestId("push-state")).toHaveText(
    "Notifikasi diblokir untuk situs ini. Izinkan notifikasi di pengaturan situs pada browser, lalu muat ulang halaman ini.",
  );
  await expect(toggle).toBeDisabled();
  await blocked.context().close();

  // Safari on an iPhone has no PushManager in a browser tab: only the home-screen app has it.
  const storage = await (await adminPage(browser)).context().storageState();
  const iphone = await browser.newContext({
    baseURL: origin,
    storageState: storage,
    locale: "id-ID",
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    viewport: { width: 390, height: 844 },
  });
  await iphone.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  const page = await iphone.newPage();
  await openSettings(page);
  await expect(page.getByTestId("push-state")).toHaveText(
    "Pasang aplikasinya dulu di Layar Utama, lalu nyalakan push dari sana.",
  );
  const help = page.getByTestId("ios-install-help");
  await expect(help).toContainText("Bagikan");
  await expect(help).toContainText("Tambah ke Layar Utama");
  await expect(page.getByRole("switch", { name: "Push di perangkat ini" })).toBeDisabled();
  await iphone.close();
});
