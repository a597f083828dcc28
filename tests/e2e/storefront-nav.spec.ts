import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { visit } from "./support/storefront.ts";

const PHONE_MENU = ["Beranda", "Produk", "Keranjang", "Tentang", "Kontak", "Daftar", "Masuk"];

test("the logged-out top navigation on a wide screen", async ({ page }) => {
  await visit(page, "/beranda");
  const nav = page.getByRole("navigation", { name: "Navigasi utama" });
  await expect(nav).toBeVisible();
  for (const [name, href] of [
    ["Beranda", "/beranda"],
    ["Produk", "/produk"],
    ["Keranjang", "/keranjang"],
    ["Daftar", "/daftar"],
    ["Masuk", "/masuk"],
  ]) {
    await expect(nav.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href!);
  }
  await expect(nav.getByRole("link", { name: "Beranda" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByText("Keluar")).toHaveCount(0);
  await expect(nav.getByText("Admin")).toHaveCount(0);
  await expect(page.getByLabel(/^(Buka|Tutup) menu$/)).toBeHidden();

  await nav.getByRole("link", { name: "Produk" }).click();
  await expect(page).toHaveURL("/produk");
  await expect(nav.getByRole("link", { name: "Produk" })).toHaveAttribute("aria-current", "page");
});

test.describe("the phone menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** The menu's toggle: the <summary> of a disclosure (it opens without JavaScript too). */
  const menuButton = (page: Page) => page.getByRole("banner").getByLabel(/^(Buka|Tutup) menu$/);
  const phoneMenu = (page: Page) => page.getByRole("navigation", { name: "Menu ponsel" });
  const expectOpen = (page: Page, open: boolean) =>
    open
      ? expect(page.getByTestId("phone-menu")).toHaveAttribute("open", "")
      : expect(page.getByTestId("phone-menu")).not.toHaveAttribute("open");

  test("opens with every link, closes with Escape and the button", async ({ page }) => {
    await visit(page, "/beranda");
    await expect(page.getByRole("navigation", { name: "Navigasi utama" })).toBeHidden();
    await expect(phoneMenu(page)).toBeHidden();
    await expectOpen(page, false);

    await menuButton(page).click();
    await expectOpen(page, true);
    await expect(menuButton(page)).toHaveAccessibleName("Tutup menu");
    await expect(phoneMenu(page)).toBeVisible();
    await expect(phoneMenu(page).getByRole("link")).toHaveText(
      PHONE_MENU.map((name) => new RegExp(`^${name}`)),
    );
    for (const link of await phoneMenu(page).getByRole("link").all()) {
      const box = await link.boundingBox();
      expect(box!.height, "touch target height").toBeGreaterThanOrEqual(24);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }

    await page.keyboard.press("Escape");
    await expect(phoneMenu(page)).toBeHidden();
    await expectOpen(page, false);
    await expect(menuButton(page)).toHaveAccessibleName("Buka menu");

    await menuButton(page).click();
    await expect(phoneMenu(page)).toBeVisible();
    await menuButton(page).click();
    await expect(phoneMenu(page)).toBeHidden();
  });

  test("navigating from the menu closes it", async ({ page }) => {
    await visit(page, "/beranda");
    for (const [name, path, heading] of [
      ["Produk", "/produk", "Produk kami"],
      ["Tentang", "/tentang", "Tentang kami"],
      ["Kontak", "/kontak", "Kontak"],
      ["Keranjang", "/keranjang", "Keranjang"],
      ["Beranda", "/beranda", "Beranda Mie Nyala"],
    ]) {
      await menuButton(page).click();
      await phoneMenu(page)
        .getByRole("link", { name: new RegExp(`^${name}`) })
        .click();
      await expect(page).toHaveURL(path!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
      await expect(phoneMenu(page)).toBeHidden();
      await expectOpen(page, false);
    }
  });

  test("the cart icon shows the count", async ({ page }) => {
    await visit(page, "/produk");
    await page.getByRole("button", { name: "Tambah Es Nyala ke keranjang" }).first().click();
    await expect(
      page
        .getByRole("banner")
        .getByRole("link", { name: /^Keranjang/ })
        .first(),
    ).toContainText("1");
    await menuButton(page).click();
    await expect(phoneMenu(page).getByRole("link", { name: /^Keranjang/ })).toHaveAccessibleName(
      "Keranjang 1 item",
    );
  });
});
