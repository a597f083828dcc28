import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { checkOut, fillCheckoutDetails } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { expectNavCount, productCard, visit } from "./support/storefront.ts";

/**
 * Issue #38's rough edges a browser sees, at 390 and 1280 px, with JavaScript on and off. A
 * server of its own: dishes are sold out, categories added and portions set here.
 */
const ADMIN = "admin-tepi38@nyala.test";
const { adminPage } = privateServerWithAdmin(81, ADMIN, "Admin Tepi Tiga Delapan");

const WIDTHS = [390, 1280] as const;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The same admin without JavaScript: a context of its own with the admin's cookies. */
async function adminWithoutJs(browser: Browser, admin: Page) {
  const context = await browser.newContext({
    baseURL: new URL(admin.url()).origin,
    storageState: await admin.context().storageState(),
    javaScriptEnabled: false,
    locale: "id-ID",
  });
  return context.newPage();
}

test("the change log reads on a phone: one compact row an entry, nothing cut, the admin's e-mail whole", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/menu");
  // A few entries with long names to wrap.
  for (const nama of ["Paket Keluarga Besar Sekali", "Minuman Musiman Spesial"]) {
    await admin.getByRole("form", { name: "Tambah kategori" }).getByLabel("Kategori baru").fill(nama);
    await admin.getByRole("button", { name: "Tambah kategori" }).click();
    await expect(admin.getByText("Kategori ditambahkan.")).toBeVisible();
  }
  const noJs = await adminWithoutJs(browser, admin);
  for (const [page, js] of [
    [admin, "js"],
    [noJs, "nojs"],
  ] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/admin/log-perubahan");
      const rows = page.getByTestId("audit-row");
      await expect(rows.first()).toContainText("Kategori baru Minuman Musiman Spesial");
      // Nothing wider than the screen: no sideways scrolling, no row cut at the right.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      for (const box of await rows.evaluateAll((all) => all.map((row) => row.getBoundingClientRect()))) {
        expect(box.right).toBeLessThanOrEqual(width);
        // Compact: an entry is a few lines, not a tall column of letters.
        expect(box.height).toBeLessThan(width === 390 ? 110 : 70);
      }
      const email = rows.first().getByText(ADMIN, { exact: true });
      await expect(email).toBeVisible();
      expect((await email.boundingBox())!.width).toBeGreaterThan(150);
      await shoot(page, `log-perubahan-${width}-${js}`);
    }
  }
  await noJs.context().close();
  await admin.context().close();
});

test("the board without JavaScript does not promise live updates above its Muat ulang", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan");
  await expect(admin.getByTestId("board-live")).toHaveText("Langsung: pesanan baru muncul sendiri");
  const noJs = await adminWithoutJs(browser, admin);
  for (const width of WIDTHS) {
    await noJs.setViewportSize({ width, height: 844 });
    await noJs.goto("/admin/pesanan");
    await expect(noJs.getByTestId("board-live")).toHaveText("Muat ulang untuk melihat pesanan terbaru.");
    await expect(noJs.getByRole("link", { name: "Muat ulang", exact: true })).toBeVisible();
    await expect(noJs.locator("main")).not.toContainText("tanpa memuat ulang");
    await shoot(noJs, `papan-${width}-nojs`);
  }
  await noJs.context().close();
  await admin.context().close();
});

test("the counter form speaks to staff about the customer, with JavaScript and without", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan/kasir");
  const noJs = await adminWithoutJs(browser, admin);
  for (const [page, js] of [
    [admin, "js"],
    [noJs, "nojs"],
  ] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/admin/pesanan/kasir");
      const form = page.getByTestId("checkout-details");
      await expect(form.getByRole("group", { name: "Data pelanggan" })).toBeVisible();
      await expect(form).toContainText("Pelanggan mengambil di toko.");
      await expect(form).toContainText("Diantar ke alamat pelanggan.");
      await expect(form).toContainText("Pelanggan makan di restoran.");
      await expect(form).toContainText("Pelanggan bayar di kasir, ke kurir, atau saat mengambil.");
      await expect(form).not.toContainText(/Kamu ambil|alamatmu|restoran kami/);
      await shoot(page, `pesanan-kasir-${width}-${js}`);
    }
  }
  await noJs.context().close();
  await admin.context().close();
});

test("an eat-in order is told to pay at the cashier, not when collecting or receiving", async ({ page }) => {
  await visit(page, "/produk");
  await productCard(page, "Es Nyala").getByRole("button", { name: "Tambah Es Nyala ke keranjang" }).click();
  await visit(page, "/keranjang");
  await fillCheckoutDetails(page, { cara: "Makan di tempat", meja: "7" });
  const order = await checkOut(page);
  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/pesanan/${order.code}`);
    await expect(page.getByTestId("cash-hint")).toHaveText(
      "Bayar tunai Rp 8.000 di kasir, saat makan di tempat.",
    );
    await expect(page.locator("main")).not.toContainText("saat mengambil atau menerima");
    await shoot(page, `pesanan-makan-${width}`);
  }
});

test("a sold-out dish stays in the cart but leaves the header's count; the menu list shows Porsi harian", async ({
  page,
  browser,
}) => {
  await visit(page, "/produk");
  await productCard(page, "Pangsit Goreng")
    .getByRole("button", { name: "Tambah Pangsit Goreng ke keranjang" })
    .click();
  await expectNavCount(page, 1);
  // Es Teh Jumbo: no other test marks it sold out while this one counts.
  await productCard(page, "Es Teh Jumbo")
    .getByRole("button", { name: "Tambah Es Teh Jumbo ke keranjang" })
    .click();
  await expectNavCount(page, 2);

  const admin = await adminPage(browser);
  await admin.goto("/admin/menu?ubah=es-teh-jumbo");
  await admin.getByLabel("Porsi harian (opsional)").fill("300");
  await admin.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(admin.getByText("Menu disimpan.")).toBeVisible();
  for (const width of WIDTHS) {
    await admin.setViewportSize({ width, height: 844 });
    await admin.goto("/admin/menu");
    const row = admin.getByTestId("admin-menu-item").filter({ hasText: "Es Teh Jumbo" });
    await expect(row.getByText(/Porsi harian 300/).filter({ visible: true })).toBeVisible();
    await shoot(admin, `admin-menu-${width}`);
  }
  // The other tests order Es Teh Jumbo without a daily limit.
  await admin.goto("/admin/menu?ubah=es-teh-jumbo");
  await admin.getByLabel("Porsi harian (opsional)").fill("");
  await admin.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(admin.getByText("Menu disimpan.")).toBeVisible();
  await admin.getByRole("button", { name: "Tandai habis Pangsit Goreng" }).click();
  await expect(admin.getByText("Menu ditandai habis.")).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    // The count the header shows at this width (the phone's bar or the desktop's navigation).
    const count = page.getByTestId("cart-count").filter({ visible: true });
    await visit(page, "/beranda");
    await expect(count).toHaveText(/^1(\s|$)/);
    await visit(page, "/keranjang");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(count).toHaveText(/^1(\s|$)/);
    await shoot(page, `keranjang-habis-${width}`);
  }
  await admin.getByRole("button", { name: "Tersedia lagi Pangsit Goreng" }).click();
  await expect(admin.getByText("Menu tersedia lagi.")).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 844 });
  await visit(page, "/beranda");
  await expectNavCount(page, 2);
  await admin.context().close();
});

test("a promo's errors stand beside their fields; a rule-only promo is not asked for a picture", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  for (const width of WIDTHS) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.goto("/admin/promo");
    const form = admin.getByRole("form", { name: "Tambah promo" });
    await form.getByLabel("Judul").fill("Kartu tanpa gambar");
    await form.getByRole("button", { name: "Tambah promo" }).click();
    const hint = form.locator("[id$='-foto-hint']");
    await expect(hint).toHaveText("Gambar promo wajib diunggah bila kartunya tampil di Beranda.");
    // Beside the picture's own label, not at the form's foot.
    const label = form.getByText("Gambar kartu", { exact: true });
    expect((await hint.boundingBox())!.y - (await label.boundingBox())!.y).toBeLessThan(120);
    await shoot(admin, `promo-foto-${width}`);

    await form.getByLabel("Tanpa kartu di Beranda").check();
    await form.getByRole("button", { name: "Tambah promo" }).click();
    await expect(form).toContainText(
      "Promo tanpa kartu di Beranda perlu aturan harga. Pilih jenis aturannya, atau tampilkan kartunya.",
    );
    await expect(hint).not.toContainText("wajib diunggah");
    await shoot(admin, `promo-tanpa-kartu-${width}`);
  }
  await admin.context().close();
});
