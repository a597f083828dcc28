import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { checkOut, chooseLevel } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { productCard, visit } from "./support/storefront.ts";

/**
 * Issue #24 item 5, the rough edges a browser can see, at 390 and 1280 px. A server of its own:
 * categories are renamed and orders cancelled here.
 */
const ADMIN = "admin-tepi@nyala.test";
const { adminPage } = privateServerWithAdmin(61, ADMIN, "Admin Tepi");

const addButton = (page: Page, nama: string) =>
  productCard(page, nama).getByRole("button", { name: `Tambah ${nama} ke keranjang` });

test("the level picker highlights the chosen row only; the card that opened it names the level added", async ({
  page,
}) => {
  await visit(page, "/produk");
  await addButton(page, "Mie Nyala").click();
  const dialog = page.getByRole("dialog", { name: "Pilih level pedas" });
  await dialog.getByRole("radio", { name: /Level 3 / }).check();
  const borders = () =>
    dialog.locator("label").evaluateAll((rows) => rows.map((row) => getComputedStyle(row).borderColor));
  // Level 1 (where it opened) looks like Level 2 again once its colour transition ends; only
  // Level 3 stands out.
  await expect.poll(async () => new Set((await borders()).slice(0, 2)).size).toBe(1);
  const [first, , third] = await borders();
  expect(await borders()).toHaveLength(3);
  expect(third).not.toBe(first);
  await dialog.getByRole("button", { name: "Tambah ke keranjang" }).click();
  const card = productCard(page, "Mie Nyala");
  await expect(card.getByTestId("added-other-level")).toHaveText(
    "Mie Nyala Level 3 ditambahkan ke keranjang",
  );
  await expect(card.getByRole("button", { name: "Tambah Mie Nyala ke keranjang" })).toHaveText(/^Tambah/);
});

test("at 390 px the cart's level select shows the price, and the order's timeline dots stand in one line", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/produk");
  await addButton(page, "Mie Nyala").click();
  await chooseLevel(page, 2);
  await visit(page, "/keranjang");
  const select = page.getByLabel("Level pedas");
  await expect(select).toHaveValue("2");
  // The chosen option's text, in the select's own font, fits inside it (less padding and arrow).
  const room = await select.evaluate((element) => {
    const box = element as HTMLSelectElement;
    const style = getComputedStyle(box);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = box.options[box.selectedIndex]!.text;
    const inner = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, inner, needed: context.measureText(text).width };
  });
  expect(room.text).toBe("Level 2 · Rp 11.000");
  expect(room.needed).toBeLessThanOrEqual(room.inner);
  await page.screenshot({ path: test.info().outputPath("keranjang-390.png") });

  const order = await checkOut(page);
  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();
  await page.goto(`/pesanan/${order.code}`);
  const dots = page.getByTestId("order-timeline").locator("li > span[aria-hidden]");
  await expect(dots).toHaveCount(5);
  const lefts = await dots.evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect().left));
  expect(new Set(lefts).size).toBe(1);
  await page.screenshot({ path: test.info().outputPath("pesanan-390.png"), fullPage: true });
});

test("admin: the header stays one line with the new-orders badge; the dashboard shows today's discounts and cancellations", async ({
  page,
  browser,
}) => {
  await visit(page, "/produk");
  await addButton(page, "Es Nyala").click();
  await visit(page, "/keranjang");
  await checkOut(page);
  const admin = await adminPage(browser);
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 844 });
    await admin.goto("/admin/menu");
    const header = admin.locator("header").first();
    // The order above waits: its badge is in the header.
    await expect(header.getByText("pesanan baru").first()).toBeAttached();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(65);
    const brand = header.getByRole("link", { name: /^Mie Nyala (Pemilik|Admin|Kasir|Dapur)$/ });
    if (width === 390) expect((await brand.boundingBox())!.height).toBeLessThan(32);
    await admin.screenshot({ path: test.info().outputPath(`admin-header-${width}.png`) });
  }
  await admin.goto("/admin/dashboard");
  await expect(admin.getByText("Diskon hari ini", { exact: true })).toBeVisible();
  await expect(admin.getByTestId("today-discount")).toHaveText("Rp 0");
  await expect(admin.getByText("Dibatalkan hari ini", { exact: true })).toBeVisible();
  await expect(admin.getByTestId("today-cancelled")).toHaveText("0");
  await admin.context().close();
});

test("admin: a category is renamed and moved; the next one starts after the last; a promo says its picture is needed before it is sent", async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/menu");
  const urutan = admin.getByRole("form", { name: "Tambah kategori" }).getByLabel("Urutan");
  const next = Number(await urutan.inputValue());
  await admin.getByRole("form", { name: "Tambah kategori" }).getByLabel("Kategori baru").fill("Paket");
  await admin.getByRole("button", { name: "Tambah kategori" }).click();
  await expect(admin.getByText("Kategori ditambahkan.")).toBeVisible();
  await expect(urutan).toHaveValue(String(next + 1));

  const cemilan = admin.getByTestId("admin-category").filter({ hasText: "Cemilan" });
  await cemilan.getByText("Ubah nama atau urutan").click();
  const edit = admin.getByRole("form", { name: "Ubah kategori Cemilan" });
  await edit.getByLabel("Nama").fill("Camilan");
  await edit.getByLabel("Urutan").fill("0");
  await edit.getByRole("button", { name: "Simpan kategori Cemilan" }).click();
  await expect(admin.getByText("Kategori disimpan.")).toBeVisible();
  await expect(admin.getByTestId("admin-category").first()).toContainText("Camilan");

  await visit(page, "/produk");
  await expect(page.getByRole("navigation", { name: "Kategori menu" }).getByRole("link").first()).toHaveText(
    "Camilan1",
  );

  await admin.goto("/admin/promo");
  await expect(admin.locator("[id$='-foto-hint']").first()).toContainText(
    "Wajib bila kartunya tampil di Beranda.",
  );
  await admin.context().close();
});
