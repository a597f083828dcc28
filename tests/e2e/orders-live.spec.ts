import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { checkOut, chooseLevel, fillCheckoutDetails, orderLinkOf } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { productCard, visit } from "./support/storefront.ts";

/**
 * Issue #15 end to end, in two browsers at once: the customer's and the kitchen's. A new order
 * appears on the staff board without a reload (with the count in the tab's title and the
 * sidebar, and a chime when the sound is on); each tap on the board reaches the customer's
 * order page without a reload; a cancellation carries the restaurant's reason. A server of its
 * own: the board's counts must be this spec's orders only.
 */
const ADMIN = "admin-dapur@nyala.test";
const { adminPage } = privateServerWithAdmin(11, ADMIN, "Admin Dapur");

const addButton = (page: Page, nama: string) =>
  productCard(page, nama).getByRole("button", { name: `Tambah ${nama} ke keranjang` });

/** Counts the chimes the page plays (its Web Audio oscillators), without playing any. */
async function countChimes(page: Page) {
  await page.addInitScript(() => {
    const counter = window as unknown as { chimes: number };
    counter.chimes = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counter.chimes++;
      return original.call(this);
    };
  });
}

/** A mark on the window: still there means the page was never reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => ((window as unknown as { mark: string }).mark = "tetap"));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { mark?: string }).mark);

test("a new order appears on the board live; each tap there reaches the customer's page live", async ({
  page,
  browser,
}) => {
  // Two browsers, a checkout and five status changes: past 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  const admin = await adminPage(browser);
  await countChimes(admin);
  await admin.goto("/admin/pesanan");
  await expect(admin.getByTestId("board-live")).toContainText("Langsung");
  await admin.getByRole("button", { name: "Nyalakan suara pesanan baru" }).click();
  await expect(admin.getByRole("button", { name: "Suara pesanan baru: nyala" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const chimesBefore = await admin.evaluate(() => (window as unknown as { chimes: number }).chimes);
  await markPage(admin);

  // The customer orders a delivery for as soon as possible.
  await visit(page, "/produk");
  await addButton(page, "Mie Nyala").click();
  await chooseLevel(page, 3);
  await visit(page, "/keranjang");
  await page.getByTestId("cart-line").getByLabel("Catatan").fill("tanpa sayur");
  await fillCheckoutDetails(page, {
    nama: "Siti Aminah",
    whatsapp: "0813-1111-2222",
    cara: "Diantar",
    alamat: "Jl. Mawar No. 5, Kendari",
    patokan: "depan masjid",
  });
  const order = await checkOut(page);
  expect(order.text).toContain(
    "\nAtas nama: Siti Aminah\nWhatsApp: +62 813-1111-2222\nCara: Diantar\nAlamat: Jl. Mawar No. 5, Kendari (patokan: depan masjid)\nWaktu: Secepatnya\n",
  );

  // The board: the card, without a reload, with everything the kitchen needs.
  const card = admin.locator(`[data-testid="admin-order"][data-code="${order.code}"]`);
  await expect(card).toBeVisible();
  expect(await stillSamePage(admin)).toBe("tetap");
  await expect(card.getByTestId("order-status")).toHaveText("Baru");
  await expect(card.getByTestId("order-waiting")).toHaveText("menunggu baru saja");
  await expect(card.getByTestId("order-fulfilment")).toHaveText(
    "DiantarJl. Mawar No. 5, Kendari (patokan: depan masjid)",
  );
  await expect(card.getByTestId("order-when")).toHaveText("Secepatnya");
  await expect(card).toContainText("1x Mie Nyala Level 3 · Pedas — Rp 12.000");
  await expect(card).toContainText("Catatan: tanpa sayur");
  await expect(card.getByRole("link", { name: "+62 813-1111-2222" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/6281311112222\?text=/,
  );
  await expect(card.getByTestId("order-unsent")).toBeVisible();
  await expect(admin.getByTestId("new-orders-badge").first()).toHaveText("1 pesanan baru");
  await expect(admin).toHaveTitle(/^\(1\) Pesanan \| Admin/);
  await expect
    .poll(() => admin.evaluate(() => (window as unknown as { chimes: number }).chimes))
    .toBeGreaterThan(chimesBefore);

  // The customer confirms the message was sent: the board stops flagging it.
  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();
  await expect(card.getByTestId("order-unsent")).toHaveCount(0);

  // The customer's page, opened from the link in the message.
  const link = new URL(orderLinkOf(order.text, order.code));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(new RegExp(`/pesanan/${order.code}$`));
  await expect(page.getByTestId("order-page-status")).toHaveText("Baru");
  await expect(page.getByTestId("order-live")).toHaveText("Diperbarui otomatis");
  await markPage(page);

  for (const [button, status] of [
    ["Terima", "Diterima"],
    ["Mulai masak", "Dimasak"],
    ["Antar sekarang", "Sedang diantar"],
  ] as const) {
    await card.getByRole("button", { name: `${button} pesanan ${order.code}` }).click();
    await expect(card.getByTestId("order-status")).toHaveText(status);
    await expect(page.getByTestId("order-page-status")).toHaveText(status);
  }
  expect(await stillSamePage(page)).toBe("tetap");
  const steps = page.getByTestId("order-timeline").getByRole("listitem");
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(3)).toContainText("Sedang diantar");
  await expect(steps.nth(3).locator("time")).toHaveCount(1);
  await expect(steps.nth(4)).toHaveAttribute("data-state", "ahead");
  await expect(admin.getByTestId("new-orders-badge")).toHaveCount(0);
  await expect(admin).toHaveTitle(/^Pesanan \| Admin/);

  await card.getByRole("button", { name: `Selesai pesanan ${order.code}` }).click();
  await expect(page.getByTestId("order-page-status")).toHaveText("Selesai");
  await expect(card).toHaveCount(0);
  await admin.context().close();
});

test("a cancellation reaches the customer's page live, with the restaurant's reason; without JavaScript a reload shows it", async ({
  page,
  browser,
}) => {
  await visit(page, "/produk");
  await addButton(page, "Es Nyala").click();
  await visit(page, "/keranjang");
  const order = await checkOut(page);
  await page.getByRole("link", { name: `Lihat status pesanan ${order.code}` }).click();
  await expect(page.getByTestId("order-page-status")).toHaveText("Baru");
  await expect(page.getByTestId("order-live")).toHaveText("Diperbarui otomatis");

  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan");
  const card = admin.locator(`[data-testid="admin-order"][data-code="${order.code}"]`);
  await card.getByText(`Batalkan pesanan ${order.code}`, { exact: true }).click();
  await card.getByLabel("Alasan pembatalan (dibaca pelanggan)").fill("Es Nyala sedang habis, maaf ya.");
  await card.getByRole("button", { name: `Ya, batalkan pesanan ${order.code}` }).click();
  await expect(page.getByTestId("order-page-status")).toHaveText("Dibatalkan");
  await expect(page.getByTestId("cancel-reason")).toHaveText(
    "Alasan dari restoran: Es Nyala sedang habis, maaf ya.",
  );

  // The same link in a browser without JavaScript: the page, its status and the reason.
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: "id-ID" });
  const plain = await noScript.newPage();
  const link = orderLinkOf(order.text, order.code);
  await plain.goto(link);
  await expect(plain).toHaveURL(new RegExp(`/pesanan/${order.code}$`));
  await expect(plain.getByTestId("order-page-status")).toHaveText("Dibatalkan");
  await expect(plain.getByTestId("cancel-reason")).toContainText("Es Nyala sedang habis, maaf ya.");
  await expect(plain.getByRole("link", { name: "Muat ulang status" })).toBeVisible();
  // Without the link's secret, the same address is a 404 that says nothing about the order.
  const stranger = await browser.newContext({ javaScriptEnabled: false });
  const response = await (await stranger.newPage()).goto(`/pesanan/${order.code}`);
  expect(response?.status()).toBe(404);
  await noScript.close();
  await stranger.close();
  await admin.context().close();
});

test("Toko sibuk: the storefront says so and checkout refuses until the owner opens orders again", async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan");
  await admin.getByTestId("busy-panel").getByRole("button", { name: "30 menit" }).click();
  await expect(admin.getByTestId("busy-panel")).toContainText(
    /Pesanan baru dijeda sampai pukul \d\d\.\d\d\./,
  );

  await visit(page, "/produk");
  await expect(page.getByTestId("store-busy")).toContainText(
    /Toko sedang sibuk\. Pesanan baru dibuka lagi pukul \d\d\.\d\d\./,
  );
  await addButton(page, "Es Nyala").click();
  await visit(page, "/keranjang");
  await expect(page.getByRole("button", { name: "Pesan via WhatsApp" })).toBeDisabled();

  await admin.getByRole("button", { name: "Buka pesanan lagi" }).click();
  await expect(admin.getByTestId("busy-panel")).toContainText("Dapur kewalahan?");
  await page.reload();
  await expect(page.getByTestId("store-busy")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pesan via WhatsApp" })).toBeEnabled();
  await admin.context().close();
});

test("Pesanan saya lists a signed-in customer's orders; Pesan lagi fills the cart again", async ({
  page,
}) => {
  const { createAccount, logIn, uniqueEmail } = await import("./auth-helpers.ts");
  const email = uniqueEmail("langganan");
  await createAccount(page.request, email, "Pelanggan Setia");
  await logIn(page, email);
  await visit(page, "/produk");
  await addButton(page, "Pangsit Goreng").click();
  await addButton(page, "Pangsit Goreng").click();
  await visit(page, "/keranjang");
  // The account's name is offered; the number is asked once.
  await expect(page.getByTestId("checkout-details").getByLabel("Nama", { exact: true })).toHaveValue(
    "Pelanggan Setia",
  );
  await fillCheckoutDetails(page, { whatsapp: "0812-9999-8888" });
  const order = await checkOut(page);
  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();
  await expect(page.getByText("Keranjang kosong")).toBeVisible();

  await page
    .getByRole("navigation", { name: "Navigasi utama" })
    .getByRole("link", { name: "Pesanan saya" })
    .click();
  await expect(page.getByRole("heading", { name: "Pesanan saya" })).toBeVisible();
  const mine = page.getByTestId("my-order");
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute("data-code", order.code);
  await expect(mine.getByTestId("my-order-status")).toHaveText("Baru");
  await mine.getByRole("button", { name: "Pesan lagi" }).click();
  await expect(page).toHaveURL(/\/keranjang$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-line").getByTestId("quantity")).toHaveText("2");
  // Remembered on the account: the next checkout starts filled in.
  await expect(page.getByTestId("checkout-details").getByLabel("Nomor WhatsApp")).toHaveValue(
    "+62 812-9999-8888",
  );
});
