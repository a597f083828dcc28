import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./support/fixtures.ts";
import { checkOut, chooseLevel } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { cartLine, productCard, visit } from "./support/storefront.ts";

/**
 * Promotions and level families end to end (#16), on a server of their own whose store clock is
 * set for the test (NYALA_TEST_CLOCK, honoured only with NYALA_TEST_MODE=1): Wednesday
 * 25 November 2026, 12:00 WITA, so the Monday promo is not on and the results do not depend on
 * the day the suite runs. The Monday spec (storefront-promos-monday.spec.ts) sets a Monday.
 */
const ADMIN = "admin-promo@nyala.test";
const { adminPage } = privateServerWithAdmin(50, ADMIN, "Admin Promo", {
  NYALA_TEST_MODE: "1",
  NYALA_TEST_CLOCK: "2026-11-25T04:00:00Z",
});

const addButton = (page: Page, nama: string) =>
  productCard(page, nama).getByRole("button", { name: `Tambah ${nama} ke keranjang` });

const BUY_TWO = "Beli 2 Mie Gratis Es Teh Jumbo";

test("the buy-two promo: 'Ambil Promo' fills the cart, which, the message and the admin's order show the free Es Teh Jumbo", async ({
  page,
  browser,
}) => {
  // A long flow (the cart, a checkout, the admin's board and report): past 30 s on a loaded machine.
  test.setTimeout(60_000);
  await visit(page, "/beranda");
  const card = page.getByTestId("promo-card").filter({ hasText: BUY_TWO });
  await expect(card.getByTestId("promo-when")).toHaveText("Setiap hari");
  await card.getByRole("button", { name: `Ambil Promo ${BUY_TWO}` }).click();
  await page.waitForURL(/\/keranjang$/);
  await expect(cartLine(page, "Mie Nyala Level 1").getByTestId("subtotal")).toHaveText("Rp 20.000");
  await expect(cartLine(page, "Es Teh Jumbo").getByTestId("subtotal")).toHaveText("Rp 5.000");
  await expect(page.getByTestId("subtotal-before-promo")).toHaveText("Rp 25.000");
  await expect(page.getByTestId("cart-discount")).toHaveText("-Rp 5.000");
  await expect(page.getByTestId("total")).toHaveText("Rp 20.000");

  const order = await checkOut(page);
  expect(order.text).toContain(
    ["Subtotal: Rp 25.000", `Promo ${BUY_TWO}: -Rp 5.000`, "Total: Rp 20.000"].join("\n"),
  );
  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();

  const admin = await adminPage(browser);
  await admin.goto(`/admin/pesanan?kode=${order.code}`);
  const entry = admin.getByTestId("admin-order");
  await expect(entry).toHaveAttribute("data-code", order.code);
  await expect(entry.getByTestId("order-discount")).toHaveText(`Promo ${BUY_TWO}: -Rp 5.000`);
  await entry.getByRole("button", { name: `Terima pesanan ${order.code}` }).click();
  await expect(entry.getByTestId("order-status")).toHaveText("Diterima");

  await admin.goto("/admin/laporan");
  await expect(admin.getByTestId("report-discount").filter({ hasText: BUY_TWO })).toContainText("Rp 5.000");
  await admin.context().close();
});

test("a level-priced dish: Level 3 chosen on the Level 1 card orders Mie Nyala Level 3 at Rp 12.000 in the card, cart, message, order and report", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await visit(page, "/produk");
  await addButton(page, "Mie Nyala").click();
  const dialog = page.getByRole("dialog", { name: "Pilih level pedas" });
  // The dish's levels, each with its own price.
  await expect(dialog.getByTestId("level-price")).toHaveText(["Rp 10.000", "Rp 11.000", "Rp 12.000"]);
  await chooseLevel(page, 3);
  await visit(page, "/keranjang");
  const line = cartLine(page, "Mie Nyala Level 3");
  await expect(line.getByTestId("subtotal")).toHaveText("Rp 12.000");
  await expect(page.getByTestId("total")).toHaveText("Rp 12.000");
  const order = await checkOut(page);
  expect(order.text).toContain("1x Mie Nyala Level 3 — Rp 12.000\n   Pedas\n");
  expect(order.text).not.toContain("Level 1");
  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();

  const admin = await adminPage(browser);
  await admin.goto(`/admin/pesanan?kode=${order.code}`);
  const entry = admin.getByTestId("admin-order");
  await expect(entry).toContainText("1x Mie Nyala Level 3 · Pedas — Rp 12.000");
  await entry.getByRole("button", { name: `Terima pesanan ${order.code}` }).click();
  await expect(entry.getByTestId("order-status")).toHaveText("Diterima");
  await admin.goto("/admin/laporan");
  await expect(admin.getByTestId("report-best-seller").filter({ hasText: "Mie Nyala Level 3" })).toHaveCount(
    1,
  );
  await admin.context().close();
});

test("the full menu shows a dish the admin just added, with its photo, in its category", async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/menu");
  await admin.getByLabel("Nama menu").fill("Tahu Nyala");
  await admin.getByLabel("Kategori", { exact: true }).selectOption({ label: "Cemilan" });
  await admin.getByLabel("Harga (Rp)").fill("7000");
  await admin.getByLabel("Foto").setInputFiles({
    name: "foto.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 1000, height: 800, channels: 3, background: "#fbbf24" } })
      .jpeg()
      .toBuffer(),
  });
  await admin.getByRole("button", { name: "Tambah menu" }).click();
  await expect(admin.getByText("Menu ditambahkan.")).toBeVisible();
  await admin.context().close();

  await visit(page, "/produk");
  const section = page.locator("#menu-cemilan");
  const card = productCard(page, "Tahu Nyala");
  await expect(section.getByRole("heading", { name: "Tahu Nyala" })).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", /^\/gambar\/menu\/[a-f0-9]{64}\.webp$/);
  await card.locator("img").scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      card.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    )
    .toBeGreaterThan(0);
  await addButton(page, "Tahu Nyala").click();
  await visit(page, "/keranjang");
  await expect(cartLine(page, "Tahu Nyala").getByTestId("subtotal")).toHaveText("Rp 7.000");
});
