import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary}`),
    }));
  expect(serious).toEqual([]);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`/masuk, /daftar and /kode-admin at ${viewport.width} px: no serious axe violation, also with the error dialog open`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const [path, button, dialog] of [
      ["/masuk", "Masuk", "Gagal masuk"],
      ["/daftar", "Daftar", "Pendaftaran gagal"],
      ["/kode-admin", "Jadikan admin", "Kode tidak diterima"],
    ] as const) {
      await page.goto(path);
      await expect(page.locator("altcha-widget, form").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectNoSeriousViolations(page);
      await page.getByRole("button", { name: button, exact: true }).click();
      await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
      await expectNoSeriousViolations(page);
    }
  });
}
