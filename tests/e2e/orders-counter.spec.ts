import { expect, test } from "./support/fixtures.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";

/**
 * Issue #25 items 1–2 end to end (docs/decisions/0039-hand-orders-and-edits.md): the staff take
 * an order by hand, the customer opens its page from the WhatsApp link, the staff change the
 * order and the customer's page shows _Pesanan diubah_ without a reload; the board marks it
 * Kasir and changed, the report counts it as kasir. A server of its own: the report's figures
 * must be this spec's orders only.
 */
const ADMIN = "admin-kasir@nyala.test";
const { adminPage } = privateServerWithAdmin(47, ADMIN, "Admin Kasir");

test("a hand order and its edit reach the customer's page live, the board and the report", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await adminPage(browser);
  await admin.goto("/admin/pesanan");
  await admin.getByTestId("hand-order-link").click();
  await expect(admin).toHaveURL(/\/admin\/pesanan\/kasir$/);

  const rows = admin.getByTestId("order-line-row");
  await rows.nth(0).getByLabel("Menu baris 1").selectOption("mie-nyala-level-1");
  await rows.nth(0).getByLabel("Jumlah").fill("2");
  await rows.nth(0).getByLabel("Catatan").fill("tanpa sayur");
  await rows.nth(1).getByLabel("Menu baris 2").selectOption("es-teh-jumbo");
  await admin.getByLabel("Nama").fill("Pak Budi");
  await admin.getByLabel("Nomor WhatsApp (opsional)").fill("0813-5555-6666");
  await admin.getByRole("button", { name: "Catat pesanan kasir" }).click();

  const recorded = admin.getByTestId("hand-order-recorded");
  await expect(recorded).toContainText(/Pesanan kasir NY-\w+ dicatat/);
  const code = /NY-\w+/.exec((await recorded.textContent()) ?? "")![0];
  const chat = new URL((await admin.getByTestId("hand-order-chat").getAttribute("href"))!);
  expect(chat.origin + chat.pathname).toBe("https://wa.me/6281355556666");
  const link = /https?:\/\/\S+\/pesanan\/NY-\w+\?kunci=[\w-]{32}/.exec(chat.searchParams.get("text")!)![0];

  // Another tab marks it paid: this page refreshes live, and what it answered stays on it.
  const refreshed = admin.waitForResponse(
    (response) => response.request().method() === "GET" && new URL(response.url()).pathname.endsWith(".data"),
  );
  const till = await admin.context().newPage();
  await till.goto("/admin/pesanan");
  const tillCard = till.locator(`[data-testid="admin-order"][data-code="${code}"]`);
  await tillCard.getByRole("button", { name: /^Tandai lunas/ }).click();
  await expect(tillCard.getByTestId("order-paid-state")).toHaveText("Lunas");
  await refreshed;
  await expect(recorded).toContainText(`Pesanan kasir ${code} dicatat`);
  await expect(admin.getByTestId("hand-order-chat")).toBeVisible();
  await till.close();

  // The customer opens the link from the chat.
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page).toHaveURL(new RegExp(`/pesanan/${code}$`));
  await expect(page.getByTestId("order-live")).toHaveText("Diperbarui otomatis");
  await expect(page.getByTestId("order-changed")).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { mark: string }).mark = "tetap"));

  // On the board: marked Kasir; the staff change it from the order's page.
  await admin.goto("/admin/pesanan");
  const card = admin.locator(`[data-testid="admin-order"][data-code="${code}"]`);
  await expect(card.getByTestId("order-source")).toHaveText("Kasir");
  await card.getByRole("link", { name: "Ubah pesanan" }).click();
  const edit = admin.getByTestId("order-edit");
  await edit.getByTestId("order-line-row").nth(0).getByLabel("Jumlah").fill("1");
  await edit.getByRole("button", { name: "Simpan perubahan" }).click();
  const answer = edit.getByTestId("order-edit-answer");
  await expect(answer).toContainText(`Pesanan ${code} diubah (versi 2)`);
  const total = /Total kini (Rp [\d.]*\d)/.exec((await answer.textContent()) ?? "")![1]!;

  // The customer's page, live: what changed and the new total, its lines reloaded.
  const changed = page.getByTestId("order-changed");
  await expect(changed).toContainText("Pesanan diubah");
  await expect(changed).toContainText("Mie Nyala Level 1: 2x → 1x");
  await expect(page.getByTestId("order-changed-total")).toContainText(`Total baru: ${total}`);
  await expect(page.getByText("1x Mie Nyala Level 1")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("tetap");

  // The kitchen takes it up: a sale from the counter in the report.
  await admin.goto("/admin/pesanan");
  await expect(card.getByTestId("order-changed")).toHaveText("Diubah · versi 2");
  await card.getByRole("button", { name: `Terima pesanan ${code}` }).click();
  await expect(card.getByTestId("order-status")).toHaveText("Diterima");
  await admin.goto("/admin/laporan");
  await expect(admin.getByTestId("report-source-kasir")).toContainText(`1 pesanan · ${total}`);
  await expect(admin.getByTestId("report-source-online")).toContainText("0 pesanan");
  await admin.context().close();
});
