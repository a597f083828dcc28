import type { Browser, Page } from "@playwright/test";
import { createAccount, logIn, PASSWORD, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { BRAND, cartLine, expectNavCount, productCard, serverCart, waLink } from "./support/storefront.ts";
import { CUSTOMER, fillCheckoutDetails } from "./support/orders.ts";
import { solvePicture, TEST_CAPTCHA_KEY } from "../support/captcha-picture.ts";

/**
 * Every customer flow with JavaScript off (a slow phone, a script that failed to download, a
 * privacy browser): the forms are plain forms and the server answers with pages.
 */
test.use({ javaScriptEnabled: false });

const add = (page: Page, nama: string) =>
  productCard(page, nama).getByRole("button", { name: `Tambah ${nama} ke keranjang` });
const quantity = (page: Page, nama: string) => cartLine(page, nama).getByTestId("quantity");

test("the cart without JavaScript: add (with a level), change quantity, level and note, remove, check out, confirm sent", async ({
  page,
  allowConsoleError,
}) => {
  // A whole evening's cart in one test: about 25 page loads without JavaScript.
  test.setTimeout(60_000);
  // The details are refused twice on purpose (400 pages that ask again).
  allowConsoleError(/status of 400/);
  await page.goto("/produk");
  await expectNavCount(page, 0);

  // A dish with spice levels: its "Tambah" opens the level page, which adds and comes back.
  await add(page, "Mie Nyala").click();
  await expect(page).toHaveURL(/\/keranjang\/tambah\?menu=mie-nyala-level-1&kembali=%2Fproduk$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pilih level pedas");
  // The dish's levels, each its own item and price; Level 2 chosen adds Mie Nyala Level 2.
  await expect(page.getByRole("radio")).toHaveCount(3);
  await expect(page.getByTestId("level-price")).toHaveText(["Rp 10.000", "Rp 11.000", "Rp 12.000"]);
  await page.getByRole("radio", { name: /Level 2 / }).check();
  await page.getByRole("button", { name: "Tambah ke keranjang" }).click();
  await expect(page).toHaveURL("/produk?ditambahkan=mie-nyala-level-2");
  await expect(page.getByTestId("added-notice")).toContainText("Mie Nyala Level 2 ditambahkan ke keranjang.");
  await expectNavCount(page, 1);

  // A drink: straight in, twice.
  await add(page, "Es Nyala").click();
  await expect(page.getByTestId("added-notice")).toContainText("Es Nyala ditambahkan ke keranjang.");
  await add(page, "Es Nyala").click();
  await expectNavCount(page, 3);

  await page.getByTestId("added-notice").getByRole("link", { name: "Lihat keranjang" }).click();
  await expect(page).toHaveURL("/keranjang");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(quantity(page, "Es Nyala")).toHaveText("2");
  // A noodle and an Es Nyala make the student bundle: Rp 3.000 off.
  await expect(page.getByTestId("total")).toHaveText("Rp 24.000");

  await page.getByRole("button", { name: "Tambah Es Nyala", exact: true }).click();
  await expect(quantity(page, "Es Nyala")).toHaveText("3");
  await page.getByRole("button", { name: "Kurangi Es Nyala", exact: true }).click();
  await page.getByRole("button", { name: "Kurangi Es Nyala", exact: true }).click();
  await expect(quantity(page, "Es Nyala")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Kurangi Es Nyala", exact: true })).toBeDisabled();

  // Level and note: typed, then kept by any button of the form ("Simpan perubahan" here).
  await cartLine(page, "Mie Nyala Level 2").getByLabel("Level pedas").selectOption("3");
  await cartLine(page, "Mie Nyala Level 2").getByLabel("Catatan").fill("tanpa sayur");
  await cartLine(page, "Es Nyala").getByLabel("Catatan").fill("es sedikit");
  await page.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(page).toHaveURL("/keranjang");
  await expect(cartLine(page, "Mie Nyala Level 3")).toHaveAttribute("data-level", "3");
  await expect(cartLine(page, "Mie Nyala Level 3").getByLabel("Catatan")).toHaveValue("tanpa sayur");
  // Enter in a note saves too (the form's first button), it never removes a line.
  await cartLine(page, "Es Nyala").getByLabel("Catatan").fill("es sedikit saja");
  await cartLine(page, "Es Nyala").getByLabel("Catatan").press("Enter");
  await expect(cartLine(page, "Es Nyala").getByLabel("Catatan")).toHaveValue("es sedikit saja");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect
    .poll(() => serverCart(page))
    .toEqual([
      { nama: "Mie Nyala Level 3", harga: 12_000, jumlah: 1, level: 3, catatan: "tanpa sayur" },
      { nama: "Es Nyala", harga: 8_000, jumlah: 1, catatan: "es sedikit saja" },
    ]);

  // Remove, then add back, for a cart of two lines to order.
  await page.getByRole("button", { name: "Hapus Es Nyala" }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await page.goto("/produk");
  await add(page, "Pangsit Goreng").click();
  await page.goto("/keranjang");

  // Checkout without the details: a page that asks for them, each field's message beside it.
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(page).toHaveURL("/pesanan");
  await expect(page.getByRole("alert")).toHaveText("Isi nama pemesan.");
  await expect(page.getByTestId("error-nama")).toHaveText("Isi nama pemesan.");
  await expect(page.getByTestId("error-whatsapp")).toHaveText(
    "Isi nomor WhatsApp-mu agar kami bisa mengabarimu.",
  );
  // Delivery asks for the address and a landmark (shown by CSS alone once chosen).
  await fillCheckoutDetails(page, { nama: CUSTOMER.nama, whatsapp: CUSTOMER.whatsapp, cara: "Diantar" });
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(page.getByTestId("error-alamat")).toHaveText("Isi alamat pengantaran.");
  await expect(page.getByTestId("checkout-details").getByLabel("Nama", { exact: true })).toHaveValue(
    CUSTOMER.nama,
  );
  await fillCheckoutDetails(page, { alamat: "Jl. Mawar No. 5", patokan: "depan masjid" });

  // Checkout: a page with the code, the message as WhatsApp will get it, and the link.
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(page).toHaveURL("/pesanan");
  await expect(page.getByRole("heading", { name: "Pesanan tercatat" })).toBeVisible();
  const code = (await page.getByTestId("order-code").textContent()) ?? "";
  expect(code).toMatch(/^NY-[34679ACDEFGHJKMNPQRTUVWXY]{4}$/);
  const message = (await page.getByTestId("order-message").textContent()) ?? "";
  expect(message.split("\n").slice(0, 6)).toEqual([
    `Halo ${BRAND}, saya ingin memesan:`,
    `Kode pesanan: ${code}`,
    "1x Mie Nyala Level 3 — Rp 12.000",
    "   Pedas",
    "   Catatan: tanpa sayur",
    "1x Pangsit Goreng — Rp 9.000",
  ]);
  expect(message).toContain("\nTotal: Rp 21.000");
  expect(message).toContain(
    [
      `Atas nama: ${CUSTOMER.nama}`,
      `WhatsApp: ${CUSTOMER.display}`,
      "Cara: Diantar",
      "Alamat: Jl. Mawar No. 5 (patokan: depan masjid)",
      "Waktu: Secepatnya",
    ].join("\n"),
  );
  expect(message).toMatch(new RegExp(`\nLihat pesanan: http://[^/]+/pesanan/${code}\\?kunci=[\\w-]{32}$`));
  const link = page.getByRole("link", { name: "Buka WhatsApp" });
  await expect(link).toHaveAttribute("href", waLink(message));
  await expect(link).toHaveAttribute("target", "_blank");
  // "Salin pesan" needs JavaScript: not offered here (the text above can be selected).
  await expect(page.getByRole("button", { name: "Salin pesan" })).toBeHidden();

  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();
  await expect(page).toHaveURL(`/keranjang?terkirim=${code}`);
  await expect(page.getByTestId("order-sent")).toContainText(`Pesanan ${code} kami balas lewat WhatsApp.`);
  await expect(page.getByText("Keranjang kosong")).toBeVisible();
  await expectNavCount(page, 0);

  // The order's own page, without JavaScript too: its status and what was ordered.
  await page.getByRole("link", { name: "Lihat status pesanan" }).click();
  await expect(page).toHaveURL(`/pesanan/${code}`);
  await expect(page.getByTestId("order-page-status")).toContainText("Baru");
  await expect(page.getByTestId("order-page-line")).toHaveCount(2);
});

test("a refused checkout without JavaScript says why on a page, and the way back", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 409/);
  await page.goto("/produk");
  await add(page, "Es Nyala").click();
  await page.goto("/keranjang");
  // The cart changes in another tab between the page and the tap.
  await page.request.post("/keranjang", { form: { intent: "tambah", menu: "pangsit-goreng" } });
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(page).toHaveURL("/pesanan");
  await expect(page.getByRole("alert")).toHaveText(
    "Isi keranjang berubah sejak halaman ini dibuka. Periksa lagi, lalu pesan.",
  );
  await page.getByRole("link", { name: "Kembali ke keranjang" }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
});

async function signedInWithoutScripts(browser: Browser, email: string) {
  const withScripts = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "id-ID",
    javaScriptEnabled: true,
  });
  await logIn(await withScripts.newPage(), email);
  const state = await withScripts.storageState();
  await withScripts.close();
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "id-ID",
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    storageState: state,
  });
  return context.newPage();
}

test.describe("the phone menu at 390 px without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const phoneMenu = (page: Page) => page.getByRole("navigation", { name: "Menu ponsel" });

  test("a visitor's opens with every link, Masuk and Daftar included", async ({ page }) => {
    await page.goto("/beranda");
    await expect(phoneMenu(page)).toBeHidden();
    await page.getByRole("banner").getByLabel("Buka menu").click();
    await expect(phoneMenu(page)).toBeVisible();
    await expect(phoneMenu(page).getByRole("link")).toHaveText(
      ["Beranda", "Produk", "Keranjang", "Tentang", "Kontak", "Daftar", "Masuk"].map(
        (name) => new RegExp(`^${name}`),
      ),
    );
    await phoneMenu(page).getByRole("link", { name: "Masuk" }).click();
    await expect(page).toHaveURL("/masuk");
  });

  test("an admin's lists the admin shortcuts; the admin panel's own menu opens too", async ({
    browser,
    page,
  }) => {
    await createAccount(page.request, "admin-ponsel-tanpa-js@nyala.test", "Admin Ponsel");
    const admin = await signedInWithoutScripts(browser, "admin-ponsel-tanpa-js@nyala.test");
    await admin.goto("/beranda");
    await admin.getByRole("banner").getByLabel("Buka menu").click();
    const menu = phoneMenu(admin);
    for (const [label, href] of [
      // The owner's shortcuts, named as in the admin panel's own menu (access.ts STAFF_PAGES).
      ["Dashboard", "/admin/dashboard"],
      ["Pesanan", "/admin/pesanan"],
      ["Laporan", "/admin/laporan"],
      ["Menu", "/admin/menu"],
      ["Menu Diskon", "/admin/menu-diskon"],
      ["Outlet", "/admin/outlet"],
    ] as const) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(menu.getByRole("button", { name: "Keluar" })).toBeVisible();
    await menu.getByRole("link", { name: "Pesanan", exact: true }).click();
    await expect(admin).toHaveURL("/admin/pesanan");
    await admin.getByLabel("Buka menu admin").click();
    const adminMenu = admin.getByRole("navigation", { name: "Menu admin ponsel" });
    await expect(adminMenu.getByRole("link", { name: "Laporan", exact: true })).toHaveAttribute(
      "href",
      "/admin/laporan",
    );
    await expect(adminMenu.getByRole("link", { name: "Profil" })).toHaveAttribute("href", "/admin/profil");
    // Keluar without JavaScript: the form posts, the server ends the session and sends to /masuk.
    await adminMenu.getByRole("button", { name: "Keluar" }).click();
    await expect(admin).toHaveURL("/masuk");
    await admin.context().close();
  });
});

test("register and log in without JavaScript: the login's captcha is a picture of digits, checked on the server", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 400/);
  const email = uniqueEmail("tanpa-js");
  await page.goto("/daftar");
  await page.getByLabel("Nama", { exact: true }).fill("Pelanggan Tanpa JS");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Kata sandi", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Konfirmasi kata sandi", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Daftar", exact: true }).click();
  // Registered is signed in (decision 0050); out again, to sign in with the picture.
  const nav = page.getByRole("navigation", { name: "Navigasi utama" });
  await expect(page).toHaveURL("/beranda");
  await nav.getByRole("button", { name: "Keluar" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/masuk");

  // The widget cannot run: its empty box is not shown, the picture is.
  await expect(page.locator("altcha-widget")).toBeHidden();
  const picture = page.getByTestId("captcha-picture");
  await expect(picture.getByRole("img", { name: "Lima angka untuk verifikasi" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Kata sandi", { exact: true }).fill(PASSWORD);
  // Wrong digits: refused with the captcha's message, and a new picture to read.
  const token = (await picture.locator('input[name="captcha_gambar"]').inputValue()) ?? "";
  const answer = solvePicture(token, TEST_CAPTCHA_KEY);
  await picture
    .getByLabel("Ketik angka pada gambar")
    .fill(String((Number(answer) + 1) % 100_000).padStart(5, "0"));
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Verifikasi captcha gagal" })).toBeVisible();
  const fresh = await picture.locator('input[name="captcha_gambar"]').inputValue();
  expect(fresh).not.toBe(token);

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Kata sandi", { exact: true }).fill(PASSWORD);
  await picture.getByLabel("Ketik angka pada gambar").fill(solvePicture(fresh, TEST_CAPTCHA_KEY));
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page).toHaveURL("/beranda");
  await expect(nav.getByRole("button", { name: "Keluar" })).toBeAttached();
});
