import { expect, test } from "./support/fixtures.ts";
import {
  ADDRESS,
  BRAND,
  DISHES,
  PRODUK,
  PRODUK_CARDS,
  productCard,
  visit,
  WHATSAPP_DISPLAY,
} from "./support/storefront.ts";

test("/produk's first row: one card per dish (Mie Nyala's two ranked levels are one), with category, description, price and order links", async ({
  page,
}) => {
  await visit(page, "/produk");
  const cards = page.getByRole("region", { name: "Menu pilihan" }).getByTestId("product-card");
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(PRODUK_CARDS.map((dish) => dish.nama));
  await expect(cards.first().getByTestId("dish-levels").getByRole("listitem")).toHaveText([
    "Level 1 · Rp 10.000",
    "Level 2 · Rp 11.000",
    "Level 3 · Rp 12.000",
  ]);

  for (const dish of PRODUK_CARDS) {
    const card = productCard(page, dish.nama);
    await expect(card).toContainText(dish.kategori);
    await expect(card).toContainText(dish.deskripsi);
    await expect(card.getByTestId("price")).toHaveText(dish.hargaText);
    await expect(card.getByRole("img", { name: dish.nama })).toHaveAttribute(
      "src",
      `/images/menu/${dish.id}.webp`,
    );

    const order = card.getByRole("link", { name: `Pesan ${dish.nama} lewat WhatsApp` });
    await expect(order).toHaveAttribute("href", `/keranjang/pesan/${dish.id}`);
    await expect(card.getByRole("button", { name: `Tambah ${dish.nama} ke keranjang` })).toBeEnabled();
  }

  // "Pesan" records the order first (decision 0038): no card links to wa.me by itself.
  await expect(productCard(page, "Mie Nyala").getByRole("link", { name: /^Pesan/ })).toHaveAttribute(
    "href",
    "/keranjang/pesan/mie-nyala-level-1",
  );
  await expect(page.locator('main a[href*="wa.me"]')).toHaveCount(0);
});

test("/produk carries schema.org Restaurant and Menu JSON-LD in the server HTML", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/produk");
  expect(response.status()).toBe(200);
  const html = await response.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  const data = JSON.parse(blocks[0]![1]!);

  expect(data["@context"]).toBe("https://schema.org");
  expect(data["@type"]).toBe("Restaurant");
  expect(data.name).toBe(BRAND);
  expect(data.url).toBe(`${baseURL}/`);
  expect(data.telephone).toBe(WHATSAPP_DISPLAY);
  expect(data.address).toMatchObject({
    "@type": "PostalAddress",
    streetAddress: ADDRESS,
    addressCountry: "ID",
  });
  expect(data.hasMenu["@type"]).toBe("Menu");
  // The whole menu, by category (the four highlights among them).
  expect(data.hasMenu.hasMenuSection.map((section: { name: string }) => section.name)).toEqual([
    "Makanan",
    "Minuman",
    "Cemilan",
  ]);
  const items = data.hasMenu.hasMenuSection.flatMap(
    (section: { hasMenuItem: unknown[] }) => section.hasMenuItem,
  );
  expect(items).toHaveLength(Object.keys(DISHES).length);
  expect(items).toEqual(
    expect.arrayContaining(
      PRODUK.map((dish) => ({
        "@type": "MenuItem",
        name: dish.nama,
        description: dish.deskripsi,
        image: `${baseURL}/images/menu/${dish.id}.webp`,
        offers: {
          "@type": "Offer",
          price: dish.harga,
          priceCurrency: "IDR",
          availability: "https://schema.org/InStock",
        },
      })),
    ),
  );
});

test("/produk shows every menu item by category, with chips that jump to each (plain links)", async ({
  page,
}) => {
  await visit(page, "/produk");
  const chips = page.getByRole("navigation", { name: "Kategori menu" }).getByRole("link");
  // One card per dish: Mie Nyala's three levels are one card, with each level's price.
  await expect(chips).toHaveText(["Makanan1", "Minuman2", "Cemilan1"]);
  await expect(chips.first()).toHaveAttribute("href", "#menu-makanan");
  for (const dish of Object.values(DISHES)) {
    const section = page.getByRole("region", { name: dish.kategori, exact: true });
    const heading = /^Mie Nyala Level \d$/.test(dish.nama) ? "Mie Nyala" : dish.nama;
    await expect(section.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  const mie = page.getByRole("region", { name: "Makanan", exact: true }).getByTestId("product-card");
  await expect(mie).toHaveCount(1);
  await expect(mie.getByTestId("price")).toHaveText("mulai Rp 10.000");
  await expect(mie.getByRole("list", { name: "Level Mie Nyala" }).getByRole("listitem")).toHaveText([
    "Level 1 · Rp 10.000",
    "Level 2 · Rp 11.000",
    "Level 3 · Rp 12.000",
  ]);
  // Es Teh Jumbo, the promo's free drink, can be browsed and ordered here.
  await chips.nth(1).click();
  await expect(page).toHaveURL(/#menu-minuman$/);
  await expect(
    page
      .getByRole("region", { name: "Minuman", exact: true })
      .getByRole("button", { name: "Tambah Es Teh Jumbo ke keranjang" }),
  ).toBeEnabled();
});
