import { expect, test } from "./support/fixtures.ts";
import {
  ADDRESS,
  BRAND,
  expectPictureLoaded,
  FEATURED,
  productCard,
  visit,
  waLink,
  WHATSAPP_DISPLAY,
} from "./support/storefront.ts";

const PAGES = [
  { path: "/", title: BRAND, h1: "Mie pedas yang bikin nagih, tinggal pesan lewat WhatsApp." },
  { path: "/beranda", title: `Beranda | ${BRAND}`, h1: `Beranda ${BRAND}` },
  { path: "/produk", title: `Produk | ${BRAND}`, h1: "Produk kami" },
  { path: "/keranjang", title: `Keranjang | ${BRAND}`, h1: "Keranjang" },
  { path: "/tentang", title: `Tentang | ${BRAND}`, h1: "Tentang kami" },
  { path: "/kontak", title: `Kontak | ${BRAND}`, h1: "Kontak" },
];

test.describe("server-rendered head of every public page (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, title, h1 } of PAGES) {
    test(`${path}: lang, title, description, Open Graph`, async ({ page, baseURL }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["content-type"]).toContain("text/html");
      await expect(page.locator("html")).toHaveAttribute("lang", "id");
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);

      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(40);
      const og = async (property: string) =>
        page.locator(`meta[property="og:${property}"]`).getAttribute("content");
      expect(await og("title")).toBe(title);
      expect(await og("description")).toBe(description);
      expect(await og("type")).toBe("website");
      expect(await og("locale")).toBe("id_ID");
      expect(await og("site_name")).toBe(BRAND);
      expect(await og("url")).toBe(`${baseURL}${path}`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
      expect(await og("image")).toMatch(/^http:\/\/localhost:\d+\/.+\.(jpg|png|webp)$/);
    });
  }

  test("/beranda: nothing holds the pictures back, the promos' and the other slides' pictures load", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/beranda", { waitUntil: "load" });
    await expect(page.locator("html")).not.toHaveAttribute("data-pictures");
    const pictures = page.locator('[data-testid="promo-card"] img, [aria-roledescription="slide"] img');
    await expect(pictures).toHaveCount(6);
    for (const picture of await pictures.all()) await expectPictureLoaded(picture);
  });

  test("each page has its own title and description", async ({ page }) => {
    const seen = new Map<string, string>();
    for (const { path } of PAGES) {
      await page.goto(path);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      for (const value of [title, description ?? ""]) {
        expect(seen.get(value), `"${value}" on ${path} repeats ${seen.get(value)}`).toBeUndefined();
        seen.set(value, path);
      }
    }
  });

  test("the Open Graph image is served by the app", async ({ page, request }) => {
    await page.goto("/produk");
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    const response = await request.get(image!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^image\//);
  });

  test("an unknown path answers 404 with the not-found page in Indonesian", async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(
      /status of 404 \(Not Found\) \(http:\/\/localhost:\d+\/(tidak-ada|produk\/xyz\/abc|Beranda-lama\?x=1)\)$/,
    );
    for (const path of ["/tidak-ada", "/produk/xyz/abc", "/Beranda-lama?x=1"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", "id");
      await expect(page).toHaveTitle(`Halaman tidak ditemukan | ${BRAND}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Halaman tidak ditemukan");
      await expect(page.getByRole("link", { name: "Kembali ke beranda" })).toHaveAttribute("href", "/");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    }
  });
});

test("/ shows the hero, three featured dishes and buttons to /beranda", async ({ page }) => {
  await visit(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Mie pedas yang bikin");
  await expect(page.getByRole("img", { name: /Semangkuk Mie Nyala/ })).toBeVisible();

  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole("heading")).toHaveText(FEATURED.map((dish) => dish.nama));
  for (const dish of FEATURED) {
    const card = productCard(page, dish.nama);
    await expect(card).toContainText(dish.hargaText);
    await expect(card).toContainText(dish.kategori);
  }

  for (const name of ["Lihat Menu", "Pesan Sekarang", "Lihat Promo", "Mulai Pesan"]) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", "/beranda");
  }
  await page.getByRole("link", { name: "Pesan Sekarang", exact: true }).click();
  await expect(page).toHaveURL("/beranda");
  await expect(page).toHaveTitle(`Beranda | ${BRAND}`);
});

test("/tentang tells who we are, the vision and the mission", async ({ page }) => {
  await visit(page, "/tentang");
  await expect(page.getByRole("main")).toContainText("Mie Nyala adalah rumah mie pedas");
  const visi = page.getByRole("region", { name: "Visi" });
  await expect(visi.getByRole("heading", { name: "Visi" })).toBeVisible();
  await expect(visi).toContainText("Menjadi tempat makan mie pedas favorit anak muda Indonesia.");
  const misi = page.getByRole("region", { name: "Misi" });
  await expect(misi.getByRole("listitem")).toHaveText([
    /bahan berkualitas dengan harga yang ramah di kantong pelajar/,
    /pelayanan yang cepat dan ramah/,
    /ide menu baru yang mengikuti keinginan pelanggan/,
  ]);
});

test.describe("/kontak", () => {
  test("shows the address, the WhatsApp contact and the social links", async ({ page }) => {
    await visit(page, "/kontak");
    const main = page.getByRole("main");
    await expect(main.getByRole("region", { name: "Alamat" })).toContainText(ADDRESS);

    const whatsapp = main.getByRole("region", { name: "Telepon / WhatsApp" });
    await expect(whatsapp).toContainText(WHATSAPP_DISPLAY);
    const chat = whatsapp.getByRole("link", { name: "Chat di WhatsApp" });
    await expect(chat).toHaveAttribute("href", waLink(`Halo ${BRAND}, saya ingin bertanya`));
    await expect(chat).toHaveAttribute("target", "_blank");
    await expect(chat).toHaveAttribute("rel", /\bnoopener\b/);

    const socials = main.getByRole("region", { name: "Media sosial" });
    for (const [name, href] of [
      ["Instagram", "https://www.instagram.com/mienyala"],
      ["Facebook", "https://www.facebook.com/mienyala"],
      ["TikTok", "https://www.tiktok.com/@mienyala"],
    ]) {
      const link = socials.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href!);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    }
  });

  // The contact form sends the message to the restaurant: contact.spec.ts (a server of its own,
  // as every admin is told).
});

test.describe("first paint before JavaScript (docs/decisions/0008-first-paint-before-javascript.md)", () => {
  for (const { path, h1 } of PAGES) {
    test(`${path}: styled by the page itself, painted before any script is requested, then hydrated`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(path)).text();
      const nonce = /<style data-react-router-critical-css="" nonce="([^"]+)">/.exec(html)?.[1];
      expect(nonce, "the stylesheet is in the page, with the page's nonce").toBeTruthy();
      expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
      expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);

      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity;
        const scripts = performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.includes("/assets/") && entry.name.endsWith(".js"))
          .map((entry) => entry.startTime);
        return { paint, firstScript: Math.min(...scripts), scripts: scripts.length };
      });
      expect(timing.scripts).toBeGreaterThan(0);
      expect(timing.paint).toBeLessThan(Infinity);
      expect(timing.firstScript, "no script is requested before the first paint").toBeGreaterThanOrEqual(
        timing.paint,
      );
      // Styled by the inline stylesheet: the body has the bundled font.
      const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(font).toContain("Plus Jakarta Sans");
      // The preloaded file is the one the text uses (one font request, not two), and the cut-down
      // font (scripts/subset-font.mjs) has its own glyph for every character below: with a glyph
      // missing, the two fallbacks would draw it at different widths.
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        const context = document.createElement("canvas").getContext("2d")!;
        const width = (text: string, fallback: string) => {
          context.font = `700 40px "Plus Jakarta Sans Variable", ${fallback}`;
          return context.measureText(text).width;
        };
        return {
          requests: performance
            .getEntriesByType("resource")
            .filter((entry) => entry.name.endsWith(".woff2"))
            .map((entry) => new URL(entry.name).pathname),
          preload: document.querySelector<HTMLLinkElement>('link[rel="preload"][as="font"]')?.href,
          missing: [..."AZaz09Rp.,:;!?@#%&*()[]/+=<>éèñüçÉ–—…‘’“”•·×€™−©®°½"].filter(
            (character) => width(character, "monospace") !== width(character, "serif"),
          ),
          bogus: width("\u0416", "monospace") !== width("\u0416", "serif"),
        };
      });
      expect(fonts.requests).toHaveLength(1);
      expect(new URL(fonts.preload!).pathname).toBe(fonts.requests[0]);
      expect(fonts.missing).toEqual([]);
      // The check can fail: Cyrillic Ж is not in the font, and the fallbacks draw it differently.
      expect(fonts.bogus).toBe(true);
    });
  }

  test("/beranda on a phone: the other pictures wait until the main picture has loaded and the page has painted, and nothing moves when they come", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await visit(page, "/beranda");
    const promo = page.getByTestId("promo-card").first().locator("img");
    await expectPictureLoaded(promo);
    const timing = await page.evaluate(() => {
      const main = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!.currentSrc;
      const pictures = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/(images|gambar)\//.test(entry.name)) as PerformanceResourceTiming[];
      const mainEntry = pictures.find((entry) => entry.name === main)!;
      return {
        main: mainEntry.responseEnd,
        paint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
        others: pictures.filter((entry) => entry !== mainEntry).map((entry) => entry.startTime),
        shifts: (window as unknown as { shifts: number[] }).shifts,
      };
    });
    // The carousel's other slides, the promos and the first menu photos (within the browser's
    // lazy-loading distance), all started only after the main picture and the first paint.
    expect(timing.others.length).toBeGreaterThanOrEqual(5);
    expect(Math.min(...timing.others)).toBeGreaterThanOrEqual(Math.max(timing.main, timing.paint));
    expect(timing.shifts).toEqual([]);
    await expect(page.locator("html")).not.toHaveAttribute("data-pictures");
    // The picture fills the box that held its place.
    const [box, picture] = await Promise.all([promo.locator("..").boundingBox(), promo.boundingBox()]);
    expect(picture).toEqual(box);
    expect(Math.round((box!.width / box!.height) * 100) / 100).toBe(1.6);
  });

  test("a tap on a button before the JavaScript has arrived is not lost: it takes effect once the page is hydrated", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Its own waitUntil: the fixture's page.goto would wait for the hydration held back here, and
    // "load" could too (the starter may add the held scripts before the load event).
    await page.goto("/beranda", { waitUntil: "domcontentloaded" });
    // The phone menu needs no JavaScript at all: it opens at once.
    await page.getByRole("banner").getByLabel("Buka menu").click();
    await expect(page.getByRole("navigation", { name: "Menu ponsel" })).toBeVisible();
    await page
      .getByRole("banner")
      .getByLabel(/^(Buka|Tutup) menu$/)
      .click();
    // A button that only React can make do something: the carousel's third dot.
    const dot = page.getByRole("button", { name: /^Tampilkan slide 3:/ });
    await dot.click();
    // Nothing can happen yet: React has not started.
    await expect(dot).not.toHaveAttribute("aria-current");
    expect(
      await page.evaluate(() => Object.keys(document).some((key) => key.startsWith("_reactListening"))),
    ).toBe(false);
    release();
    await expect(dot).toHaveAttribute("aria-current", "true");
  });
});
