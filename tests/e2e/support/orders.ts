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

/** Picks `level` in the spice-level dialog that the add button opened. */
export async function chooseLevel(page: Page, level: number) {
  const dialog = page.getByRole("dialog", { name: "Pilih level pedas" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: new RegExp(`^Level ${level} `) }).check();
  await dialog.getByRole("button", { name: "Tambah ke keranjang" }).click();
  await expect(dialog).toBeHidden();
}

export interface CheckedOut {
  code: string;
  /** The text of the WhatsApp tab's link, decoded. */
  text: string;
  number: string;
}

/** Taps "Pesan via WhatsApp" in /keranjang and reads the order code and the WhatsApp tab's text. */
export async function checkOut(page: Page): Promise<CheckedOut> {
  await stubWhatsApp(page.context());
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
