import type { Browser, Page } from "@playwright/test";
import { createAccount, logIn, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";

/**
 * Staff roles in Chromium (docs/decisions/0056-staff-roles.md): the owner makes a cook and a
 * cashier on /admin/users; each lands on the board and sees only their role's pages; the cook's
 * board shows no price and no way to cancel or mark paid; a page outside the role is refused inside
 * the admin frame; a demotion closes the cashier's open board within 2 s.
 */
const OWNER = "pemilik-staf@nyala.test"; // in the e2e server's ADMIN_EMAILS
const EXPECTED_4XX = /status of (401|403)/;

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logIn(page, email);
  return page;
}

async function setRole(owner: Page, email: string, label: string) {
  await owner.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  const row = owner.locator(`tr[data-user-email="${email}"]`);
  await row.getByLabel(/^Peran /).selectOption({ label });
  await row.getByRole("button", { name: /^Simpan/ }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Peran disimpan." })).toBeVisible();
}

const sidebarLinks = (page: Page) =>
  page.getByRole("navigation", { name: "Navigasi admin" }).locator("ul > li > a > span:first-child");

test("the owner makes a cook and a cashier: each sees their role's board and pages only", async ({
  page,
  browser,
  allowConsoleError,
}) => {
  test.setTimeout(150_000);
  allowConsoleError(EXPECTED_4XX);
  const tag = Date.now().toString(36);
  const cook = uniqueEmail(`dapur-${tag}`);
  const cashier = uniqueEmail(`kasir-${tag}`);
  await createAccount(page.request, OWNER, "Pemilik Staf");
  await createAccount(page.request, cook, `Juru Masak ${tag}`);
  await createAccount(page.request, cashier, `Kasir ${tag}`);

  const owner = await signedIn(browser, OWNER);
  // An order on the board, taken at the counter: it has prices and a customer's number.
  await owner.goto("/admin/pesanan/kasir");
  const rows = owner.getByTestId("order-line-row");
  await rows.nth(0).getByLabel("Menu baris 1").selectOption("mie-nyala-level-1");
  await rows.nth(0).getByLabel("Catatan").fill(`tanpa sayur ${tag}`);
  await owner.getByLabel("Nama").fill(`Tamu ${tag}`);
  await owner.getByLabel("Nomor WhatsApp (opsional)").fill("0813-5555-6666");
  await owner.getByRole("button", { name: "Catat pesanan kasir" }).click();
  const recorded = owner.getByTestId("hand-order-recorded");
  await expect(recorded).toContainText(/Pesanan kasir NY-\w+ dicatat/);
  const code = /NY-\w+/.exec((await recorded.textContent()) ?? "")![0];

  await setRole(owner, cook, "Dapur");
  await setRole(owner, cashier, "Kasir");

  // The cook: the board, without prices, the number, cancel or payment; the kitchen ticket only.
  const kitchen = await signedIn(browser, cook);
  await kitchen.goto("/admin");
  await expect(kitchen).toHaveURL("/admin/pesanan");
  await expect(sidebarLinks(kitchen)).toHaveText(["Pesanan", "Pengaturan Notifikasi"]);
  const card = kitchen.locator(`[data-testid="admin-order"][data-code="${code}"]`);
  await expect(card).toContainText(`tanpa sayur ${tag}`);
  await expect(card).toContainText("Mie Nyala");
  await expect(card).not.toContainText("Rp");
  await expect(card).not.toContainText("5555");
  await expect(card.getByRole("button", { name: /Tandai lunas/ })).toHaveCount(0);
  await expect(card.getByText("Batalkan", { exact: false })).toHaveCount(0);
  await expect(card.getByRole("button", { name: /^Terima/ })).toBeVisible();
  await card.getByText("Tampilan cetak (58 / 80 mm)").click();
  await expect(card.getByRole("link", { name: /^Tiket dapur 58 mm/ })).toBeVisible();
  await expect(card.getByRole("link", { name: /^Struk/ })).toHaveCount(0);
  const outlet = await kitchen.goto("/admin/outlet");
  expect(outlet?.status()).toBe(403);
  await expect(kitchen.getByRole("heading", { name: "Akses Ditolak" })).toBeVisible();
  await expect(kitchen.getByText("Halaman ini bukan untuk peranmu.")).toBeVisible();
  await expect(kitchen.getByRole("navigation", { name: "Navigasi admin" })).toBeVisible();
  const struk = await kitchen.request.get(`/admin/pesanan/${code}/cetak/struk/58`);
  expect(struk.status()).toBe(404);

  // The cashier: the board with prices and Tandai lunas, today's figures, not the period report.
  const counter = await signedIn(browser, cashier);
  await counter.goto("/admin");
  await expect(counter).toHaveURL("/admin/pesanan");
  await expect(sidebarLinks(counter)).toHaveText([
    "Dashboard",
    "Pesanan",
    "Notifikasi",
    "Pengaturan Notifikasi",
  ]);
  const counterCard = counter.locator(`[data-testid="admin-order"][data-code="${code}"]`);
  await expect(counterCard).toContainText("Rp");
  await counterCard.getByRole("button", { name: /^Tandai lunas/ }).click();
  await expect(counterCard.getByTestId("order-paid-state")).toHaveText("Lunas");
  expect((await counter.goto("/admin/laporan"))?.status()).toBe(403);
  await expect(counter.getByText("Halaman ini bukan untuk peranmu.")).toBeVisible();
  expect((await counter.goto("/admin/dashboard"))?.status()).toBe(200);
  await expect(counter.getByText("Pengguna terbaru")).toHaveCount(0);

  // Demoted while the board is open: its live connection ends within 2 s.
  await counter.goto("/admin/pesanan");
  await expect(counter.getByTestId("board-live")).toHaveText("Langsung: pesanan baru muncul sendiri");
  await setRole(owner, cashier, "Pelanggan");
  await expect(counter.getByTestId("board-live")).not.toHaveText("Langsung: pesanan baru muncul sendiri", {
    timeout: 2_000,
  });
  expect((await counter.request.get("/admin/pesanan", { maxRedirects: 0 })).status()).toBe(401);
  for (const open of [owner, kitchen, counter]) await open.context().close();
});
