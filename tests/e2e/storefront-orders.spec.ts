import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import {
  checkOut,
  chooseLevel,
  CUSTOMER,
  fillCheckoutDetails,
  messageTail,
  stubWhatsApp,
} from "./support/orders.ts";
import {
  BRAND,
  cartLine,
  expectNavCount,
  openWithStoredCart,
  productCard,
  serverCart,
  storedCart,
  visit,
  waLink,
} from "./support/storefront.ts";

const addButton = (page: Page, nama: string) =>
  productCard(page, nama).getByRole("button", { name: `Tambah ${nama} ke keranjang` });
const levelLine = (page: Page, nama: string, level: number) =>
  cartLine(page, nama).and(page.locator(`[data-level="${level}"]`));
const picker = (page: Page) => page.getByRole("dialog", { name: "Pilih level pedas" });
/** A cart holding one Pangsit Goreng, on the cart page, with WhatsApp stubbed. */
async function cartWithPangsit(page: Page) {
  await stubWhatsApp(page.context());
  await visit(page, "/produk");
  await addButton(page, "Pangsit Goreng").click();
  await visit(page, "/keranjang");
}

test("spice level and note: chosen per line, shown in the cart, carried by the recorded order's message", async ({
  page,
  context,
}) => {
  // A long flow (three dishes, levels, notes, a reload, the checkout): about 20 s alone, past the
  // default 30 s when the machine is loaded.
  test.setTimeout(60_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await visit(page, "/produk");

  // The dish's levels, each its own item and price (decision 0023); the card's own is chosen
  // first; cancelling adds nothing.
  await addButton(page, "Mie Nyala").click();
  await expect(picker(page).getByRole("radio")).toHaveCount(3);
  await expect(picker(page)).toContainText("Mie Nyala Level 1 · Sedikit pedas");
  await expect(picker(page)).toContainText("Mie Nyala Level 3 · Pedas");
  await expect(picker(page).getByRole("radio", { name: /Mie Nyala Level 1 / })).toBeChecked();
  await picker(page).getByRole("button", { name: "Batal" }).click();
  await expect(picker(page)).toBeHidden();
  await expectNavCount(page, 0);
  await addButton(page, "Mie Nyala").click();
  await page.keyboard.press("Escape");
  await expect(picker(page)).toBeHidden();
  await expectNavCount(page, 0);

  // Two levels are two lines, each the level's own item; the same level again adds to its line.
  await addButton(page, "Mie Nyala").click();
  await chooseLevel(page, 3);
  await addButton(page, "Mie Nyala").click();
  await chooseLevel(page, 1);
  await addButton(page, "Mie Nyala").click();
  await chooseLevel(page, 3);
  await addButton(page, "Es Nyala").click();
  await expect(picker(page)).toBeHidden(); // a drink has no level
  await expectNavCount(page, 4);

  await visit(page, "/keranjang");
  await expect(page.getByTestId("cart-line")).toHaveCount(3);
  await expect(levelLine(page, "Mie Nyala Level 3", 3).getByTestId("quantity")).toHaveText("2");
  await expect(levelLine(page, "Mie Nyala Level 1", 1).getByTestId("quantity")).toHaveText("1");
  await expect(levelLine(page, "Mie Nyala Level 3", 3).getByLabel("Level pedas")).toHaveValue("3");
  await expect(cartLine(page, "Es Nyala").getByLabel("Level pedas")).toHaveCount(0);

  const note = levelLine(page, "Mie Nyala Level 3", 3).getByLabel("Catatan");
  await note.fill("tanpa sayur, kuah dipisah");
  await expect(note).toHaveAttribute("maxlength", "100");
  await cartLine(page, "Es Nyala").getByLabel("Catatan").fill("x".repeat(120));
  await expect(cartLine(page, "Es Nyala").getByLabel("Catatan")).toHaveValue("x".repeat(100));
  await cartLine(page, "Es Nyala").getByLabel("Catatan").fill("es sedikit");
  // Reloaded before the typing paused: both notes come back and go with a checkout tapped at once.
  await page.reload();
  await expect(note).toHaveValue("tanpa sayur, kuah dipisah");
  await expect(cartLine(page, "Es Nyala").getByLabel("Catatan")).toHaveValue("es sedikit");

  const order = await checkOut(page);
  const expected = [
    `Halo ${BRAND}, saya ingin memesan:`,
    `Kode pesanan: ${order.code}`,
    "2x Mie Nyala Level 3 — Rp 24.000",
    "   Pedas",
    "   Catatan: tanpa sayur, kuah dipisah",
    "1x Mie Nyala Level 1 — Rp 10.000",
    "   Sedikit pedas",
    "1x Es Nyala — Rp 8.000",
    "   Catatan: es sedikit",
    "Subtotal: Rp 42.000",
    "Promo Paket Hemat Pelajar: -Rp 3.000",
    "Total: Rp 39.000",
    ...(await messageTail(page, order)),
  ].join("\n");
  expect(order.text).toBe(expected);
  await expect(page.getByTestId("order-message")).toHaveText(expected);
  await expect(page.getByRole("link", { name: "Buka WhatsApp" })).toHaveAttribute("href", waLink(expected));

  await page.getByRole("button", { name: "Salin pesan" }).click();
  await expect(page.getByText("Pesan disalin. Tempel di chat WhatsApp kami.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  // The cart stays until the customer says the message was sent.
  await expectNavCount(page, 4);
  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();
  await expect(page.getByTestId("order-sent")).toContainText(order.code);
  await expect(page.getByText("Keranjang kosong")).toBeVisible();
  await expectNavCount(page, 0);
  await expect.poll(() => serverCart(page)).toEqual([]);
});

test("the level picker works wherever there is an add button: / and /beranda", async ({ page }) => {
  await visit(page, "/");
  await addButton(page, "Mie Nyala Level 3").click();
  await chooseLevel(page, 2);
  await visit(page, "/beranda");
  await addButton(page, "Mie Nyala").click();
  await chooseLevel(page, 1);
  await addButton(page, "Es Teh Jumbo").click();
  await visit(page, "/keranjang");
  // Two noodles of any level make the Es Teh Jumbo free (the seeded promo).
  await expect(levelLine(page, "Mie Nyala Level 2", 2)).toBeVisible();
  await expect(levelLine(page, "Mie Nyala Level 1", 1)).toBeVisible();
  await expect(page.getByTestId("subtotal-before-promo")).toHaveText("Rp 26.000");
  await expect(page.getByTestId("total")).toHaveText("Rp 21.000");
});

test("a cart stored before level families: a level picked for another item is flagged, never repriced, until a level is chosen", async ({
  page,
}) => {
  await openWithStoredCart(page, [
    { id: "mie-nyala-level-2", nama: "Mie Nyala Level 2", harga: 11_000, jumlah: 2, level: 4, gambar: "" },
    { id: "pangsit-goreng", nama: "Pangsit Goreng", harga: 9_000, jumlah: 1, gambar: "" },
  ]);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  const mie = cartLine(page, "Mie Nyala Level 2");
  await expect(mie).toContainText("Level 4 dipilih sebelum tiap level punya menu dan harganya sendiri.");
  await expect(page.getByRole("button", { name: "Pesan via WhatsApp" })).toBeDisabled();
  await mie.getByLabel("Level pedas").selectOption("3");
  const moved = cartLine(page, "Mie Nyala Level 3");
  await expect(moved.getByTestId("subtotal")).toHaveText("Rp 24.000");
  const order = await checkOut(page);
  expect(order.text).toContain(
    "\n2x Mie Nyala Level 3 — Rp 24.000\n   Pedas\n1x Pangsit Goreng — Rp 9.000\n",
  );
  await expect
    .poll(() => serverCart(page))
    .toEqual([
      { nama: "Mie Nyala Level 3", harga: 12_000, jumlah: 2, level: 3 },
      { nama: "Pangsit Goreng", harga: 9_000, jumlah: 1 },
    ]);
  expect(await storedCart(page)).toBeNull();
});

test("where the browser opens no new tab, the recorded order offers the WhatsApp link as a second tap", async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.open = () => null; // a popup blocker, or an in-app browser
  });
  await cartWithPangsit(page);
  await fillCheckoutDetails(page, { nama: CUSTOMER.nama, whatsapp: CUSTOMER.whatsapp });
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  const code = (await page.getByTestId("order-code").textContent()) ?? "";
  expect(code).toMatch(/^NY-/);
  await expect(page.getByTestId("order-recorded")).toContainText("Ketuk Buka WhatsApp");
  const link = page.getByRole("link", { name: "Buka WhatsApp" });
  const href = (await link.getAttribute("href")) ?? "";
  expect(new URL(href).searchParams.get("text")).toContain(
    `Kode pesanan: ${code}\n1x Pangsit Goreng — Rp 9.000`,
  );
  const popupPromise = page.waitForEvent("popup");
  await link.click();
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/wa\.me\/6281234567890\?text=/);
  // Changing the cart after recording makes the next tap record a new order.
  await page.getByRole("button", { name: "Belum, ubah pesanan" }).click();
  await page.getByRole("button", { name: "Tambah Pangsit Goreng", exact: true }).click();
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(page.getByTestId("order-code")).not.toHaveText(code);
  await expect(page.getByTestId("order-message")).toContainText("2x Pangsit Goreng — Rp 18.000");
});

test("checkout details with JavaScript: checked in the page before anything is recorded, carried by the message, remembered for the next order", async ({
  page,
}) => {
  await cartWithPangsit(page);
  const details = page.getByTestId("checkout-details");

  // Nothing filled in: the fields say what is missing, the first one takes the focus, no order.
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(details.getByTestId("details-alert")).toHaveText("Isi nama pemesan.");
  await expect(details.getByTestId("error-nama")).toHaveText("Isi nama pemesan.");
  await expect(details.getByTestId("error-whatsapp")).toHaveText(
    "Isi nomor WhatsApp-mu agar kami bisa mengabarimu.",
  );
  await expect(details.getByLabel("Nama", { exact: true })).toBeFocused();
  await expect(page.getByTestId("order-recorded")).toHaveCount(0);

  // Delivery: its address and landmark appear and are asked for; the table is not.
  await fillCheckoutDetails(page, { nama: CUSTOMER.nama, whatsapp: "+62 812 3456 7890", cara: "Diantar" });
  await expect(details.getByLabel("Alamat pengantaran")).toBeVisible();
  await expect(details.getByLabel(/Nomor meja/)).toBeHidden();
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(details.getByTestId("error-alamat")).toHaveText("Isi alamat pengantaran.");
  await expect(details.getByTestId("error-nama")).toHaveCount(0);
  await expect(page.getByTestId("order-recorded")).toHaveCount(0);

  // A time slot instead of "as soon as possible": the first one offered.
  await fillCheckoutDetails(page, { alamat: "Jl. Mawar No. 5", patokan: "pagar hijau" });
  const slot = details.getByLabel("Waktu").locator("option").nth(1);
  const slotLabel = (await slot.textContent()) ?? "";
  expect(slotLabel).toMatch(/\d\d\.\d\d$/);
  await details.getByLabel("Waktu").selectOption({ index: 1 });
  const order = await checkOut(page);
  const lines = order.text.split("\n");
  expect(lines).toContain(`Atas nama: ${CUSTOMER.nama}`);
  expect(lines).toContain(`WhatsApp: ${CUSTOMER.display}`);
  expect(lines).toContain("Cara: Diantar");
  expect(lines).toContain("Alamat: Jl. Mawar No. 5 (patokan: pagar hijau)");
  expect(lines.find((line) => line.startsWith("Waktu: "))).toMatch(/^Waktu: .+\d\d\.\d\d$/);
  await expect(page.getByRole("link", { name: `Lihat status pesanan ${order.code}` })).toHaveAttribute(
    "href",
    `/pesanan/${order.code}`,
  );

  // Sent; the next visit to the cart offers the same details again (this browser remembers them).
  await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();
  await expect(page.getByTestId("order-sent")).toContainText(order.code);
  await visit(page, "/produk");
  await addButton(page, "Pangsit Goreng").click();
  await visit(page, "/keranjang");
  await expect(details.getByLabel("Nama", { exact: true })).toHaveValue(CUSTOMER.nama);
  await expect(details.getByLabel("Nomor WhatsApp")).toHaveValue(CUSTOMER.display);
  await expect(details.getByRole("radio", { name: /^Diantar/ })).toBeChecked();
  await expect(details.getByLabel("Alamat pengantaran")).toHaveValue("Jl. Mawar No. 5");
});

test("a checkout tapped while a line's change is on its way is sent once the change is in: the order has it", async ({
  page,
}) => {
  await cartWithPangsit(page);
  await fillCheckoutDetails(page, { nama: CUSTOMER.nama, whatsapp: CUSTOMER.whatsapp });
  // The change reaches the server only after the checkout's tap.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/keranjang*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Tambah Pangsit Goreng", exact: true }).click();
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  release();
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  expect(new URL(popup.url()).searchParams.get("text")).toContain("\n2x Pangsit Goreng — Rp 18.000\n");
  await expect(page.getByTestId("order-message")).toContainText("2x Pangsit Goreng — Rp 18.000");
});
