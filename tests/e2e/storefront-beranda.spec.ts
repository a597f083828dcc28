import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { BEST_SELLER_CARDS, orderHref, productCard, PROMOS, SLIDES, visit } from "./support/storefront.ts";

const carousel = (page: Page) => page.getByRole("region", { name: "Menu pilihan" });
const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');
const dot = (page: Page, index: number) =>
  carousel(page).getByRole("button", { name: `Tampilkan slide ${index + 1}: ${SLIDES[index]!.title}` });

/** The slide the dots mark as current (aria-current), 0-based. */
async function expectActive(page: Page, index: number) {
  for (let other = 0; other < SLIDES.length; other++) {
    if (other === index) await expect(dot(page, other)).toHaveAttribute("aria-current", "true");
    else await expect(dot(page, other)).not.toHaveAttribute("aria-current");
  }
  // Only the current slide can be reached by keyboard or screen reader; the others are inert.
  await expect(slides(page).nth(index)).not.toHaveAttribute("inert");
}

test.describe("/beranda", () => {
  test.beforeEach(async ({ page }) => {
    // Autoplay is tested on its own; here it must not move the carousel under the assertions.
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  test("carousel: three slides, each with its own order link", async ({ page }) => {
    await visit(page, "/beranda");
    await expect(slides(page)).toHaveCount(3);
    for (const [index, slide] of SLIDES.entries()) {
      const element = slides(page).nth(index);
      await expect(element).toHaveAttribute("aria-label", `${index + 1} dari 3`);
      await expect(element.locator("h2")).toHaveText(slide.title);
      await expect(element).toContainText(slide.text);
      const order = element.locator("a", { hasText: "Pesan Sekarang" });
      await expect(order).toHaveAttribute("href", orderHref(slide.title));
    }
    await expectActive(page, 0);
    await expect(
      carousel(page).getByRole("link", { name: `Pesan Sekarang ${SLIDES[0]!.title}` }),
    ).toBeVisible();
  });

  test("carousel: next and previous buttons, with wrap-around", async ({ page }) => {
    await visit(page, "/beranda");
    const next = carousel(page).getByRole("button", { name: "Slide berikutnya" });
    const previous = carousel(page).getByRole("button", { name: "Slide sebelumnya" });
    await next.click();
    await expectActive(page, 1);
    await expect(slides(page).nth(1)).toBeInViewport({ ratio: 0.9 });
    await next.click();
    await expectActive(page, 2);
    await next.click();
    await expectActive(page, 0);
    await previous.click();
    await expectActive(page, 2);
    await expect(slides(page).nth(2)).toBeInViewport({ ratio: 0.9 });
    await previous.click();
    await expectActive(page, 1);
  });

  test("carousel: dots and arrow keys", async ({ page }) => {
    await visit(page, "/beranda");
    await dot(page, 2).click();
    await expectActive(page, 2);
    await expect(slides(page).nth(2)).toBeInViewport({ ratio: 0.9 });

    // Focus alone does not move the carousel; arrow keys do, wrapping at both ends.
    await dot(page, 0).focus();
    await expectActive(page, 2);
    await page.keyboard.press("ArrowRight");
    await expectActive(page, 0);
    await page.keyboard.press("ArrowRight");
    await expectActive(page, 1);
    await page.keyboard.press("ArrowLeft");
    await expectActive(page, 0);
    await page.keyboard.press("ArrowLeft");
    await expectActive(page, 2);
    await expect(slides(page).nth(2)).toBeInViewport({ ratio: 0.9 });

    // Quick presses land exactly where they should, even while a slide is still sliding in.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expectActive(page, 1);
    await expect(slides(page).nth(1)).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expectActive(page, 1);
    await expect(slides(page).nth(1)).toBeInViewport({ ratio: 0.9 });
  });

  test("carousel: a swipe (scrolling the track) moves the dots along on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/beranda");
    const track = slides(page).first().locator("..");
    await track.evaluate((element) => element.scrollTo({ left: element.clientWidth * 2 }));
    await expectActive(page, 2);
    await track.evaluate((element) => element.scrollTo({ left: element.clientWidth }));
    await expectActive(page, 1);
    await expect(
      carousel(page).getByRole("link", { name: `Pesan Sekarang ${SLIDES[1]!.title}` }),
    ).toBeVisible();
  });

  test("three promo cards, each with its label from its rule and an 'Ambil Promo' form", async ({ page }) => {
    await visit(page, "/beranda");
    const section = page.getByRole("region", { name: "Promo spesial" });
    const cards = section.getByTestId("promo-card");
    await expect(cards).toHaveCount(3);
    for (const [index, promo] of PROMOS.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading")).toHaveText(promo.title);
      await expect(card).toContainText(promo.label);
      const button = card.getByRole("button", { name: `Ambil Promo ${promo.title}` });
      await expect(button).toBeEnabled();
      await expect(card.locator("form")).toHaveAttribute("action", promo.takes);
    }
    await expect(cards.nth(2)).toContainText("Rp 15.000");
  });

  test("the best sellers, one card per dish (Mie Nyala's three levels are one), with price, order link and add-to-cart", async ({
    page,
  }) => {
    await visit(page, "/beranda");
    const section = page.getByRole("region", { name: "Menu terlaris" });
    await expect(section.getByTestId("product-card")).toHaveCount(4);
    await expect(section.getByTestId("product-card").getByRole("heading")).toHaveText(
      BEST_SELLER_CARDS.map((dish) => dish.nama),
    );
    for (const dish of BEST_SELLER_CARDS) {
      const card = productCard(page, dish.nama);
      await expect(card.getByTestId("price")).toHaveText(dish.hargaText);
      await expect(card).toContainText(dish.kategori);
      await expect(card.getByRole("link", { name: `Pesan ${dish.nama} lewat WhatsApp` })).toHaveAttribute(
        "href",
        `/keranjang/pesan/${dish.id}`,
      );
      await expect(card.getByRole("button", { name: `Tambah ${dish.nama} ke keranjang` })).toBeEnabled();
    }
  });
});

test.describe("/beranda carousel autoplay", () => {
  test("advances by itself and pauses while hovered or focused", async ({ page }) => {
    await page.clock.install();
    await visit(page, "/beranda");
    await page.mouse.move(5, 780);
    await expectActive(page, 0);

    await page.clock.runFor(5_100);
    await expectActive(page, 1);

    await carousel(page).hover();
    await expect(carousel(page).locator("[aria-live]")).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(16_000);
    await expectActive(page, 1);

    await page.mouse.move(5, 780);
    await expect(carousel(page).locator("[aria-live]")).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(5_100);
    await expectActive(page, 2);

    await dot(page, 2).focus();
    await expect(carousel(page).locator("[aria-live]")).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(16_000);
    await expectActive(page, 2);

    await page.getByRole("heading", { name: "Promo spesial" }).click();
    await expect(carousel(page).locator("[aria-live]")).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(5_100);
    await expectActive(page, 0);
  });

  test("does not move for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await visit(page, "/beranda");
    await page.mouse.move(5, 780);
    await page.clock.runFor(16_000);
    await expectActive(page, 0);
  });
});
