import { createAccount, logIn, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { chooseLevel } from "./support/orders.ts";
import {
  cartLine,
  expectNavCount,
  navCartLink,
  openWithStoredCart,
  productCard,
  serverCart,
  storedCart,
  visit,
} from "./support/storefront.ts";

/**
 * The first HTML of every page is the truth for its visitor: the cart the server keeps is in it,
 * and the header counts it, before any script runs (docs/decisions/0018, 0019).
 */

test("the first HTML of /keranjang holds the cart, and the header its count, before any script runs", async ({
  page,
}) => {
  const adds: Record<string, string>[] = [
    { intent: "tambah", menu: "mie-nyala-level-2", level: "3", mode: "fetch" },
    { intent: "tambah", menu: "es-teh-jumbo", mode: "fetch" },
    { intent: "tambah", menu: "es-teh-jumbo", mode: "fetch" },
  ];
  for (const values of adds) {
    expect((await page.request.post("/keranjang", { form: values })).status()).toBe(200);
  }
  // The HTML as the server sends it (no browser, no script).
  const html = await (await page.request.get("/keranjang")).text();
  expect(html).not.toContain("Keranjang kosong");
  expect([...html.matchAll(/data-testid="cart-count"[^>]*>(\d+)</g)].map((match) => match[1])).toEqual([
    "3",
    "3",
    "3",
  ]);
  // Level 3 chosen on the Level 2 card: Mie Nyala Level 3, at its own price.
  expect(html).toMatch(/data-testid="total"[^>]*>Rp 22\.000</);

  // In a browser whose scripts are held back: the page shows it all the same.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/keranjang", { waitUntil: "domcontentloaded" });
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(cartLine(page, "Mie Nyala Level 3")).toHaveAttribute("data-level", "3");
  await expect(cartLine(page, "Es Teh Jumbo").getByTestId("quantity")).toHaveText("2");
  await expect(page.getByText("Keranjang kosong")).toHaveCount(0);
  await expect(navCartLink(page)).toHaveAccessibleName("Keranjang 3 item");
  expect(
    await page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber"))),
  ).toBe(false);
  release();
  // Hydrated: the same, nothing flashed away.
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));
  await expectNavCount(page, 3);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
});

test("what a guest put in the cart joins the account's cart at sign-in", async ({ page, browser }) => {
  const email = uniqueEmail("gabung");
  await createAccount(page.request, email);
  // On another device, the account already holds a dish.
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "id-ID" });
  // (JavaScript on, as in the rest of this file.)
  const phonePage = await phone.newPage();
  await logIn(phonePage, email);
  await phonePage.request.post("/keranjang", {
    form: { intent: "tambah", menu: "mie-nyala-level-1", level: "2", mode: "fetch" },
  });
  await phone.close();

  // Here, as a guest.
  await visit(page, "/produk");
  await productCard(page, "Mie Nyala")
    .getByRole("button", { name: /^Tambah/ })
    .click();
  await chooseLevel(page, 2);
  await productCard(page, "Es Nyala")
    .getByRole("button", { name: /^Tambah/ })
    .click();
  await expectNavCount(page, 2);

  await logIn(page, email);
  await expectNavCount(page, 3); // Mie Nyala Level 2: 1 + 1, Es Nyala: 1
  await visit(page, "/keranjang");
  await expect
    .poll(() => serverCart(page))
    .toEqual([
      { nama: "Mie Nyala Level 2", harga: 11_000, jumlah: 2, level: 2 },
      { nama: "Es Nyala", harga: 8_000, jumlah: 1 },
    ]);
  // The guest cart's cookie is gone: this browser's cart is the account's now.
  expect((await page.context().cookies()).some((cookie) => cookie.name.endsWith("nyala_keranjang"))).toBe(
    false,
  );
});

test("a cart kept in localStorage before the server kept carts is moved to the server once, then removed", async ({
  page,
}) => {
  await openWithStoredCart(page, [
    { id: "mie-nyala-level-3", nama: "Mie Nyala Level 3", harga: 12_000, jumlah: 2, gambar: "" },
    { id: "es-nyala", nama: "Es Nyala", harga: 8_000, jumlah: 1, gambar: "/images/menu/es-nyala.webp" },
  ]);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expectNavCount(page, 3);
  await expect.poll(() => storedCart(page)).toBeNull();
  // From now on the server has it: the next page's first HTML shows it.
  const html = await (await page.request.get("/produk")).text();
  expect([...html.matchAll(/data-testid="cart-count"[^>]*>(\d+)</g)].map((match) => match[1])).toEqual([
    "3",
    "3",
    "3",
  ]);
  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  // A line stored without a level gets its item's own: the item is the level.
  await expect(cartLine(page, "Mie Nyala Level 3")).toHaveAttribute("data-level", "3");
});
