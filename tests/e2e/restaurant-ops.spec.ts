import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./support/fixtures.ts";
import { checkOut, chooseLevel } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { cartLine, expectPictureLoaded, orderHref, productCard, visit } from "./support/storefront.ts";

/**
 * Restaurant operations end to end (#5): an admin changes the menu, promos, slides, the store
 * and orders in /admin; a customer sees the result at the next page load. These tests change the
 * catalog, so they run against a server of their own (support/private-server.ts), one after
 * the other.
 */
const ADMIN = "admin-operasi@nyala.test";
const { adminPage } = privateServerWithAdmin(5, ADMIN, "Admin Operasi");

const picture = async (width: number, height: number, color: string) => ({
  name: "foto.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});

const addButton = (page: Page, nama: string) =>
  productCard(page, nama).getByRole("button", { name: `Tambah ${nama} ke keranjang` });

async function expectImageLoaded(page: Page, selector: ReturnType<Page["locator"]>) {
  await expect(selector).toHaveAttribute("src", /^\/gambar\/(menu|promo|slide)\/[a-f0-9]{64}\.webp$/);
  await selector.scrollIntoViewIfNeeded();
  await expectPictureLoaded(selector);
}

test("an admin changes a price, adds a promo and a slide; a customer sees them at the next load", async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/menu");
  await admin.getByRole("link", { name: "Ubah Es Nyala" }).click();
  // The page's one form turns from "Tambah menu" into the item's: filled only once it has.
  await expect(admin.getByRole("heading", { name: "Ubah Es Nyala" })).toBeVisible();
  await admin.getByLabel("Harga (Rp)").fill("9.500");
  await admin.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(admin.getByText("Menu disimpan.")).toBeVisible();
  await visit(page, "/produk");
  await expect(productCard(page, "Es Nyala").getByTestId("price")).toHaveText("Rp 9.500");

  await admin.goto("/admin/menu-diskon");
  await admin.getByLabel("Judul").fill("Promo Uji Level 5");
  await admin.getByLabel("Label (mis. Khusus Pelajar)").fill("Khusus Pemberani");
  await admin.getByLabel("Deskripsi").fill("Mie level 5 lebih murah minggu ini.");
  await admin.getByLabel("Gambar").setInputFiles(await picture(1200, 900, "#f97316"));
  await admin.getByRole("button", { name: "Tambah promo" }).click();
  await expect(admin.getByText("Promo ditambahkan.")).toBeVisible();
  await expect(admin.getByTestId("admin-promo").filter({ hasText: "Promo Uji Level 5" })).toBeVisible();

  await admin.goto("/admin/banner");
  await admin.getByLabel("Judul").fill("Banner Uji Pedas");
  await admin.getByLabel("Teks").fill("Tantangan minggu ini.");
  await admin.getByLabel("Tautan tombol Pesan Sekarang").selectOption({ label: "Pesan Mie Nyala Level 2" });
  await admin.getByLabel("Gambar (lebar, 2:1)").setInputFiles(await picture(1600, 800, "#b91c1c"));
  await admin.getByRole("button", { name: "Tambah banner" }).click();
  await expect(admin.getByText("Banner ditambahkan.")).toBeVisible();

  await page.emulateMedia({ reducedMotion: "reduce" });
  await visit(page, "/beranda");
  const promo = page.getByTestId("promo-card").filter({ hasText: "Promo Uji Level 5" });
  await expect(promo).toContainText("Khusus Pemberani");
  await expectImageLoaded(page, promo.locator("img"));
  const slides = page.getByRole("region", { name: "Menu pilihan" }).locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(4);
  await expect(slides.first().locator("h2")).toHaveText("Banner Uji Pedas");
  await expect(slides.first().getByRole("link", { name: /Pesan Sekarang/ })).toHaveAttribute(
    "href",
    orderHref("Mie Nyala Level 2"),
  );
  await expectImageLoaded(page, slides.first().locator("img"));
  await admin.context().close();
});

test("a new menu item: refused with a clear message, then created with its photo and featured on /", async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/menu");
  await admin.getByLabel("Nama menu").fill("Mie Nyala Keju");
  await admin.getByLabel("Harga (Rp)").fill("500");
  await admin.getByLabel("Foto").setInputFiles(await picture(1000, 800, "#fbbf24"));
  await admin.getByRole("button", { name: "Tambah menu" }).click();
  await expect(admin.getByText("Harga harus antara Rp 1.000 dan Rp 1.000.000.").first()).toBeVisible();

  await admin.getByLabel("Harga (Rp)").fill("14000");
  await admin.getByLabel("Foto").setInputFiles(await picture(1000, 800, "#fbbf24"));
  await admin.getByRole("button", { name: "Tambah menu" }).click();
  await expect(admin.getByText("Menu ditambahkan.")).toBeVisible();
  await expect(admin.getByTestId("admin-menu-item").filter({ hasText: "Mie Nyala Keju" })).toContainText(
    "Rp 14.000",
  );

  await admin.goto("/admin/menu-populer");
  await admin.getByLabel("1 — Menu unggulan di halaman depan (/)").selectOption({ label: "Mie Nyala Keju" });
  await admin.getByRole("button", { name: "Simpan urutan" }).click();
  await expect(admin.getByText("Urutan menu disimpan. Toko menampilkannya mulai sekarang.")).toBeVisible();

  // Deleting it now would empty that slot: the question says so, and "Batal" keeps the item.
  await admin.goto("/admin/menu");
  await admin.getByRole("button", { name: "Hapus Mie Nyala Keju" }).click();
  const question = admin.getByRole("alertdialog", { name: "Hapus menu ini?" });
  await expect(question).toContainText("Menu ini sekarang tampil di:");
  await expect(question).toContainText("Menu unggulan di halaman depan (urutan 1)");
  await question.getByRole("button", { name: "Batal" }).click();
  await expect(question).toBeHidden();
  await expect(admin.getByTestId("admin-menu-item").filter({ hasText: "Mie Nyala Keju" })).toHaveCount(1);

  await visit(page, "/");
  const card = page.getByTestId("product-card").first();
  await expect(card.getByRole("heading")).toHaveText("Mie Nyala Keju");
  await expectImageLoaded(page, card.locator("img"));
  await addButton(page, "Mie Nyala Keju").click();
  await visit(page, "/keranjang");
  await expect(cartLine(page, "Mie Nyala Keju").getByTestId("subtotal")).toHaveText("Rp 14.000");
  await admin.context().close();
});

test("a sold-out item cannot be ordered: greyed with Habis, its cart line flagged and left out of the message", async ({
  page,
  browser,
}) => {
  await visit(page, "/produk");
  await addButton(page, "Pangsit Goreng").click();
  await addButton(page, "Mie Nyala").click();
  await chooseLevel(page, 2);

  const admin = await adminPage(browser);
  await admin.goto("/admin/menu");
  await admin.getByRole("button", { name: "Tandai habis Pangsit Goreng" }).click();
  await expect(admin.getByText("Menu ditandai habis.")).toBeVisible();

  await visit(page, "/produk");
  const card = productCard(page, "Pangsit Goreng");
  await expect(card).toHaveAttribute("data-sold-out", "true");
  await expect(card.getByText("Habis", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: /Habis/ })).toBeDisabled();
  await expect(addButton(page, "Pangsit Goreng")).toHaveCount(0);
  await expect(card.getByRole("link", { name: /Pesan/ })).toHaveCount(0);

  await visit(page, "/keranjang");
  const line = cartLine(page, "Pangsit Goreng");
  await expect(line).toHaveAttribute("data-sold-out", "true");
  await expect(line).toContainText("Tidak ikut dipesan");
  await expect(page.getByText("Pangsit Goreng sedang habis dan tidak ikut dipesan.")).toBeVisible();
  await expect(page.getByTestId("total")).toHaveText("Rp 11.000");
  const order = await checkOut(page);
  expect(order.text).toContain("1x Mie Nyala Level 2 — Rp 11.000");
  expect(order.text).not.toContain("Pangsit");

  await admin.getByRole("button", { name: "Tersedia lagi Pangsit Goreng" }).click();
  await expect(admin.getByText("Menu tersedia lagi.")).toBeVisible();
  await admin.context().close();
});

test("the order appears in the log with its level and note; its status changes; the change is audited and reported", async ({
  page,
  browser,
}) => {
  await visit(page, "/produk");
  await addButton(page, "Mie Nyala").click();
  await chooseLevel(page, 3);
  await visit(page, "/keranjang");
  await cartLine(page, "Mie Nyala Level 3").getByLabel("Catatan").fill("jangan terlalu asin");
  const { code } = await checkOut(page);
  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();

  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan");
  await admin.getByText("Cari dan saring pesanan").click();
  await admin.getByLabel("Kode pesanan").fill(code.toLowerCase());
  await admin.getByRole("button", { name: "Cari" }).click();
  const entry = admin.getByTestId("admin-order");
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute("data-code", code);
  await expect(entry).toContainText("1x Mie Nyala Level 3 · Pedas");
  await expect(entry).toContainText("Catatan: jangan terlalu asin");
  await expect(entry.getByTestId("order-status")).toHaveText("Baru");
  // One step at a time: a new order shows only "Terima", never "Selesai".
  await expect(entry.getByRole("button", { name: `Selesai pesanan ${code}` })).toHaveCount(0);

  for (const [button, status] of [
    ["Terima", "Diterima"],
    ["Mulai masak", "Dimasak"],
    ["Siap diambil", "Siap diambil"],
  ]) {
    await entry.getByRole("button", { name: `${button} pesanan ${code}` }).click();
    await expect(entry.getByTestId("order-status")).toHaveText(status!);
  }
  await entry.getByRole("button", { name: `Selesai pesanan ${code}` }).click();
  // Done: it leaves the kitchen's list.
  await expect(entry).toHaveCount(0);

  await admin.goto("/admin/pesanan?status=selesai");
  await expect(admin.getByTestId("admin-order")).toHaveCount(1);
  // Done: no step left to take; only the payment can still be recorded ("Lunas", decision 0040).
  await expect(admin.getByTestId("admin-order").getByRole("button")).toHaveText([
    new RegExp(`^Tandai lunas Rp [\\d.]+ pesanan ${code}$`),
  ]);

  await admin.goto("/admin/log-perubahan");
  await expect(admin.getByTestId("audit-row").first()).toContainText(
    `Pesanan ${code}: Siap diambil → Selesai`,
  );
  await expect(admin.getByTestId("audit-row").first()).toContainText(ADMIN);
  await expect(
    admin.getByTestId("audit-row").filter({ hasText: "Menu Es Nyala: harga Rp 8.000 → Rp 9.500" }),
  ).toHaveCount(1);

  // Cancelling asks the reason the customer will read; without one nothing happens.
  await visit(page, "/produk");
  await addButton(page, "Es Nyala").click();
  await visit(page, "/keranjang");
  const second = await checkOut(page);
  await admin.goto(`/admin/pesanan?status=semua&kode=${second.code}`);
  const other = admin.getByTestId("admin-order");
  await expect(other).toHaveAttribute("data-code", second.code);
  await other.getByText(`Batalkan pesanan ${second.code}`, { exact: true }).click();
  const confirm = other.getByRole("button", { name: `Ya, batalkan pesanan ${second.code}` });
  await confirm.click();
  await expect(other.getByTestId("order-status")).toHaveText("Baru");
  await other.getByLabel("Alasan pembatalan (dibaca pelanggan)").fill("Es Nyala sedang habis.");
  await confirm.click();
  await expect(other.getByTestId("order-status")).toHaveText("Dibatalkan");
  await expect(other.getByTestId("order-cancel-reason")).toHaveText("Alasan: Es Nyala sedang habis.");

  await admin.goto("/admin/laporan");
  // Orders of this server so far: the sold-out test's (never confirmed, still baru), the first
  // one of this test (done) and the cancelled one. Only the done one is a sale.
  await expect(admin.getByTestId("report-orders")).toHaveText("1");
  await expect(admin.getByTestId("report-revenue")).toHaveText("Rp 12.000");
  await expect(admin.getByTestId("report-unconfirmed")).toHaveText("1");
  await expect(admin.getByTestId("report-cancelled")).toHaveText("1");
  await expect(admin.getByRole("img", { name: /Grafik pendapatan/ })).toBeVisible();
  await expect(admin.getByTestId("report-best-seller").first()).toContainText("Mie Nyala Level 3");
  await admin.context().close();
});

test("store settings: a new WhatsApp number and closing days reach the storefront and the checkout message", async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/outlet");
  await admin.getByLabel("Nomor WhatsApp").fill("12");
  await admin.getByRole("button", { name: "Simpan pengaturan" }).click();
  await expect(
    admin.getByText("Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890.").first(),
  ).toBeVisible();
  await admin.getByLabel("Nomor WhatsApp").fill("0813-1111-2222");
  for (const day of ["Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu", "Minggu"]) {
    await admin.getByLabel(`${day} libur`).check();
  }
  await admin.getByRole("button", { name: "Simpan pengaturan" }).click();
  await expect(
    admin.getByText("Pengaturan toko disimpan. Toko menampilkannya mulai sekarang."),
  ).toBeVisible();
  await expect(admin.getByLabel("Nomor WhatsApp")).toHaveValue("+62 813-1111-2222");

  await visit(page, "/produk");
  await expect(page.getByTestId("store-closed")).toContainText("Toko sedang tutup sementara.");
  await expect(page.getByRole("contentinfo")).toContainText("+62 813-1111-2222");
  await addButton(page, "Es Nyala").click();
  await visit(page, "/keranjang");
  const order = await checkOut(page);
  expect(order.number).toBe("6281311112222");
  expect(order.text.split("\n").at(-2)).toBe(
    "Toko sedang tutup: pesanan ini akan diproses saat toko buka kembali.",
  );
  await admin.context().close();
});

test("the board on a phone does not move while it connects: its live bar keeps its height", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.setViewportSize({ width: 412, height: 823 });
  await admin.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await admin.goto("/admin/pesanan");
  // Server's words, then "Menyambungkan…" once hydrated, then "Langsung" once connected.
  await expect(admin.getByTestId("board-live")).toContainText("Langsung");
  // A live bar that changed height moved the whole board (a shift of 0.034); under load the font
  // arriving after the first paint may still nudge a line of text by a hair (0.0005).
  const shifts = await admin.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.005);
  await admin.context().close();
});
