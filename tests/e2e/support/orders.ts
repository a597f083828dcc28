import { expect, type BrowserContext, type Page } from "@playwright/test";

/**
 * wa.me answered by a local stand-in, so a checkout's WhatsApp tab can open without leaving the
 * machine (the fixtures fail any other request to another host).
 */
export async function stubWhatsApp(context: BrowserContext) {
  await context.route(
    (url) => url.hostname === "wa.me",
    (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>WhatsApp</title><p>WhatsApp</p>",
      }),
  );
}

/**
 * Picks `level` in the spice-level dialog that the add button opened: each level is its own menu
 * item (`Mie Nyala Level 3 · Pedas …`, decision 0023), added at its own price.
 */
export async function chooseLevel(page: Page, level: number) {
  const dialog = page.getByRole("dialog", { name: "Pilih level pedas" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: new RegExp(`Level ${level} `) }).check();
  await dialog.getByRole("button", { name: "Tambah ke keranjang" }).click();
  await expect(dialog).toBeHidden();
}

export interface CheckedOut {
  code: string;
  /** The text of the WhatsApp tab's link, decoded. */
  text: string;
  number: string;
}

/** Who checks out in the tests unless a test says otherwise: a guest picking up as soon as possible. */
export const CUSTOMER = { nama: "Pelanggan Uji", whatsapp: "0812-3456-7890", display: "+62 812-3456-7890" };

/**
 * Fills the checkout's details in /keranjang. Only the fields given are changed; a form that a
 * previous order already filled (remembered details) is left as it is otherwise.
 */
export async function fillCheckoutDetails(
  page: Page,
  details: {
    nama?: string;
    whatsapp?: string;
    cara?: "Ambil sendiri" | "Diantar" | "Makan di tempat";
    alamat?: string;
    patokan?: string;
    meja?: string;
    waktu?: string;
  } = {},
) {
  const form = page.getByTestId("checkout-details");
  if (details.nama !== undefined) await form.getByLabel("Nama", { exact: true }).fill(details.nama);
  if (details.whatsapp !== undefined) await form.getByLabel("Nomor WhatsApp").fill(details.whatsapp);
  if (details.cara) await form.getByRole("radio", { name: new RegExp(`^${details.cara}`) }).check();
  if (details.alamat !== undefined) await form.getByLabel("Alamat pengantaran").fill(details.alamat);
  if (details.patokan !== undefined) await form.getByLabel("Patokan").fill(details.patokan);
  if (details.meja !== undefined) await form.getByLabel(/Nomor meja/).fill(details.meja);
  if (details.waktu) await form.getByLabel("Waktu").selectOption({ label: details.waktu });
}

/** The order page's link the message ends with (its secret is random: checked by its form). */
export function orderLinkOf(text: string, code: string): string {
  const link = /^Lihat pesanan: (.+)$/m.exec(text)?.[1] ?? "";
  expect(link).toMatch(new RegExp(`^https?://[^/]+/pesanan/${code}\\?kunci=[A-Za-z0-9_-]{32}$`));
  return link;
}

/**
 * The message's lines after the total for CUSTOMER picking up as soon as possible: name,
 * number, how, when, the closed note when the store is closed, and the order page's link.
 */
export async function messageTail(page: Page, order: CheckedOut): Promise<string[]> {
  return [
    `Atas nama: ${CUSTOMER.nama}`,
    `WhatsApp: ${CUSTOMER.display}`,
    "Cara: Ambil sendiri",
    "Waktu: Secepatnya",
    "Bayar: Tunai",
    ...(await closedNoteLines(page)),
    `Lihat pesanan: ${orderLinkOf(order.text, order.code)}`,
  ];
}

/**
 * Taps "Pesan via WhatsApp" in /keranjang and reads the order code and the WhatsApp tab's text.
 * A name or number not filled yet is CUSTOMER's.
 */
export async function checkOut(page: Page): Promise<CheckedOut> {
  await stubWhatsApp(page.context());
  const form = page.getByTestId("checkout-details");
  // A signed-in customer's name is offered from the account; the number only after an order.
  if ((await form.getByLabel("Nama", { exact: true }).inputValue()) === "")
    await fillCheckoutDetails(page, { nama: CUSTOMER.nama });
  if ((await form.getByLabel("Nomor WhatsApp").inputValue()) === "")
    await fillCheckoutDetails(page, { whatsapp: CUSTOMER.whatsapp });
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  // The answer and its "sent?" question are brought into view, whatever the cart's length.
  await expect(page.getByRole("heading", { name: "Pesanan tercatat" })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("button", { name: "Ya, sudah terkirim" })).toBeInViewport({ ratio: 1 });
  const code = (await page.getByTestId("order-code").textContent()) ?? "";
  expect(code).toMatch(/^NY-[34679ACDEFGHJKMNPQRTUVWXY]{4}$/);
  const url = new URL(popup.url());
  expect([...url.searchParams.keys()]).toEqual(["text"]);
  await popup.close();
  return { code, text: url.searchParams.get("text") ?? "", number: url.pathname.slice(1) };
}

/**
 * The message's last line while the store is closed (the test may run at any hour): taken from
 * the page's own notice, so an open store expects no extra line and a closed one the exact text.
 */
export async function closedNoteLines(page: Page): Promise<string[]> {
  const notice = page.getByTestId("store-closed");
  if ((await notice.count()) === 0) return [];
  const text = (await notice.textContent()) ?? "";
  const match = /Buka lagi (.+?) pukul (\d\d\.\d\d)\./.exec(text);
  if (!match) return ["Toko sedang tutup: pesanan ini akan diproses saat toko buka kembali."];
  return [`Toko sedang tutup: pesanan ini akan diproses saat buka ${match[1]} pukul ${match[2]}.`];
}
