import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { CUSTOMER, fillCheckoutDetails, stubWhatsApp } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { expectNavCount, productCard, visit } from "./support/storefront.ts";

/**
 * "Pesan" on a product card (#24 item 1, decision 0038): a quick checkout of that one dish that
 * records the order like the cart's, with and without JavaScript; refused while the store is
 * busy. A server of its own: the board must show this spec's orders, and "Toko sibuk" is switched.
 */
const { adminPage } = privateServerWithAdmin(71, "admin-cepat@nyala.test", "Admin Cepat");

const orderLink = (page: Page, nama: string) =>
  productCard(page, nama).getByRole("link", { name: `Pesan ${nama} lewat WhatsApp` });
const boardCard = (admin: Page, code: string) =>
  admin.locator(`[data-testid="admin-order"][data-code="${code}"]`);

test("with JavaScript: Pesan on a card opens the quick checkout without a reload, records the order, opens WhatsApp; the board shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan");
  await stubWhatsApp(page.context());
  await visit(page, "/produk");
  await page.evaluate(() => ((window as unknown as { mark: string }).mark = "tetap"));

  await orderLink(page, "Mie Nyala").click();
  await expect(page).toHaveURL(/\/keranjang\/pesan\/mie-nyala-level-1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pesan Mie Nyala");
  const checkout = page.locator("main");
  await checkout.getByRole("radio", { name: /Mie Nyala Level 2 / }).check();
  await checkout.getByLabel("Jumlah").fill("2");
  await checkout.getByLabel(/Catatan/).fill("tanpa sayur");
  // Details left empty are refused in the page, in Indonesian beside the field (never the
  // browser's own bubble): no order, and no tab left open (one opened by a tap that came before
  // the check's code closes again).
  const popups: Page[] = [];
  page.on("popup", (popup) => popups.push(popup));
  await checkout.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(checkout.getByTestId("error-nama")).toHaveText("Isi nama pemesan.");
  await expect(checkout.getByLabel("Nama", { exact: true })).toBeFocused();
  await expect.poll(() => popups.filter((popup) => !popup.isClosed()).length).toBe(0);
  page.removeAllListeners("popup");
  await fillCheckoutDetails(page, { nama: CUSTOMER.nama, whatsapp: CUSTOMER.whatsapp });
  // The tap opens WhatsApp, as the cart's checkout does, once the order is recorded.
  const popupPromise = page.waitForEvent("popup");
  await checkout.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  await expect(checkout.getByRole("heading", { name: "Pesanan tercatat" })).toBeVisible();
  await expect(checkout.getByText("WhatsApp terbuka di tab baru.", { exact: false })).toBeVisible();
  // A client navigation and a fetch: the page was never reloaded.
  expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("tetap");
  const code = (await checkout.getByTestId("order-code").textContent()) ?? "";
  expect(code).toMatch(/^NY-[0-9A-Z]{4}$/);
  const text = new URL(popup.url()).searchParams.get("text") ?? "";
  expect(text).toContain(code);
  expect(text).toContain("2x Mie Nyala Level 2");
  expect(text).toContain("tanpa sayur");
  expect(text).toMatch(new RegExp(`/pesanan/${code}\\?kunci=`));
  await popup.close();

  await expect(boardCard(admin, code)).toContainText("Mie Nyala Level 2");
  await expect(boardCard(admin, code)).toContainText(CUSTOMER.nama);
  // The quick order is not the cart's: the cart stays empty.
  await expectNavCount(page, 0);
  await admin.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Pesan on a card is a page whose form records the order; the board shows it", async ({
    page,
    browser,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    await page.goto("/produk");
    await orderLink(page, "Es Nyala").click();
    await expect(page).toHaveURL(/\/keranjang\/pesan\/es-nyala$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pesan Es Nyala");
    // A name of one letter: the page asks again, with the dish's choices and the details as typed.
    await page.getByLabel("Jumlah").fill("2");
    await page.getByLabel(/Catatan/).fill("tanpa es");
    await fillCheckoutDetails(page, { nama: "T", whatsapp: CUSTOMER.whatsapp });
    await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
    await expect(page.getByTestId("quick-order-error")).toHaveText(/^Nama pemesan 2 sampai \d+ karakter\.$/);
    await expect(page.getByTestId("error-nama")).toHaveText(/^Nama pemesan 2 sampai/);
    await expect(page.getByLabel("Nama", { exact: true })).toHaveValue("T");
    await expect(page.getByLabel("Jumlah")).toHaveValue("2");
    await expect(page.getByLabel(/Catatan/)).toHaveValue("tanpa es");
    await expect(page.getByLabel("Nomor WhatsApp")).toHaveValue(CUSTOMER.whatsapp);
    await fillCheckoutDetails(page, { nama: "Tanpa Skrip" });
    await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
    await expect(page.getByRole("heading", { name: "Pesanan tercatat" })).toBeVisible();
    await expect(page.getByTestId("order-message")).toContainText("2x Es Nyala");
    await expect(page.getByTestId("order-message")).toContainText("Catatan: tanpa es");
    const code = (await page.getByTestId("order-code").textContent()) ?? "";
    expect(code).toMatch(/^NY-[0-9A-Z]{4}$/);
    const whatsapp = await page.getByRole("link", { name: "Buka WhatsApp" }).getAttribute("href");
    expect(decodeURIComponent(whatsapp ?? "")).toContain(code);
    // The admin's context is without JavaScript too here: the board as the server draws it.
    const admin = await adminPage(browser);
    await admin.goto("/admin/pesanan");
    await expect(boardCard(admin, code)).toContainText("Es Nyala");
    await expect(boardCard(admin, code)).toContainText("Tanpa Skrip");
    await admin.context().close();
  });
});

test("Toko sibuk: the quick checkout refuses as the cart does, with and without JavaScript", async ({
  page,
  browser,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 409/);
  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan");
  await admin.getByTestId("busy-panel").getByRole("button", { name: "30 menit" }).click();
  await expect(admin.getByTestId("busy-panel")).toContainText(/Pesanan baru dijeda/);
  const before = await admin.getByTestId("admin-order").count();
  const busy = /Toko sedang sibuk\. Pesanan baru dibuka lagi pukul \d\d\.\d\d\. Coba lagi nanti, ya\./;

  await stubWhatsApp(page.context());
  await visit(page, "/produk");
  await orderLink(page, "Es Nyala").click();
  const checkout = page.locator("main");
  await fillCheckoutDetails(page, { nama: CUSTOMER.nama, whatsapp: CUSTOMER.whatsapp });
  await checkout.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(checkout.getByTestId("quick-order-error")).toHaveText(busy);

  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
  const noScript = await plain.newPage();
  await noScript.goto("/keranjang/pesan/es-nyala");
  await fillCheckoutDetails(noScript, { nama: CUSTOMER.nama, whatsapp: CUSTOMER.whatsapp });
  await noScript.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(noScript.getByTestId("quick-order-error")).toHaveText(busy);
  await plain.close();

  await admin.reload();
  await expect(admin.getByTestId("admin-order")).toHaveCount(before);
  await admin.getByRole("button", { name: "Buka pesanan lagi" }).click();
  await expect(admin.getByTestId("busy-panel")).toContainText("Dapur kewalahan?");
  await admin.context().close();
});
