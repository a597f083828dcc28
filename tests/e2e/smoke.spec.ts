import { expect, test } from "@playwright/test";

test("the landing page renders in Indonesian and links to /beranda", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await expect(page.getByRole("link", { name: "Pesan Sekarang" })).toHaveAttribute("href", "/beranda");
});
