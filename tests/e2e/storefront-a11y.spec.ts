import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { openWithStoredCart, visit } from "./support/storefront.ts";

const FILLED_CART = [
  { id: "mie-nyala-level-1", nama: "Mie Nyala Level 1", harga: 10_000, jumlah: 2, gambar: "" },
  { id: "es-nyala", nama: "Es Nyala", harga: 8_000, jumlah: 1, gambar: "" },
];

const PAGES: { name: string; open(page: Page): Promise<unknown> }[] = [
  { name: "/", open: (page) => visit(page, "/") },
  { name: "/beranda", open: (page) => visit(page, "/beranda") },
  { name: "/produk", open: (page) => visit(page, "/produk") },
  { name: "/keranjang (empty)", open: (page) => visit(page, "/keranjang") },
  { name: "/keranjang (filled)", open: (page) => openWithStoredCart(page, FILLED_CART) },
  { name: "/tentang", open: (page) => visit(page, "/tentang") },
  { name: "/kontak", open: (page) => visit(page, "/kontak") },
  { name: "404", open: (page) => visit(page, "/halaman-yang-tidak-ada") },
];

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary}`),
    }));
  expect(serious).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { name, open } of PAGES) {
      test(`${name}: no serious or critical axe violation, no sideways scrolling`, async ({
        page,
        allowConsoleError,
      }) => {
        if (name === "404") allowConsoleError(/status of 404 .*\/halaman-yang-tidak-ada\)$/);
        // A still carousel, so every run checks the same slide.
        await page.emulateMedia({ reducedMotion: "reduce" });
        await open(page);
        await expectNoSeriousViolations(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, "horizontal overflow in px").toBe(0);
      });
    }
  });
}

test("the open phone menu has no serious or critical axe violation", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/produk");
  await page.getByRole("banner").getByLabel("Buka menu").click();
  await expect(page.getByRole("navigation", { name: "Menu ponsel" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
