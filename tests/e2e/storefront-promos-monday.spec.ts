import { expect, test } from "./support/fixtures.ts";
import { checkOut } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { productCard, visit } from "./support/storefront.ts";

/**
 * The Monday discount with a controlled clock (#16): a server of its own whose store clock is
 * Monday 23 November 2026, 12:00 WITA (NYALA_TEST_CLOCK, honoured only with NYALA_TEST_MODE=1).
 * A request cannot move it: the clock is read once from the process's environment.
 */
privateServerWithAdmin(51, "admin-senin@nyala.test", "Admin Senin", {
  NYALA_TEST_MODE: "1",
  NYALA_TEST_CLOCK: "2026-11-23T04:00:00Z",
});

const MONDAY = "Diskon 20% Hari Senin";

test("on a Monday the 20 % applies to the cart and the message; the card says it applies today", async ({
  page,
}) => {
  await visit(page, "/beranda");
  const card = page.getByTestId("promo-card").filter({ hasText: MONDAY });
  await expect(card.getByTestId("promo-when")).toHaveText("Setiap Senin");
  await expect(card.getByTestId("promo-availability")).toHaveText("Berlaku sekarang");

  await visit(page, "/produk");
  await productCard(page, "Es Nyala").getByRole("button", { name: "Tambah Es Nyala ke keranjang" }).click();
  await visit(page, "/keranjang");
  await expect(page.getByTestId("cart-discount")).toHaveText("-Rp 1.600");
  await expect(page.getByTestId("total")).toHaveText("Rp 6.400");
  const order = await checkOut(page);
  expect(order.text).toContain(
    ["Subtotal: Rp 8.000", `Promo ${MONDAY}: -Rp 1.600`, "Total: Rp 6.400"].join("\n"),
  );
});

test("a header or a query cannot move the store's clock", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Nyala-Test-Clock": "2026-11-24T04:00:00Z" });
  await visit(page, "/beranda?NYALA_TEST_CLOCK=2026-11-24T04:00:00Z");
  const card = page.getByTestId("promo-card").filter({ hasText: MONDAY });
  await expect(card.getByTestId("promo-availability")).toHaveText("Berlaku sekarang");
});
