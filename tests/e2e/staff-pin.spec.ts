import type { Browser, Page } from "@playwright/test";
import { createAccount, logIn } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { checkOut, chooseLevel, fillCheckoutDetails } from "./support/orders.ts";
import { productCard, visit } from "./support/storefront.ts";

/**
 * Issue #34 item 4 at 390 px (docs/decisions/0059-pin-for-risky-taps.md): the owner sets a PIN; the
 * cashier's cancel on the board asks for it, a wrong PIN is refused and the order stays, the right one
 * cancels it.
 */
const OWNER = "pemilik-pin@nyala.test";
const OWNER_PIN = "5820";
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

const newPhone = async (browser: Browser, baseURL: string | undefined): Promise<Page> =>
  (await browser.newContext({ baseURL, viewport: PHONE, locale: "id-ID" })).newPage();

test("the cashier's cancel asks for the owner's PIN: a wrong one is refused, the right one cancels", async ({
  page,
  browser,
  baseURL,
  request,
  allowConsoleError,
}) => {
  test.setTimeout(120_000);
  // The refused PINs are 4xx answers to the board's fetch.
  allowConsoleError(/status of (400|403)/);
  await createAccount(request, OWNER, "Bu Pemilik PIN");
  const owner = await newPhone(browser, baseURL);
  await logIn(owner, OWNER);

  // The owner's PIN: a trivial one is refused, then one is kept.
  await owner.goto("/admin/pengaturan");
  const pinForm = owner.getByTestId("pin-saya");
  await expect(pinForm).toContainText("Anda belum mengatur PIN.");
  await pinForm.getByLabel("PIN baru (4–6 angka)").fill("1234");
  await pinForm.getByLabel("Ulangi PIN baru").fill("1234");
  await pinForm.getByRole("button", { name: "Simpan PIN" }).click();
  await expect(owner.getByTestId("pin-pesan")).toContainText("terlalu mudah ditebak");
  await pinForm.getByLabel("PIN baru (4–6 angka)").fill(OWNER_PIN);
  await pinForm.getByLabel("Ulangi PIN baru").fill(OWNER_PIN);
  await pinForm.getByRole("button", { name: "Simpan PIN" }).click();
  await expect(owner.getByTestId("pin-pesan")).toContainText("PIN disimpan.");

  // A customer's order for the board.
  await visit(page, "/produk");
  await productCard(page, "Mie Nyala").getByRole("button", { name: "Tambah Mie Nyala ke keranjang" }).click();
  await chooseLevel(page, 1);
  await visit(page, "/keranjang");
  await fillCheckoutDetails(page, { nama: "Rina Batal", whatsapp: "0813-5555-6666" });
  const { code } = await checkOut(page);

  // A cashier, invited by the owner, on their own phone.
  await owner.goto("/admin/staf");
  await owner.getByLabel("Nama staf").fill("Dewi Kasir");
  await owner.getByLabel("Peran", { exact: true }).selectOption("kasir");
  await owner.getByRole("button", { name: "Tambah staf" }).click();
  const link = new URL(
    (await owner.getByTestId("undangan").getByTestId("undangan-tautan").getAttribute("href"))!,
  );
  const cashier = await newPhone(browser, baseURL);
  await cashier.goto(link.pathname);
  await cashier.getByLabel("Kata sandi", { exact: true }).fill("kasirdewi1");
  await cashier.getByLabel("Konfirmasi kata sandi", { exact: true }).fill("kasirdewi1");
  await cashier.getByRole("button", { name: "Simpan kata sandi dan masuk" }).click();
  await cashier.waitForURL("**/admin/pesanan");

  // The cashier's cancel asks for the owner's PIN.
  const card = cashier.locator(`[data-testid="admin-order"][data-code="${code}"]`);
  await card.locator("summary", { hasText: `Batalkan pesanan ${code}` }).click();
  await card.getByLabel("Alasan pembatalan (dibaca pelanggan)").fill("Menu yang dipesan sedang habis.");
  const pin = card.getByLabel("PIN pemilik atau admin");
  await expect(pin).toBeVisible();
  await pin.fill("9753");
  await card.getByRole("button", { name: `Ya, batalkan pesanan ${code}` }).click();
  await expect(card.getByRole("alert")).toHaveText("PIN salah.");
  await expect(card.getByTestId("order-status")).toHaveText("Baru");

  await pin.fill(OWNER_PIN);
  await card.getByRole("button", { name: `Ya, batalkan pesanan ${code}` }).click();
  await expect(card).toHaveCount(0);
  await cashier.goto(`/admin/pesanan/${code}`);
  await expect(cashier.getByTestId("admin-order-status")).toHaveText("Dibatalkan");

  // The change log names both the cashier and the owner whose PIN was used.
  await owner.goto("/admin/log-perubahan");
  await expect(owner.locator("main")).toContainText(`oleh Dewi Kasir dengan PIN Bu Pemilik PIN`);
});
