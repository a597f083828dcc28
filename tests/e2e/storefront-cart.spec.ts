import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import {
  BRAND,
  cartLine,
  expectNavCount,
  openWithStoredCart,
  productCard,
  serverCart,
  storedCart,
  visit,
  waLink,
} from "./support/storefront.ts";
import { checkOut, chooseLevel, messageTail } from "./support/orders.ts";

const addButton = (page: Page, nama: string) =>
  productCard(page, nama).getByRole("button", { name: `Tambah ${nama} ke keranjang` });
const quantity = (page: Page, nama: string) => cartLine(page, nama).getByTestId("quantity");
const checkout = (page: Page) => page.getByRole("button", { name: "Pesan via WhatsApp" });

test("the cart flow: add, count, increase, decrease stops at 1, totals, checkout, remove", async ({
  page,
}) => {
  await visit(page, "/produk");
  await expectNavCount(page, 0);

  await addButton(page, "Pangsit Goreng").click();
  await expect(productCard(page, "Pangsit Goreng").getByRole("status")).toHaveText(
    "Pangsit Goreng ditambahkan ke keranjang",
  );
  await expectNavCount(page, 1);
  await addButton(page, "Pangsit Goreng").click();
  await expectNavCount(page, 2);
  await addButton(page, "Es Nyala").click();
  await expectNavCount(page, 3);
  // A noodle dish asks for its spice level first: Level 2 is its own item, at its own price.
  await addButton(page, "Mie Nyala").click();
  await chooseLevel(page, 2);
  await expect(productCard(page, "Mie Nyala").getByRole("status")).toHaveText(
    "Mie Nyala Level 2 ditambahkan ke keranjang",
  );
  await expectNavCount(page, 4);

  await page
    .getByRole("navigation", { name: "Navigasi utama" })
    .getByRole("link", { name: /^Keranjang/ })
    .click();
  await expect(page).toHaveURL("/keranjang");
  await expect(page.getByTestId("cart-line")).toHaveCount(3);
  await expect(quantity(page, "Pangsit Goreng")).toHaveText("2");
  await expect(quantity(page, "Es Nyala")).toHaveText("1");
  await expect(cartLine(page, "Pangsit Goreng")).toContainText("Rp 9.000 / porsi");
  await expect(cartLine(page, "Pangsit Goreng").getByTestId("subtotal")).toHaveText("Rp 18.000");
  await expect(cartLine(page, "Mie Nyala Level 2").getByLabel("Level pedas")).toHaveValue("2");
  // A noodle and an Es Nyala make the student bundle: Rp 3.000 off.
  await expect(page.getByTestId("total")).toHaveText("Rp 34.000");

  await page.getByRole("button", { name: "Tambah Pangsit Goreng", exact: true }).click();
  await expect(quantity(page, "Pangsit Goreng")).toHaveText("3");
  await expect(cartLine(page, "Pangsit Goreng").getByTestId("subtotal")).toHaveText("Rp 27.000");
  await expect(page.getByTestId("total")).toHaveText("Rp 43.000");
  await expectNavCount(page, 5);

  const decrease = page.getByRole("button", { name: "Kurangi Es Nyala", exact: true });
  await expect(decrease).toBeDisabled();
  await page.getByRole("button", { name: "Tambah Es Nyala", exact: true }).click();
  await expect(quantity(page, "Es Nyala")).toHaveText("2");
  await decrease.click();
  await expect(quantity(page, "Es Nyala")).toHaveText("1");
  await expect(decrease).toBeDisabled();
  await decrease.click({ force: true });
  await expect(quantity(page, "Es Nyala")).toHaveText("1");
  await expect(page.getByTestId("total")).toHaveText("Rp 43.000");

  // The server keeps the cart: its first HTML (no script) holds the same lines.
  await expect
    .poll(() => serverCart(page))
    .toEqual([
      { nama: "Pangsit Goreng", harga: 9_000, jumlah: 3 },
      { nama: "Es Nyala", harga: 8_000, jumlah: 1 },
      { nama: "Mie Nyala Level 2", harga: 11_000, jumlah: 1, level: 2 },
    ]);

  const order = await checkOut(page);
  expect(order.number).toBe("6281234567890");
  expect(order.text.split("\n")).toEqual([
    `Halo ${BRAND}, saya ingin memesan:`,
    `Kode pesanan: ${order.code}`,
    "3x Pangsit Goreng — Rp 27.000",
    "1x Es Nyala — Rp 8.000",
    "1x Mie Nyala Level 2 — Rp 11.000",
    "   Pedas sedang",
    "Subtotal: Rp 46.000",
    "Promo Paket Hemat Pelajar: -Rp 3.000",
    "Total: Rp 43.000",
    ...(await messageTail(page, order)),
  ]);
  await expect(page.getByRole("link", { name: "Buka WhatsApp" })).toHaveAttribute("href", waLink(order.text));
  await expect(page.getByRole("link", { name: "Buka WhatsApp" })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("link", { name: "Buka WhatsApp" })).toHaveAttribute("rel", /\bnoopener\b/);
  await page.getByRole("button", { name: "Belum, ubah pesanan" }).click();

  await page.getByRole("button", { name: "Hapus Pangsit Goreng" }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("total")).toHaveText("Rp 16.000");
  await expectNavCount(page, 2);
  await page.getByRole("button", { name: "Hapus Es Nyala" }).click();
  await page.getByRole("button", { name: "Hapus Mie Nyala Level 2 (Level 2)" }).click();
  await expect(page.getByText("Keranjang kosong")).toBeVisible();
  await expect(checkout(page)).toHaveCount(0);
  await expectNavCount(page, 0);
  await expect.poll(() => serverCart(page)).toEqual([]);
});

test("an empty cart says so and links to the products", async ({ page }) => {
  await visit(page, "/keranjang");
  await expect(page.getByText("Keranjang kosong", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Lihat Produk" })).toHaveAttribute(
    "href",
    "/produk",
  );
  await expect(checkout(page)).toHaveCount(0);
});

test("a reload keeps the cart", async ({ page }) => {
  await visit(page, "/produk");
  await addButton(page, "Pangsit Goreng").click();
  await addButton(page, "Pangsit Goreng").click();
  await expectNavCount(page, 2);
  await page.reload();
  await expectNavCount(page, 2);
  await visit(page, "/keranjang");
  await expect(quantity(page, "Pangsit Goreng")).toHaveText("2");
  await page.reload();
  await expect(quantity(page, "Pangsit Goreng")).toHaveText("2");
  await expect(page.getByTestId("total")).toHaveText("Rp 18.000");
});

test("a second tab sees the changes of the first", async ({ page, context }) => {
  await visit(page, "/produk");
  const other = await context.newPage();
  await visit(other, "/keranjang");
  await expect(other.getByText("Keranjang kosong")).toBeVisible();

  await addButton(page, "Es Nyala").click();
  await expect(quantity(other, "Es Nyala")).toHaveText("1");
  await expectNavCount(other, 1);

  await other.getByRole("button", { name: "Tambah Es Nyala", exact: true }).click();
  await expectNavCount(page, 2);
  await expectNavCount(other, 2);

  await other.getByRole("button", { name: "Hapus Es Nyala" }).click();
  await expectNavCount(page, 0);
  await expect(other.getByText("Keranjang kosong")).toBeVisible();
});

test("the lines' code comes at the first tap, and that tap still changes the line", async ({ page }) => {
  await visit(page, "/produk");
  await addButton(page, "Es Nyala").click();
  await expectNavCount(page, 1);
  const scripts: string[] = [];
  page.on("request", (request) => void scripts.push(request.url()));
  await visit(page, "/keranjang");
  await expect(quantity(page, "Es Nyala")).toHaveText("1");
  // Hydrated, the page's own code here: the lines' and the total's wait for a tap.
  expect(scripts.filter((url) => /\/(cart-lines|cart-pricing)-/.test(url))).toEqual([]);

  await page.getByRole("button", { name: "Tambah Es Nyala", exact: true }).click();
  await expect(quantity(page, "Es Nyala")).toHaveText("2");
  await expectNavCount(page, 2);
  await expect(page).toHaveURL("/keranjang");
  expect(scripts.some((url) => /\/cart-lines-/.test(url))).toBe(true);
});

test.describe("a cart kept in the browser before the server kept carts is moved to the server and checked", () => {
  for (const raw of ["{not json", "null", '{"id":"mie-nyala-level-1"}', '"keranjang"', "[1,2,3]"]) {
    test(`corrupt storage ${raw} recovers to an empty, working cart`, async ({ page }) => {
      await openWithStoredCart(page, raw);
      await expect(page.getByText("Keranjang kosong")).toBeVisible();
      await expectNavCount(page, 0);
      await expect.poll(() => storedCart(page)).toBeNull();
      await visit(page, "/produk");
      await addButton(page, "Es Nyala").click();
      await expectNavCount(page, 1);
      await expect.poll(() => serverCart(page)).toEqual([{ nama: "Es Nyala", harga: 8_000, jumlah: 1 }]);
    });
  }

  test("hand-edited lines: invalid ones dropped, quantities capped at 99, foreign images never loaded", async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await openWithStoredCart(page, [
      { id: "es-teh-jumbo", nama: "Es Teh Jumbo", harga: 5_000, jumlah: 1000, gambar: "javascript:alert(1)" },
      { id: "es-nyala", nama: "Es Nyala", harga: 8_000, jumlah: -3 },
      { id: "pangsit-goreng", nama: "Pangsit Goreng", harga: "9000", jumlah: 1 },
      { id: "mie-nyala-level-1", nama: "Mie Nyala Level 1", harga: 10_000, jumlah: 1.5 },
      { id: 7, nama: "Angka", harga: 1_000, jumlah: 1 },
      {
        id: "mie-nyala-level-3",
        nama: "<img src=x onerror=alert(1)>",
        harga: 12_000,
        jumlah: 2,
        gambar: "https://evil.example/x.png",
      },
    ]);
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(quantity(page, "Es Teh Jumbo")).toHaveText("99");
    await expect(page.getByRole("button", { name: "Tambah Es Teh Jumbo", exact: true })).toBeDisabled();
    // The stored name is replaced by the menu's own name.
    await expect(quantity(page, "Mie Nyala Level 3")).toHaveText("2");
    // Two noodles make one Es Teh Jumbo free (the seeded promo).
    await expect(page.getByTestId("subtotal-before-promo")).toHaveText("Rp 519.000");
    await expect(page.getByTestId("total")).toHaveText("Rp 514.000");
    await expectNavCount(page, 101);
    for (const image of await page.getByTestId("cart-line").locator("img").all()) {
      expect(await image.getAttribute("src")).toMatch(/^\/images\/menu\/[a-z0-9-]+\.webp$/);
    }
    expect(requests.filter((url) => !url.startsWith("http://localhost"))).toEqual([]);
  });

  test("a line with an outdated price is updated, with a visible notice", async ({ page }) => {
    await openWithStoredCart(page, [
      { id: "mie-nyala-level-1", nama: "Mie Nyala Level 1", harga: 7_000, jumlah: 2, gambar: "" },
      { id: "es-nyala", nama: "Es Nyala", harga: 8_000, jumlah: 1, gambar: "/images/menu/es-nyala.webp" },
    ]);
    const notice = page.getByRole("status").filter({ hasText: "Harga" });
    await expect(notice).toContainText("Harga Mie Nyala Level 1 berubah dari Rp 7.000 menjadi Rp 10.000.");
    await expect(cartLine(page, "Mie Nyala Level 1").getByTestId("subtotal")).toHaveText("Rp 20.000");
    // One Mie Nyala and one Es Nyala: the student bundle (Rp 15.000 instead of Rp 18.000).
    await expect(page.getByTestId("total")).toHaveText("Rp 25.000");
    // A line stored before spice levels existed gets its item's own level (the item is the level).
    await expect(cartLine(page, "Mie Nyala Level 1").getByLabel("Level pedas")).toHaveValue("1");
    await expect(checkout(page)).toBeEnabled();
    const order = await checkOut(page);
    expect(order.text).toContain("\n2x Mie Nyala Level 1 — Rp 20.000\n   Sedikit pedas\n");
    expect(order.text).toContain(
      "\nSubtotal: Rp 28.000\nPromo Paket Hemat Pelajar: -Rp 3.000\nTotal: Rp 25.000",
    );
    await expect
      .poll(() => serverCart(page))
      .toContainEqual({
        nama: "Mie Nyala Level 1",
        harga: 10_000,
        jumlah: 2,
        level: 1,
      });
    expect(await storedCart(page)).toBeNull();

    await notice.getByRole("button", { name: "Tutup pemberitahuan" }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByText(/berubah dari/)).toHaveCount(0);
  });

  test("a line for an item no longer on the menu is dropped, with a visible notice", async ({ page }) => {
    await openWithStoredCart(page, [
      { id: "mie-lama", nama: "Mie Lama", harga: 7_000, jumlah: 1, gambar: "" },
      { id: "pangsit-goreng", nama: "Pangsit Goreng", harga: 9_000, jumlah: 3, gambar: "" },
    ]);
    await expect(page.getByRole("status").filter({ hasText: "Mie Lama" })).toContainText(
      "Mie Lama sudah tidak ada di menu dan dihapus dari keranjang.",
    );
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(quantity(page, "Pangsit Goreng")).toHaveText("3");
    await expect(page.getByTestId("total")).toHaveText("Rp 27.000");
    await expectNavCount(page, 3);
    await expect.poll(() => serverCart(page)).toEqual([{ nama: "Pangsit Goreng", harga: 9_000, jumlah: 3 }]);
  });
});

test("Tambah tapped on three dishes in quick succession on a slow phone: all three reach the cart", async ({
  page,
}) => {
  await visit(page, "/produk");
  // A slow phone: the router's "submitting" render comes late, after the next tap's.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
  const names = ["Pangsit Goreng", "Es Nyala", "Es Teh Jumbo"];
  const buttons = await Promise.all(names.map((nama) => addButton(page, nama).elementHandle()));
  await page.evaluate(async (targets) => {
    for (const button of targets) {
      (button as HTMLButtonElement).click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }, buttons);
  await expectNavCount(page, 3);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect
    .poll(async () => (await serverCart(page)).map((line) => `${line.jumlah}x ${line.nama}`).sort())
    .toEqual(["1x Es Nyala", "1x Es Teh Jumbo", "1x Pangsit Goreng"]);
});
