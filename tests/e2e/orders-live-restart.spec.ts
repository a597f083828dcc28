import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { createAccount, logIn } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { checkOut } from "./support/orders.ts";
import { privatePort, startPrivateServer, type PrivateServer } from "./support/private-server.ts";
import { productCard, visit } from "./support/storefront.ts";

/**
 * The live pages across a server restart (issue #15): the customer's order page and the staff
 * board stay open while the server stops and starts again on the same data; once it is back,
 * both show every change made meanwhile without a reload. A server of its own, restarted here.
 */
const PORT = privatePort(12);
const ADMIN = "admin-restart@nyala.test";
const ENV = { ADMIN_EMAILS: ADMIN, RATE_LIMIT_ORDER_ADDRESS: "1000" };
let server: PrivateServer | undefined;
let adminState: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.use({ baseURL: `http://localhost:${PORT}` });
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  server = await startPrivateServer(PORT, ENV);
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  await createAccount(request, ADMIN, "Admin Restart");
  await request.dispose();
  const context = await browser.newContext({ baseURL: server.baseURL, locale: "id-ID" });
  await logIn(await context.newPage(), ADMIN);
  adminState = await context.storageState();
  await context.close();
});

test.afterAll(async () => {
  await server?.stop();
});

const moveOn = (admin: APIRequestContext, code: string, status: string) =>
  admin.post("/admin/pesanan", { form: { intent: "status", code, status } });

async function order(page: Page, nama: string) {
  await visit(page, "/produk");
  await productCard(page, nama)
    .getByRole("button", { name: `Tambah ${nama} ke keranjang` })
    .click();
  await visit(page, "/keranjang");
  return checkOut(page);
}

test("after a restart the order page and the board reconnect and show every change they missed, without a reload", async ({
  page,
  browser,
  allowConsoleError,
}) => {
  test.setTimeout(120_000);
  // While the server is down the browsers' reconnects fail, as they should.
  allowConsoleError(/ERR_CONNECTION_REFUSED|net::ERR|Failed to load resource/);
  const first = await order(page, "Es Nyala");
  await page.getByRole("link", { name: `Lihat status pesanan ${first.code}` }).click();
  await expect(page.getByTestId("order-live")).toHaveText("Diperbarui otomatis");
  await page.evaluate(() => ((window as unknown as { mark: string }).mark = "tetap"));

  const adminContext = await browser.newContext({
    baseURL: server!.baseURL,
    storageState: adminState,
    locale: "id-ID",
  });
  adminContext.on("console", () => undefined);
  const board = await adminContext.newPage();
  await board.goto("/admin/pesanan");
  await expect(board.getByTestId("board-live")).toContainText("Langsung");
  await board.evaluate(() => ((window as unknown as { mark: string }).mark = "tetap"));

  await server!.stop({ keepData: true });
  await expect(page.getByTestId("order-live")).toHaveText("Muat ulang halaman untuk status terbaru");
  await expect(board.getByTestId("board-live")).toContainText("Menyambungkan");
  server = await startPrivateServer(PORT, ENV, { keepData: true });

  // Changes made while the pages have not reconnected yet.
  const admin = adminContext.request;
  expect((await moveOn(admin, first.code, "diterima")).status()).toBe(200);
  expect((await moveOn(admin, first.code, "dimasak")).status()).toBe(200);
  // A second customer's cart (a "Tambah" without JavaScript) checked out as the cart page's form.
  const customer2 = await browser.newContext({ baseURL: server.baseURL, locale: "id-ID" });
  const added = await customer2.request.post("/keranjang", {
    form: { intent: "tambah", menu: "pangsit-goreng" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  const second = await customer2.request.post("/pesanan", {
    form: { nama: "Pelanggan Kedua", whatsapp: "0812-1111-3333", cara: "ambil", waktu: "secepatnya" },
  });
  expect(second.status()).toBe(201);
  const secondCode = /data-testid="order-code">(NY-[A-Z0-9]+)</.exec(await second.text())![1]!;

  await expect(page.getByTestId("order-page-status")).toHaveText("Dimasak", { timeout: 20_000 });
  await expect(page.getByTestId("order-live")).toHaveText("Diperbarui otomatis");
  const steps = page.getByTestId("order-timeline").getByRole("listitem");
  await expect(steps.nth(1).locator("time")).toHaveCount(1);
  await expect(steps.nth(2).locator("time")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("tetap");

  await expect(board.locator(`[data-testid="admin-order"][data-code="${secondCode}"]`)).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    board.locator(`[data-testid="admin-order"][data-code="${first.code}"]`).getByTestId("order-status"),
  ).toHaveText("Dimasak");
  expect(await board.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("tetap");
  await customer2.close();
  await adminContext.close();
});
