import { expect, test } from "./support/fixtures.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { productCard, visit } from "./support/storefront.ts";

/**
 * Daily portions (#25 item 4, docs/decisions/0044-daily-portions.md): the owner gives a dish a
 * daily count in the menu form, the storefront says Sisa N when few are left, and the board's
 * panel changes today's count down to Habis. Changes the catalog: a private server.
 */
const ADMIN = "admin-porsi@nyala.test";
const { adminPage } = privateServerWithAdmin(23, ADMIN, "Admin Porsi");

test("a daily count shows Sisa N on the storefront and the board's panel turns it to Habis", async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/menu?ubah=es-nyala");
  await admin.getByLabel("Porsi harian (opsional)").fill("3");
  await admin.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(admin.getByRole("status").filter({ hasText: /disimpan|diubah/i })).toBeVisible();

  await visit(page, "/produk");
  const card = productCard(page, "Es Nyala");
  await expect(card.getByTestId("portions-left")).toHaveText("Sisa 3");
  await expect(card).not.toHaveAttribute("data-sold-out", "true");
  await expect(productCard(page, "Pangsit Goreng").getByTestId("portions-left")).toHaveCount(0);

  await admin.goto("/admin/pesanan");
  const panel = admin.getByTestId("portions-panel");
  await panel.getByText("Porsi hari ini").click();
  await expect(panel.getByText("Es Nyala (sisa 3 dari 3)")).toBeVisible();
  await panel.getByLabel("Sisa Es Nyala hari ini").fill("0");
  await panel.getByRole("button", { name: "Simpan" }).click();
  await expect(admin.getByText("Sisa porsi hari ini disimpan.")).toBeVisible();
  await expect(admin.getByTestId("portions-panel").getByText("Es Nyala (sisa 0 dari 3)")).toBeAttached();

  await visit(page, "/produk");
  const soldOut = productCard(page, "Es Nyala");
  await expect(soldOut).toHaveAttribute("data-sold-out", "true");
  await expect(soldOut.getByText("Habis", { exact: true })).toBeVisible();
  await expect(soldOut.getByTestId("portions-left")).toHaveCount(0);

  // The home page's slide of the dish (cached like the menu) offers no order either.
  await visit(page, "/beranda");
  const slide = page.locator('[aria-roledescription="slide"]', {
    has: page.getByRole("heading", { name: "Es Nyala" }),
  });
  await expect(slide).toHaveAttribute("data-sold-out", "true");
  await expect(slide.locator("button", { hasText: "Habis" })).toBeDisabled();
  await expect(slide.getByText("Pesan Sekarang")).toHaveCount(0);
  await admin.context().close();
});
