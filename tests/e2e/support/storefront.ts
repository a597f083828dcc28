import { expect, type Locator, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures.ts";

/**
 * What a fresh Nyala must show, written out here rather than imported from the seed, so a wrong
 * seed fails the tests instead of agreeing with them.
 */
export const BRAND = "Mie Nyala";
export const WHATSAPP = "6281234567890";
export const WHATSAPP_DISPLAY = "+62 812-3456-7890";
export const ADDRESS = "Jl. Contoh No. 123, Kendari, Sulawesi Tenggara";
export const CART_KEY = "keranjang";

export interface Dish {
  id: string;
  nama: string;
  kategori: "Makanan" | "Minuman" | "Cemilan";
  harga: number;
  hargaText: string;
  deskripsi: string;
}

export const DISHES = {
  level1: {
    id: "mie-nyala-level-1",
    nama: "Mie Nyala Level 1",
    kategori: "Makanan",
    harga: 10_000,
    hargaText: "Rp 10.000",
    deskripsi: "Mie pedas ringan, pas untuk yang baru mulai berani pedas.",
  },
  level2: {
    id: "mie-nyala-level-2",
    nama: "Mie Nyala Level 2",
    kategori: "Makanan",
    harga: 11_000,
    hargaText: "Rp 11.000",
    deskripsi: "Pedasnya naik satu tingkat, gurihnya tetap juara.",
  },
  level3: {
    id: "mie-nyala-level-3",
    nama: "Mie Nyala Level 3",
    kategori: "Makanan",
    harga: 12_000,
    hargaText: "Rp 12.000",
    deskripsi: "Untuk penantang sejati: pedas membara sampai suapan terakhir.",
  },
  esTeh: {
    id: "es-teh-jumbo",
    nama: "Es Teh Jumbo",
    kategori: "Minuman",
    harga: 5_000,
    hargaText: "Rp 5.000",
    deskripsi: "Teh manis dingin ukuran jumbo, peredam pedas paling setia.",
  },
  esNyala: {
    id: "es-nyala",
    nama: "Es Nyala",
    kategori: "Minuman",
    harga: 8_000,
    hargaText: "Rp 8.000",
    deskripsi: "Minuman segar khas Nyala yang menyejukkan setelah makan pedas.",
  },
  pangsit: {
    id: "pangsit-goreng",
    nama: "Pangsit Goreng",
    kategori: "Cemilan",
    harga: 9_000,
    hargaText: "Rp 9.000",
    deskripsi: "Pangsit renyah isi ayam, teman setia semangkuk mie.",
  },
} satisfies Record<string, Dish>;

export const FEATURED = [DISHES.level1, DISHES.level3, DISHES.esNyala];
export const BEST_SELLERS = [
  DISHES.level1,
  DISHES.level2,
  DISHES.level3,
  DISHES.esTeh,
  DISHES.esNyala,
  DISHES.pangsit,
];
export const PRODUK = [DISHES.level1, DISHES.level2, DISHES.esNyala, DISHES.pangsit];

/** Mie Nyala's levels as the ranked rows show them: one card, its lowest level standing for it (#38). */
export const MIE_DISH = { ...DISHES.level1, nama: "Mie Nyala", hargaText: "mulai Rp 10.000" } satisfies Dish;
export const BEST_SELLER_CARDS = [MIE_DISH, DISHES.esTeh, DISHES.esNyala, DISHES.pangsit];
export const PRODUK_CARDS = [MIE_DISH, DISHES.esNyala, DISHES.pangsit];

export const SLIDES = [
  { title: "Mie Nyala Level 1", text: "Pedas ringan untuk kamu yang baru mulai mencoba." },
  { title: "Es Nyala", text: "Segar dingin, penutup sempurna setelah mie pedas." },
  { title: "Pangsit Goreng", text: "Renyah, gurih, dan selalu bikin nambah." },
];

/**
 * The seeded promos: their time label comes from their rule ("Hanya Hari Ini" showed every day,
 * issue #16); "Ambil Promo" puts a promo's items in the cart, or leads to the menu.
 */
export const PROMOS = [
  { title: "Beli 2 Mie Gratis Es Teh Jumbo", label: "Setiap hari", takes: "/keranjang" },
  { title: "Diskon 20% Hari Senin", label: "Setiap Senin", takes: "/produk" },
  { title: "Paket Hemat Pelajar", label: "Khusus Pelajar", takes: "/keranjang" },
];

/** The one link format the spec allows, written out independently of the app's builder. */
export const waLink = (text: string) => `https://wa.me/${WHATSAPP}?text=${encodeURIComponent(text)}`;
/** "Pesan" of the seeded dish `nama`: its quick checkout's page (the dish's id is its name as a slug). */
export const orderHref = (nama: string) => `/keranjang/pesan/${nama.toLowerCase().replaceAll(" ", "-")}`;

/** Waits until the picture has been downloaded and decoded (a broken one never passes). */
export async function expectPictureLoaded(picture: Locator) {
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
}

/**
 * `page.goto` then waits for React's hydration (also for a page made outside the fixtures). A
 * "Tambah" still on its way is let through first, as a visitor's next page would find it: the
 * header's count and the button tapped say they are saving (aria-busy) until the server answered.
 */
export async function visit(page: Page, path: string) {
  await expect(
    page.locator('[data-testid="cart-count"][aria-busy="true"], button[aria-busy="true"]'),
  ).toHaveCount(0);
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export interface StoredLine {
  id: unknown;
  nama: unknown;
  harga: unknown;
  jumlah: unknown;
  gambar?: unknown;
  /** The spice level a browser stored with the line (any level could be picked before families). */
  level?: unknown;
}

/**
 * A browser that kept its cart in localStorage before the server kept carts: puts a raw value
 * there (as such a browser, or a hand-edit, left it), then loads `path`, whose script sends it
 * to the server once and removes it.
 */
export async function openWithStoredCart(page: Page, raw: string | StoredLine[], path = "/keranjang") {
  // Hydrated first, so the value lands in this origin's storage before the page under test.
  await visit(page, "/tentang");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    CART_KEY,
    typeof raw === "string" ? raw : JSON.stringify(raw),
  ] as const);
  return visit(page, path);
}

/** What the browser still keeps in localStorage under the old cart key, as text (null once moved). */
export async function storedCart(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), CART_KEY);
}

const decode = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[name]!,
  );

export interface ServerLine {
  nama: string;
  jumlah: number;
  level?: number;
  catatan?: string;
  harga: number;
}

/**
 * The cart the server keeps for this browser, as its first HTML shows it (a request with the
 * page's cookies, no JavaScript): one entry per line.
 */
export async function serverCart(page: Page): Promise<ServerLine[]> {
  const html = await (await page.request.get("/keranjang")).text();
  const lines: ServerLine[] = [];
  for (const [item] of html.matchAll(/<li[^>]*data-testid="cart-line"[\s\S]*?<\/li>/g)) {
    const text = (pattern: RegExp) => pattern.exec(item)?.[1];
    const level = text(/data-level="(\d)"/);
    const input = /<input[^>]*data-testid="line-note"[^>]*>/.exec(item)?.[0] ?? "";
    const catatan = decode(/ value="([^"]*)"/.exec(input)?.[1] ?? "");
    lines.push({
      nama: decode(text(/<h2[^>]*>([^<]+)<\/h2>/)!),
      // React separates text pieces with an empty comment in its HTML.
      jumlah: Number(text(/data-testid="quantity"[^>]*>(\d+)</) ?? text(/>(\d+)(?:<!-- -->)? porsi/)),
      harga: Number(text(/>Rp ([\d.]+)(?:<!-- -->)? \/ porsi</)!.replaceAll(".", "")),
      ...(level === undefined ? {} : { level: Number(level) }),
      ...(catatan ? { catatan } : {}),
    });
  }
  return lines;
}

/** The cart link of the desktop navigation; its name carries the item count. */
export const navCartLink = (page: Page): Locator =>
  page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: /^Keranjang/ });

export async function expectNavCount(page: Page, count: number) {
  await expect(navCartLink(page)).toHaveAccessibleName(`Keranjang ${count} item`);
}

/**
 * A product card, found by its heading: the first on the page (on /produk a highlighted dish is
 * also in its category of the full menu below).
 */
export const productCard = (page: Page, nama: string): Locator =>
  page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("heading", { name: nama, exact: true }) })
    .first();

export const cartLine = (page: Page, nama: string): Locator =>
  page.getByTestId("cart-line").filter({ has: page.getByRole("heading", { name: nama, exact: true }) });
