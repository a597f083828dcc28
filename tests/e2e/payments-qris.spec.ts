import type { Browser, Page } from "@playwright/test";
import decodeQR from "@paulmillr/qr/decode.js";
import sharp from "sharp";
import { PUBLISHED_PAYLOADS } from "../../app/lib/qris/fixtures/published-payloads.ts";
import { parseQris } from "../../app/lib/qris/qris.ts";
import { expect, test, waitForHydration } from "./support/fixtures.ts";
import { checkOut, orderLinkOf } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { productCard, visit } from "./support/storefront.ts";

/**
 * Issue #25 item 3 end to end (docs/decisions/0040-payments.md): the owner turns QRIS on, a
 * customer pays by it (the QR read from a screenshot of the order page carries the exact total),
 * staff mark it paid on the board and the customer's page shows it live; without JavaScript the
 * QR shows; the owner marks an order paid on its admin page on a phone. A server of its own: the
 * shop's payment settings are this spec's.
 */
const ADMIN = "admin-kasir@nyala.test";
const { adminPage } = privateServerWithAdmin(37, ADMIN, "Admin Kasir");

/**
 * One Es Nyala checked out by a customer of their own: the same browser's next checkout would
 * replace an order it never sent.
 */
async function orderEsNyala(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: "id-ID" });
  const page = await context.newPage();
  await visit(page, "/produk");
  await productCard(page, "Es Nyala").getByRole("button", { name: "Tambah Es Nyala ke keranjang" }).click();
  await visit(page, "/keranjang");
  const order = await checkOut(page);
  await context.close();
  return order;
}

/** The QR on the page, as a phone's camera would read it from a screenshot. */
async function readQrOnPage(page: Page) {
  const shot = await page.getByTestId("order-qris").screenshot();
  const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return decodeQR({ width: info.width, height: info.height, data });
}

test("a customer pays by QRIS for the exact total; staff mark it paid and the page shows it live", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await adminPage(browser);
  await admin.goto("/admin/outlet");
  const form = admin.locator("form#pembayaran");
  await form.getByLabel("QRIS", { exact: true }).check();
  await form.getByLabel("Kode QRIS statis").fill(`${PUBLISHED_PAYLOADS["QRIS BAZNAS"].slice(0, -1)}3`);
  await form.getByRole("button", { name: "Simpan pembayaran" }).click();
  await expect(form.getByText(/Kode pemeriksa \(CRC\) QRIS tidak cocok/).first()).toBeVisible();
  await form.getByLabel("Kode QRIS statis").fill(PUBLISHED_PAYLOADS["QRIS BAZNAS"]);
  await form.getByLabel(/Metode utama/).selectOption("qris");
  await form.getByRole("button", { name: "Simpan pembayaran" }).click();
  await expect(admin.getByTestId("qris-merchant")).toHaveText("Merchant: Baznas");

  await visit(page, "/produk");
  await productCard(page, "Es Nyala").getByRole("button", { name: "Tambah Es Nyala ke keranjang" }).click();
  await visit(page, "/keranjang");
  await expect(page.getByRole("radio", { name: /^QRIS/ })).toBeChecked();
  const order = await checkOut(page);
  expect(order.text).toContain("\nBayar: QRIS (kode QR ada di halaman pesanan)\n");
  const link = new URL(orderLinkOf(order.text, order.code));

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId("order-live")).toHaveText("Diperbarui otomatis");
  await expect(page.getByTestId("order-paid")).toHaveText("Belum dibayar");
  const total = (await page.getByTestId("payment-amount").textContent()) ?? "";
  const scanned = parseQris(await readQrOnPage(page));
  expect(scanned.ok && `Rp ${Number(scanned.value.amount).toLocaleString("id-ID")}`).toBe(total);
  await expect(page.getByTestId("save-qris")).toHaveAttribute("href", `/pesanan/${order.code}/qris.png`);

  await admin.goto("/admin/pesanan");
  const card = admin.locator(`[data-testid="admin-order"][data-code="${order.code}"]`);
  await card.getByRole("button", { name: `Tandai lunas ${total} pesanan ${order.code}` }).click();
  await expect(card.getByTestId("order-paid-state")).toHaveText("Lunas");
  await expect(page.getByTestId("order-paid")).toHaveText("Lunas");
  await expect(page.getByTestId("order-qris")).toHaveCount(0);
  await admin.context().close();
});

test("without JavaScript the order page shows its QR", async ({ page, browser }) => {
  await visit(page, "/produk");
  await productCard(page, "Es Nyala").getByRole("button", { name: "Tambah Es Nyala ke keranjang" }).click();
  await visit(page, "/keranjang");
  const order = await checkOut(page);
  const link = new URL(orderLinkOf(order.text, order.code));
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
  const plain = await context.newPage();
  await plain.goto(`${link.pathname}${link.search}`);
  await expect(plain.getByTestId("order-qris").locator("svg")).toBeVisible();
  const scanned = parseQris(await readQrOnPage(plain));
  expect(scanned.ok && scanned.value.amount).toMatch(/^\d+$/);
  await context.close();
});

test("the owner marks an order paid on its admin page on a phone, also without JavaScript; the board's mark shows there live", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [first, second, third] = [
    await orderEsNyala(browser, baseURL),
    await orderEsNyala(browser, baseURL),
    await orderEsNyala(browser, baseURL),
  ];
  const admin = await adminPage(browser);
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto(`/admin/pesanan/${first.code}`);
  await waitForHydration(admin);
  const payment = admin.getByTestId("order-payment");
  await expect(payment).toContainText("Bayar: QRIS");
  await expect(payment.getByTestId("order-paid-state")).toHaveText("Belum dibayar");
  await payment
    .getByRole("button", { name: new RegExp(`^Tandai lunas Rp\\s?[\\d.]+ pesanan ${first.code}$`) })
    .click();
  await expect(payment.getByTestId("order-paid-state")).toHaveText("Lunas");
  await expect(payment).toContainText("Admin Kasir");
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await payment.locator("summary", { hasText: "Batalkan lunas" }).click();
  await payment.getByLabel(`Alasan membatalkan lunas ${first.code}`).fill("salah tekan");
  await payment.getByRole("button", { name: "Batalkan lunas" }).click();
  await expect(payment.getByTestId("order-paid-state")).toHaveText("Belum dibayar");
  await expect(admin.getByTestId("order-edit")).toBeVisible();

  // Without JavaScript the same button is a plain form: the page comes back with the new state.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await admin.context().storageState(),
    baseURL: new URL(admin.url()).origin,
    viewport: { width: 390, height: 844 },
    locale: "id-ID",
  });
  const noScript = await plain.newPage();
  await noScript.goto(`/admin/pesanan/${second.code}`);
  await noScript
    .getByRole("button", { name: new RegExp(`^Tandai lunas .* pesanan ${second.code}$`) })
    .click();
  await expect(
    noScript.getByRole("status").filter({ hasText: `Pesanan ${second.code} lunas: Rp` }),
  ).toBeVisible();
  await expect(noScript.getByTestId("order-paid-state")).toHaveText("Lunas");
  await expect(noScript).toHaveURL(new RegExp(`/admin/pesanan/${second.code}$`));
  await plain.close();

  // A mark on the board reaches the order's page already open (the admin live stream).
  await admin.goto(`/admin/pesanan/${third.code}`);
  await waitForHydration(admin);
  const board = await admin.context().newPage();
  await board.goto("/admin/pesanan");
  const card = board.locator(`[data-testid="admin-order"][data-code="${third.code}"]`);
  await card.getByRole("button", { name: new RegExp(`^Tandai lunas .* pesanan ${third.code}$`) }).click();
  await expect(card.getByTestId("order-paid-state")).toHaveText("Lunas");
  await expect(admin.getByTestId("order-payment").getByTestId("order-paid-state")).toHaveText("Lunas");
  await admin.context().close();
});
