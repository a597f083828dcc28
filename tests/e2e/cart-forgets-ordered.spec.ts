import type { Browser, Page } from "@playwright/test";
import { createAccount, logIn, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { checkOut, CUSTOMER, fillCheckoutDetails } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { cartLine, productCard, visit } from "./support/storefront.ts";

/**
 * Issue #24 item 2 (decision 0043), JavaScript on and off: an accepted order's portions leave the
 * customer's cart, portions added after the checkout stay; "Pesan lagi" into a filled cart asks.
 * A server of its own: the board's "Terima" is an admin's.
 */
const ADMIN = "admin-keranjang@nyala.test";
const { adminPage } = privateServerWithAdmin(60, ADMIN, "Admin Keranjang");

const add = (page: Page, nama: string) =>
  productCard(page, nama).getByRole("button", { name: `Tambah ${nama} ke keranjang` });

async function accept(browser: Browser, code: string) {
  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan");
  await admin.getByRole("button", { name: `Terima pesanan ${code}` }).click();
  await expect(admin.locator(`[data-code="${code}"]`).getByTestId("order-status")).toHaveText("Diterima");
  await admin.context().close();
}

/** Opens `path`, waiting for the page's JavaScript where it runs. */
const go = (page: Page, path: string, javaScriptEnabled: boolean) =>
  javaScriptEnabled ? visit(page, path) : page.goto(path);

/** The cart's checkout, never confirmed as sent: the order's code. */
async function checkOutFromCart(page: Page, javaScriptEnabled: boolean) {
  await go(page, "/keranjang", javaScriptEnabled);
  if (javaScriptEnabled) return (await checkOut(page)).code;
  await fillCheckoutDetails(page, { nama: CUSTOMER.nama, whatsapp: CUSTOMER.whatsapp });
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(page.getByRole("heading", { name: "Pesanan tercatat" })).toBeVisible();
  return (await page.getByTestId("order-code").textContent()) ?? "";
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test(`${how}: the cart loses an accepted order's portions and keeps what was added after`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled, locale: "id-ID" });
    const page = await context.newPage();
    await go(page, "/produk", javaScriptEnabled);
    await add(page, "Es Nyala").click();
    await add(page, "Pangsit Goreng").click();
    const code = await checkOutFromCart(page, javaScriptEnabled);
    // Not confirmed as sent (WhatsApp opened, the customer moved on), then one more Es Nyala.
    await go(page, "/produk", javaScriptEnabled);
    await add(page, "Es Nyala").click();
    await go(page, "/keranjang", javaScriptEnabled);
    await expect(cartLine(page, "Es Nyala").getByTestId("quantity")).toHaveText("2");

    await accept(browser, code);
    await page.reload();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(cartLine(page, "Es Nyala").getByTestId("quantity")).toHaveText("1");
    await context.close();
  });

  test(`${how}: Pesan lagi into a filled cart asks, Ganti isi keranjang or Tambahkan`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // Signed in with JavaScript (the login's captcha), then the customer's own browser.
    const login = await browser.newContext({ locale: "id-ID" });
    const email = uniqueEmail("pesan-lagi");
    await createAccount(login.request, email, "Pelanggan Ragu");
    await logIn(await login.newPage(), email);
    const storageState = await login.storageState();
    await login.close();
    const context = await browser.newContext({ javaScriptEnabled, locale: "id-ID", storageState });
    const page = await context.newPage();
    await go(page, "/produk", javaScriptEnabled);
    await add(page, "Pangsit Goreng").click();
    await add(page, "Pangsit Goreng").click();
    const code = await checkOutFromCart(page, javaScriptEnabled);

    // Never confirmed: the cart still holds the order when "Pesan lagi" is tapped.
    await page.goto("/pesanan-saya");
    const mine = page.locator(`[data-testid=my-order][data-code="${code}"]`);
    await mine.getByRole("button", { name: "Pesan lagi" }).click();
    const question = page.getByRole("group", { name: "Keranjangmu masih berisi 2 porsi" });
    await expect(question).toBeVisible();
    await expect(page).toHaveURL(/\/pesanan-saya$/);
    const choice = javaScriptEnabled ? "Ganti isi keranjang" : "Tambahkan";
    await question.getByRole("button", { name: choice }).click();
    await expect(page).toHaveURL(/\/keranjang$/);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(cartLine(page, "Pangsit Goreng").getByTestId("quantity")).toHaveText(
      javaScriptEnabled ? "2" : "4",
    );
    await context.close();
  });
}
