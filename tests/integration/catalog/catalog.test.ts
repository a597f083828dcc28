import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { seedCatalog } from "../../../database/seed.ts";
import {
  getActiveSlides,
  getBestSellers,
  getFeaturedItems,
  getProdukItems,
  getSiteTexts,
} from "../../../app/features/catalog/catalog.server.ts";
import { currentCatalog } from "../../../app/features/cart/cart.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`catalog queries (${testDatabaseKind()})`, () => {
  it("serves the three featured items of / in order", async () => {
    const items = await getFeaturedItems(handle.db);
    expect(items.map((item) => item.nama)).toEqual(["Mie Nyala Level 1", "Mie Nyala Level 3", "Es Nyala"]);
  });

  it("serves the six best sellers of /beranda with categories and integer prices", async () => {
    const items = await getBestSellers(handle.db);
    expect(items.map((item) => [item.nama, item.kategori, item.harga])).toEqual([
      ["Mie Nyala Level 1", "Makanan", 10_000],
      ["Mie Nyala Level 2", "Makanan", 11_000],
      ["Mie Nyala Level 3", "Makanan", 12_000],
      ["Es Teh Jumbo", "Minuman", 5_000],
      ["Es Nyala", "Minuman", 8_000],
      ["Pangsit Goreng", "Cemilan", 9_000],
    ]);
  });

  it("serves the four products of /produk", async () => {
    const items = await getProdukItems(handle.db);
    expect(items.map((item) => item.nama)).toEqual([
      "Mie Nyala Level 1",
      "Mie Nyala Level 2",
      "Es Nyala",
      "Pangsit Goreng",
    ]);
    for (const item of items) expect(item.gambar).toMatch(/^\/images\/menu\/[\w-]+\.webp$/);
  });

  it("serves the three slides with the dish their order link names, and whether it is sold out", async () => {
    const slides = await getActiveSlides(handle.db);
    expect(slides.map((slide) => [slide.title, slide.orderName, slide.soldOut])).toEqual([
      ["Mie Nyala Level 1", "Mie Nyala Level 1", false],
      ["Es Nyala", "Es Nyala", false],
      ["Pangsit Goreng", "Pangsit Goreng", false],
    ]);
    const { menuItems } = await import("../../../database/schema.ts");
    const { eq } = await import("drizzle-orm");
    await handle.db.update(menuItems).set({ tersedia: false }).where(eq(menuItems.id, "es-nyala"));
    try {
      expect((await getActiveSlides(handle.db)).map((slide) => slide.soldOut)).toEqual([false, true, false]);
    } finally {
      await handle.db.update(menuItems).set({ tersedia: true }).where(eq(menuItems.id, "es-nyala"));
    }
  });

  it("seeds only once, however often the app starts", async () => {
    expect(await seedCatalog(handle.db)).toBe(false);
    expect(await currentCatalog(handle.db)).toHaveLength(6);
    const texts = await getSiteTexts(handle.db);
    expect(texts.visi).toContain("favorit anak muda Indonesia");
    expect(texts.misi?.split("\n")).toHaveLength(3);
  });
});
