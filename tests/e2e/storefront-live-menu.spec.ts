import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { checkOut } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { cartLine, expectNavCount, orderHref, productCard, serverCart, visit } from "./support/storefront.ts";

/**
 * What a customer sees when the restaurant changes things under an open page: a sold-out dish on
 * the carousel and in the cart, an unsent order replaced by a changed one, the opening hours on
 * /kontak. These tests change the catalog and the store's settings, so they run against a server
 * of their own (support/private-server.ts), one after the other.
 */
const ADMIN = "admin-menu-hidup@nyala.test";
const { adminPage } = privateServerWithAdmin(9, ADMIN, "Admin Menu");

async function setSoldOut(admin: Page, nama: string, soldOut: boolean) {
  await admin.goto("/admin/menu");
  await admin.getByRole("button", { name: `${soldOut ? "Tandai habis" : "Tersedia lagi"} ${nama}` }).click();
  await expect(admin.getByText(soldOut ? "Menu ditandai habis." : "Menu tersedia lagi.")).toBeVisible();
}

const addButton = (page: Page, nama: string) =>
  productCard(page, nama).getByRole("button", { name: `Tambah ${nama} ke keranjang` });

/**
 * The pending order cookie (the order this browser may still replace): present in the browser,
 * invisible to the page's scripts.
 */
async function pendingOrder(page: Page) {
  const cookie = (await page.context().cookies()).find((entry) => entry.name.endsWith("nyala_pesanan"));
  if (cookie) {
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(await page.evaluate(() => document.cookie)).not.toContain("nyala_pesanan");
  }
  return cookie?.value ?? null;
}

test("a slide whose dish is sold out stays, with a greyed Habis instead of its WhatsApp order", async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  await setSoldOut(admin, "Es Nyala", true);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await visit(page, "/beranda");
  const carousel = page.getByRole("region", { name: "Menu pilihan" });
  const slides = carousel.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(3);
  await carousel.getByRole("button", { name: "Tampilkan slide 2: Es Nyala" }).click();
  const esNyala = slides.nth(1);
  await expect(esNyala).toHaveAttribute("data-sold-out", "true");
  await expect(esNyala.locator("h2")).toHaveText("Es Nyala");
  const habis = esNyala.getByRole("button", {
    name: /^Habis\s?: Es Nyala sedang habis dan tidak bisa dipesan$/,
  });
  await expect(habis).toBeVisible();
  await expect(habis).toBeDisabled();
  await expect(esNyala.locator("a")).toHaveCount(0);
  await expect(carousel.locator('a[href^="/keranjang/pesan/"]')).toHaveCount(2);
  await expect(carousel.locator(`a[href="${orderHref("Es Nyala")}"]`)).toHaveCount(0);
  // The dishes still available keep their order link.
  await expect(slides.nth(0).locator("a", { hasText: "Pesan Sekarang" })).toHaveAttribute(
    "href",
    orderHref("Mie Nyala Level 1"),
  );

  await setSoldOut(admin, "Es Nyala", false);
  await visit(page, "/beranda");
  await expect(slides.nth(1)).not.toHaveAttribute("data-sold-out");
  await expect(slides.nth(1).locator("a", { hasText: "Pesan Sekarang" })).toHaveAttribute(
    "href",
    orderHref("Es Nyala"),
  );
  await admin.context().close();
});

test("after “Ya, sudah terkirim” only the ordered lines leave the cart; a sold-out line stays flagged", async ({
  page,
  browser,
}) => {
  await visit(page, "/produk");
  await addButton(page, "Pangsit Goreng").click();
  await addButton(page, "Es Nyala").click();
  await addButton(page, "Es Nyala").click();
  const admin = await adminPage(browser);
  await setSoldOut(admin, "Pangsit Goreng", true);

  await visit(page, "/keranjang");
  await expect(cartLine(page, "Pangsit Goreng")).toHaveAttribute("data-sold-out", "true");
  const order = await checkOut(page);
  expect(order.text).toContain("2x Es Nyala — Rp 16.000");
  expect(order.text).not.toContain("Pangsit");
  expect(await pendingOrder(page)).not.toBeNull();

  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();
  await expect(page.getByTestId("order-sent")).toContainText(order.code);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(cartLine(page, "Pangsit Goreng")).toContainText("Tidak ikut dipesan");
  await expect(page.getByText("Semua menu di keranjang sedang habis.")).toBeVisible();
  // The header counts what can be ordered now (0061): the sold-out line stays, uncounted.
  await expectNavCount(page, 0);
  await expect.poll(() => serverCart(page)).toEqual([{ nama: "Pangsit Goreng", harga: 9_000, jumlah: 1 }]);
  // Sent: the server forgot the pending order, so no later checkout may cancel it.
  await expect.poll(() => pendingOrder(page)).toBeNull();

  // Back in the menu, the line can be ordered again.
  await setSoldOut(admin, "Pangsit Goreng", false);
  await page.reload();
  await expect(cartLine(page, "Pangsit Goreng")).not.toHaveAttribute("data-sold-out");
  await expect(page.getByTestId("total")).toHaveText("Rp 9.000");
  await expectNavCount(page, 1);
  await admin.context().close();
});

test("an order not sent, changed and checked out again, replaces the first: the first is batal in the log", async ({
  page,
  browser,
}) => {
  await visit(page, "/produk");
  await addButton(page, "Pangsit Goreng").click();
  await visit(page, "/keranjang");
  const first = await checkOut(page);
  await page.getByRole("button", { name: "Belum, ubah pesanan" }).click();
  await page.getByRole("button", { name: "Tambah Pangsit Goreng", exact: true }).click();
  await expect(cartLine(page, "Pangsit Goreng").getByTestId("quantity")).toHaveText("2");
  const second = await checkOut(page);
  expect(second.code).not.toBe(first.code);
  expect(second.text).toContain("2x Pangsit Goreng — Rp 18.000");
  await expect(page.getByTestId("order-replaced")).toHaveText(
    `Pesanan sebelumnya ${first.code} yang belum terkirim kami batalkan dan diganti pesanan ini.`,
  );
  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();
  await expect(page.getByText("Keranjang kosong")).toBeVisible();

  // A new cart afterwards is a new order: the confirmed one is not replaced.
  await visit(page, "/produk");
  await addButton(page, "Es Nyala").click();
  await visit(page, "/keranjang");
  const third = await checkOut(page);
  await expect(page.getByTestId("order-replaced")).toHaveCount(0);

  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan?status=semua");
  const entry = (code: string) => admin.locator(`[data-testid="admin-order"][data-code="${code}"]`);
  await expect(entry(first.code).getByTestId("order-status")).toHaveText("Dibatalkan");
  await expect(entry(first.code).getByTestId("order-replaced-by")).toHaveText(
    `Dibatalkan otomatis: pelanggan mengubah pesanan, diganti ${second.code}`,
  );
  await expect(entry(second.code).getByTestId("order-status")).toHaveText("Baru");
  await expect(entry(second.code).getByTestId("order-replaced-by")).toHaveCount(0);
  await expect(entry(second.code).getByTestId("order-replaces")).toHaveText(
    `${second.code} menggantikan ${first.code}`,
  );
  await expect(entry(third.code).getByTestId("order-status")).toHaveText("Baru");
  await expect(entry(third.code).getByTestId("order-replaces")).toHaveCount(0);
  await admin.goto("/admin/log-perubahan");
  const audit = admin.getByTestId("audit-row").filter({ hasText: `Pesanan ${first.code}` });
  await expect(audit).toHaveCount(1);
  await expect(audit).toContainText(
    `Pesanan ${first.code}: Baru → Dibatalkan (diganti pesanan ${second.code})`,
  );
  await expect(audit).toContainText("otomatis");
  await admin.context().close();

  // The first order's own page says the customer replaced it, never that the restaurant cancelled.
  await page.goto(`/pesanan/${first.code}`);
  await expect(page.getByTestId("order-page-status")).toHaveText("Diganti");
  await expect(page.getByText(`Kamu mengganti pesanan ini dengan pesanan ${second.code}`)).toBeVisible();
  await expect(page.getByTestId("cancel-reason")).toHaveCount(0);
});

test("an order the kitchen edited is never replaced: the next checkout is a second order, said on both sides", async ({
  page,
  browser,
}) => {
  await visit(page, "/produk");
  await addButton(page, "Pangsit Goreng").click();
  await addButton(page, "Pangsit Goreng").click();
  await visit(page, "/keranjang");
  const first = await checkOut(page);

  // The kitchen changes it while the customer never tapped "Ya, sudah terkirim".
  const admin = await adminPage(browser);
  await admin.goto(`/admin/pesanan/${first.code}`);
  const edit = admin.getByTestId("order-edit");
  await edit.getByTestId("order-line-row").nth(0).getByLabel("Jumlah").fill("1");
  await edit.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(edit.getByTestId("order-edit-answer")).toContainText(`Pesanan ${first.code} diubah (versi 2)`);

  // The customer checks out the unchanged cart again.
  await page.getByRole("button", { name: "Belum, ubah pesanan" }).click();
  const second = await checkOut(page);
  expect(second.code).not.toBe(first.code);
  expect(second.text).toContain(`Pesanan tambahan: pesanan ${first.code} tetap berjalan.`);
  await expect(page.getByTestId("order-replaced")).toHaveCount(0);
  await expect(page.getByTestId("order-follows")).toContainText(
    `Pesanan sebelumnya ${first.code} sudah diproses restoran dan tetap berjalan`,
  );

  await admin.goto("/admin/pesanan");
  const entry = (code: string) => admin.locator(`[data-testid="admin-order"][data-code="${code}"]`);
  await expect(entry(first.code).getByTestId("order-status")).toHaveText("Baru");
  await expect(entry(first.code).getByTestId("order-changed")).toHaveText("Diubah · versi 2");
  await expect(entry(first.code)).toContainText("1x Pangsit Goreng");
  await expect(entry(second.code).getByTestId("order-follows")).toHaveText(
    `Pelanggan yang sama dengan ${first.code}: pesanan tambahan, ${first.code} tetap berjalan.`,
  );
  await admin.context().close();
});

test("/kontak lists the week's opening hours in the store's time zone, today marked, as the notice says", async ({
  page,
  browser,
}) => {
  const days = ["Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu", "Minggu"];
  // Today on the store's clock, which the suite's server sets (scripts/e2e-server.sh).
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Makassar", weekday: "short" }).format(
    new Date(process.env.NYALA_TEST_CLOCK ?? "2026-11-25T04:00:00Z"),
  );
  const today = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(weekday);
  const tomorrow = (today + 1) % 7;

  // Today closed, tomorrow from 09.00, and a day that touches neither past midnight.
  const admin = await adminPage(browser);
  await admin.goto("/admin/outlet");
  await admin.getByLabel(`${days[today]} libur`).check();
  await admin.getByLabel(`Jam buka ${days[tomorrow]}`).fill("09:00");
  await admin.getByLabel(`Jam tutup ${days[tomorrow]}`).fill("21:30");
  const lateDay = [5, 4, 3, 2, 1].find((day) => ![(today + 6) % 7, today, tomorrow].includes(day))!;
  await admin.getByLabel(`Jam buka ${days[lateDay]}`).fill("18:00");
  await admin.getByLabel(`Jam tutup ${days[lateDay]}`).fill("02:00");
  await admin.getByRole("button", { name: "Simpan pengaturan" }).click();
  await expect(
    admin.getByText("Pengaturan toko disimpan. Toko menampilkannya mulai sekarang."),
  ).toBeVisible();

  await visit(page, "/kontak");
  const hours = page.getByRole("region", { name: "Jam buka" });
  await expect(hours).toContainText("Semua jam dalam WITA.");
  const rows = hours.getByTestId("opening-day");
  await expect(rows).toHaveCount(7);
  for (const [index, day] of days.entries()) {
    const expected =
      index === today
        ? "Tutup"
        : index === tomorrow
          ? "09.00–21.30"
          : index === lateDay
            ? "18.00–02.00"
            : "10.00–22.00";
    await expect(rows.nth(index).locator("dt")).toContainText(day);
    await expect(rows.nth(index).locator("dd")).toHaveText(expected);
  }
  await expect(hours.locator('[aria-current="date"]')).toHaveCount(1);
  await expect(rows.nth(today)).toHaveAttribute("aria-current", "date");
  await expect(rows.nth(today)).toContainText("Hari ini");
  await expect(hours.getByTestId("opening-now")).toHaveText(
    "Toko sedang tutup. Buka lagi besok pukul 09.00.",
  );

  // The closed-store notice of the other pages says the same.
  await visit(page, "/keranjang");
  await expect(page.getByTestId("store-closed")).toContainText(
    "Toko sedang tutup. Buka lagi besok pukul 09.00.",
  );
  await admin.context().close();
});
