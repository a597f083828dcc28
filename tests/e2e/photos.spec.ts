import path from "node:path";
import type { BrowserContext, Locator } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../database/client.server.ts";
import { menuItems, promos, slides } from "../../database/schema.ts";
import { createAccount, logIn } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { privatePort, startPrivateServer, type PrivateServer } from "./support/private-server.ts";
import { expectPictureLoaded, productCard, visit } from "./support/storefront.ts";

/**
 * A photo that is missing (a row pointing at a photo no server has) shows a placeholder picture,
 * never a broken image: on the menu's cards, the promo cards, the carousel and the admin lists
 * (docs/decisions/0035-photos-in-the-database.md). A server of its own, whose database is changed
 * while it is stopped.
 */
const PORT = privatePort(23);
const ADMIN = "admin-foto@nyala.test";
const ENV = { ADMIN_EMAILS: ADMIN };
const missing = (kind: string) => `/gambar/${kind}/${"b".repeat(64)}.webp`;
let server: PrivateServer | undefined;
let adminState: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.use({ baseURL: `http://localhost:${PORT}` });
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  server = await startPrivateServer(PORT, ENV);
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  await createAccount(request, ADMIN, "Admin Foto");
  await request.dispose();
  await server.stop({ keepData: true });

  const handle = await openDatabase({ dataDir: path.join(server.dataDir, "pglite") });
  try {
    await handle.db
      .update(menuItems)
      .set({ gambar: missing("menu") })
      .where(eq(menuItems.id, "es-nyala"));
    await handle.db
      .update(promos)
      .set({ image: missing("promo") })
      .where(eq(promos.title, "Paket Hemat Pelajar"));
    await handle.db
      .update(slides)
      .set({ image: missing("slide") })
      .where(eq(slides.title, "Mie Nyala Level 1"));
  } finally {
    await handle.close();
  }
  server = await startPrivateServer(PORT, ENV, { keepData: true });
  const context = await browser.newContext({ baseURL: server.baseURL, locale: "id-ID" });
  await logIn(await context.newPage(), ADMIN);
  adminState = await context.storageState();
  await context.close();
});

test.afterAll(async () => {
  await server?.stop();
});

async function expectPlaceholder(picture: Locator, kind: string) {
  await expect(picture).toHaveAttribute("src", missing(kind));
  await picture.scrollIntoViewIfNeeded();
  await expectPictureLoaded(picture);
}

test("a missing photo shows a placeholder on the menu's cards, the promo cards and the carousel", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 404/);
  await visit(page, "/produk");
  await expectPlaceholder(productCard(page, "Es Nyala").locator("img"), "menu");

  await page.emulateMedia({ reducedMotion: "reduce" });
  await visit(page, "/beranda");
  const slide = page.getByRole("region", { name: "Menu pilihan" }).locator('[aria-roledescription="slide"]');
  await expect(slide.first().locator("h2")).toHaveText("Mie Nyala Level 1");
  await expectPlaceholder(slide.first().locator("img"), "slide");
  const promo = page.getByTestId("promo-card").filter({ hasText: "Paket Hemat Pelajar" });
  await expectPlaceholder(promo.locator("img"), "promo");
});

test("a missing photo shows a placeholder in the admin lists and the edit form", async ({
  browser,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 404/);
  const context = await browser.newContext({
    baseURL: server!.baseURL,
    storageState: adminState,
    locale: "id-ID",
  });
  const admin = await context.newPage();
  await admin.goto("/admin/menu");
  await expectPlaceholder(
    admin.getByTestId("admin-menu-item").filter({ hasText: "Es Nyala" }).locator("img"),
    "menu",
  );
  await admin.goto("/admin/menu?ubah=es-nyala");
  await expectPlaceholder(admin.getByRole("img", { name: "Foto saat ini" }), "menu");
  await admin.goto("/admin/menu-diskon");
  await expectPlaceholder(
    admin.getByTestId("admin-promo").filter({ hasText: "Paket Hemat Pelajar" }).locator("img"),
    "promo",
  );
  await admin.goto("/admin/banner");
  await expectPlaceholder(
    admin.getByTestId("admin-slide").filter({ hasText: "Mie Nyala Level 1" }).locator("img"),
    "slide",
  );
  await context.close();
});
