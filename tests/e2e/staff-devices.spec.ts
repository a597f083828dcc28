import type { Browser, Page } from "@playwright/test";
import { createAccount, logIn } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { checkOut, chooseLevel, fillCheckoutDetails } from "./support/orders.ts";
import { productCard, visit } from "./support/storefront.ts";

/**
 * Issue #34 items 2–3 at 390 px (docs/decisions/0058-staff-and-devices.md): the owner invites a
 * cashier, who opens the one-time link on their own phone, sets a password and lands on the board;
 * the owner pairs a kitchen tablet, which types the code and sees the board's cards without prices.
 */
const OWNER = "pemilik-perangkat@nyala.test"; // in the e2e server's ADMIN_EMAILS
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

const newPhone = async (browser: Browser, baseURL: string | undefined): Promise<Page> =>
  (await browser.newContext({ baseURL, viewport: PHONE, locale: "id-ID" })).newPage();

test("the owner invites a cashier and pairs a kitchen tablet, which sees the board without prices", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  await createAccount(request, OWNER, "Pemilik Staf");
  const owner = await newPhone(browser, baseURL);
  await logIn(owner, OWNER);

  // A customer's order, so the boards have a card to show.
  await visit(page, "/produk");
  await productCard(page, "Mie Nyala").getByRole("button", { name: "Tambah Mie Nyala ke keranjang" }).click();
  await chooseLevel(page, 2);
  await visit(page, "/keranjang");
  await fillCheckoutDetails(page, { nama: "Rina Papan", whatsapp: "0813-7777-8888" });
  const { code } = await checkOut(page);

  // The owner adds a cashier: a one-time link and its QR on the owner's screen.
  await owner.goto("/admin/staf");
  await owner.getByLabel("Nama staf").fill("Ani Kasir");
  await owner.getByLabel("Peran", { exact: true }).selectOption("kasir");
  await owner.getByRole("button", { name: "Tambah staf" }).click();
  const invitation = owner.getByTestId("undangan");
  await expect(invitation.getByRole("img", { name: /Kode QR/ })).toBeVisible();
  await expect(invitation).toContainText("ani.kasir@staf.internal");
  const link = new URL((await invitation.getByTestId("undangan-tautan").getAttribute("href"))!);
  await expect(owner.locator('[data-staf="Ani Kasir"]')).toContainText("Belum membuat kata sandi");

  // The cashier's phone: sets a password and is on the board, signed in.
  const cashier = await newPhone(browser, baseURL);
  await cashier.goto(link.pathname);
  await expect(cashier.getByRole("heading", { name: "Selamat datang, Ani Kasir" })).toBeVisible();
  await cashier.getByLabel("Kata sandi", { exact: true }).fill("kasirani1");
  await cashier.getByLabel("Konfirmasi kata sandi", { exact: true }).fill("kasirani1");
  await cashier.getByRole("button", { name: "Simpan kata sandi dan masuk" }).click();
  await cashier.waitForURL("**/admin/pesanan");
  // The cashier's card has the total the kitchen's must not.
  await expect(cashier.locator(`[data-testid="admin-order"][data-code="${code}"]`)).toContainText("Rp");

  // The link was used: opening it again says so.
  const replay = await cashier.goto(link.pathname);
  expect(replay?.status()).toBe(410);
  await expect(cashier.getByTestId("undangan-tidak-berlaku")).toContainText("sudah dipakai");

  // The owner pairs the kitchen tablet: a 6-digit code and its QR.
  await owner.goto("/admin/perangkat");
  await owner.getByLabel("Nama perangkat").fill("Tablet dapur");
  await owner.getByLabel("Peran", { exact: true }).selectOption("dapur");
  await owner.getByRole("button", { name: "Buat kode pasang" }).click();
  const pairing = owner.getByTestId("kode-pasang");
  await expect(pairing.getByRole("img", { name: /Kode QR/ })).toBeVisible();
  const pairingCode = (await pairing.getByTestId("kode-pasang-kode").textContent())!.trim();
  expect(pairingCode).toMatch(/^\d{6}$/);

  // The tablet types it and shows the board: the order's card, without a price.
  const tablet = await newPhone(browser, baseURL);
  await tablet.goto("/perangkat");
  await tablet.getByLabel("Kode pasang").fill(pairingCode);
  await tablet.getByRole("button", { name: "Pasang perangkat ini" }).click();
  await tablet.waitForURL("**/admin/pesanan");
  const card = tablet.locator(`[data-testid="admin-order"][data-code="${code}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText("1x Mie Nyala Level 2");
  await expect(tablet.locator("main")).not.toContainText("Rp");
  // A device has no profile page in its menu.
  await tablet.getByRole("button", { name: /Menu profil/ }).click();
  await expect(tablet.getByRole("link", { name: "Profil", exact: true })).toHaveCount(0);

  // The owner sees it and revokes it: the tablet's next request is a visitor's.
  await owner.goto("/admin/perangkat");
  await expect(owner.locator('[data-perangkat="Tablet dapur"]')).toBeVisible();
  // One tap opens the question; nothing is revoked until the second.
  await owner.locator("summary", { hasText: "Cabut Tablet dapur" }).click();
  await expect(owner.getByText("Cabut Tablet dapur? Perangkat ini langsung keluar.")).toBeVisible();
  await owner.getByRole("button", { name: "Ya, cabut" }).click();
  await expect(owner.getByTestId("perangkat-pesan")).toHaveText("Perangkat dicabut dan sesinya diakhiri.");
  expect((await tablet.goto("/admin/pesanan"))?.status()).toBe(401);
});
