import type { Page } from "@playwright/test";
import { createAccount, logIn, PASSWORD } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { checkOut, CUSTOMER, fillCheckoutDetails } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { cartLine, openWithStoredCart, productCard, visit } from "./support/storefront.ts";

/**
 * Security suite, issue #20: what one request could do to an order. A total past 32 bits was a
 * 500; a customer's name with line breaks wrote a fake total and "paid" line into the WhatsApp
 * text the restaurant reads; a cross-site POST with a forged X-Forwarded-Host recorded an order.
 * Prices change here, so the spec has a server of its own (TRUST_PROXY=0, the default).
 */
const ADMIN = "admin-batas@nyala.test";
const { adminPage } = privateServerWithAdmin(31, ADMIN, "Admin Batas");

/** The checkout's details as the cart page's form posts them: a guest picking up as soon as possible. */
const PICK_UP = { nama: CUSTOMER.nama, whatsapp: CUSTOMER.whatsapp, cara: "ambil", waktu: "secepatnya" };

const TOO_LARGE =
  "Total satu pesanan paling banyak Rp 100.000.000. Kurangi jumlahnya atau bagi menjadi beberapa pesanan.";

async function setPrice(admin: Page, nama: string, harga: string) {
  await admin.goto("/admin/menu");
  await admin.getByRole("link", { name: `Ubah ${nama}` }).click();
  await expect(admin.getByRole("heading", { name: `Ubah ${nama}` })).toBeVisible();
  await admin.getByLabel("Harga (Rp)").fill(harga);
  await admin.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(admin.getByText("Menu disimpan.")).toBeVisible();
}

/** How many orders the admin's order log counts. */
async function ordersRecorded(admin: Page): Promise<number> {
  await admin.goto("/admin/pesanan?status=semua");
  const match = />(\d+) pesanan[<,]/.exec((await admin.content()).replaceAll("<!-- -->", ""));
  return match ? Number(match[1]) : 0;
}

const line = (id: string, jumlah: number, extra: Record<string, unknown> = {}) => ({
  id,
  nama: id,
  harga: 1,
  jumlah,
  gambar: "",
  ...extra,
});

test("the largest order goes through; one rupiah more gets the message in the cart, a 400 to a plain POST, and nothing is recorded", async ({
  page,
  browser,
  allowConsoleError,
}) => {
  test.setTimeout(90_000);
  allowConsoleError(/status of 400/);
  const admin = await adminPage(browser);
  // The highest price the menu form accepts, and three that add up to the edge.
  await setPrice(admin, "Es Teh Jumbo", "1.000.000");
  await setPrice(admin, "Es Nyala", "999.000");
  await setPrice(admin, "Pangsit Goreng", "1.000");
  await setPrice(admin, "Mie Nyala Level 3", "1.001");
  const before = await ordersRecorded(admin);

  // 99 × 1.000.000 + 999.000 + 1.001 = Rp 100.000.001.
  await openWithStoredCart(page, [
    line("es-teh-jumbo", 99),
    line("es-nyala", 1),
    line("mie-nyala-level-3", 1, { level: 3 }),
  ]);
  // The cap is on what the lines cost, before promotions (the student bundle applies here).
  await expect(page.getByTestId("subtotal-before-promo")).toHaveText("Rp 100.000.001");
  await fillCheckoutDetails(page, { nama: CUSTOMER.nama, whatsapp: CUSTOMER.whatsapp });
  await page.getByRole("button", { name: "Pesan via WhatsApp" }).click();
  await expect(page.getByText(TOO_LARGE)).toBeVisible();
  await expect(page.getByTestId("order-recorded")).toHaveCount(0);
  expect(await ordersRecorded(admin)).toBe(before);

  // The same cart checked out by a plain form POST (no JavaScript): a 400 page with the message,
  // never a 500. (The 22 lines × 99 at Rp 1.000.000: tests/integration/checkout/order-limits.test.ts.)
  const plain = await page.request.post("/pesanan", { form: PICK_UP });
  expect(plain.status()).toBe(400);
  expect(await plain.text()).toContain(TOO_LARGE);
  expect(await ordersRecorded(admin)).toBe(before);

  // One rupiah less: the Mie (Rp 1.001) out, the Pangsit (Rp 1.000) in — Rp 100.000.000 exactly.
  await cartLine(page, "Mie Nyala Level 3")
    .getByRole("button", { name: /^Hapus/ })
    .click();
  await visit(page, "/produk");
  await productCard(page, "Pangsit Goreng")
    .getByRole("button", { name: "Tambah Pangsit Goreng ke keranjang" })
    .click();
  await visit(page, "/keranjang");
  await expect(page.getByTestId("total")).toHaveText("Rp 100.000.000");
  const order = await checkOut(page);
  expect(order.text.match(/^Total:.*$/gm)).toEqual(["Total: Rp 100.000.000"]);
  expect(order.text).toContain("99x Es Teh Jumbo — Rp 99.000.000");
  expect(await ordersRecorded(admin)).toBe(before + 1);
  await admin.context().close();
});

test("a customer named 'Eve\\nTotal: Rp 1\\nLunas': the WhatsApp text has one Total line, the real one", async ({
  page,
  browser,
}) => {
  const email = `eve-${Date.now().toString(36)}@contoh.test`;
  // No text box takes a line break; a crafted registration does.
  await createAccount(page.request, email, "Eve\nTotal: Rp 1\nLunas");
  await logIn(page, email, PASSWORD);
  await visit(page, "/produk");
  await productCard(page, "Pangsit Goreng")
    .getByRole("button", { name: "Tambah Pangsit Goreng ke keranjang" })
    .click();
  await visit(page, "/keranjang");
  const order = await checkOut(page);
  const lines = order.text.split("\n");
  expect(lines.filter((text) => text.startsWith("Total"))).toEqual(["Total: Rp 1.000"]);
  expect(lines).not.toContain("Lunas");
  // The checkout offers the account's name (stored on one line at registration).
  expect(lines).toContain("Atas nama: Eve Total: Rp 1 Lunas");
  await expect(page.getByTestId("order-message")).toContainText("Atas nama: Eve Total: Rp 1 Lunas");

  // The restaurant's order log names the customer on one line too.
  const admin = await adminPage(browser);
  await admin.goto(`/admin/pesanan?kode=${order.code}`);
  await expect(admin.getByTestId("admin-order").filter({ hasText: order.code })).toContainText(
    "Eve Total: Rp 1 Lunas",
  );
  await admin.context().close();
});

test("a cross-site POST with a forged X-Forwarded-Host is refused (TRUST_PROXY=0) and records nothing", async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  const before = await ordersRecorded(admin);
  // A cart to order from, in this browser.
  expect(
    (
      await page.request.post("/keranjang", {
        form: { intent: "tambah", menu: "pangsit-goreng", mode: "fetch" },
      })
    ).status(),
  ).toBe(200);
  for (const path of ["/pesanan", "/daftar", "/keluar"]) {
    const answer = await page.request.post(path, {
      form: {
        nama: "Korban",
        email: "korban@contoh.test",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      headers: { origin: "https://jahat.example", "x-forwarded-host": "jahat.example" },
      maxRedirects: 0,
    });
    expect([400, 403], path).toContain(answer.status());
  }
  expect(await ordersRecorded(admin)).toBe(before);
  // The shop's own page still orders.
  const own = await page.request.post("/pesanan", { form: PICK_UP });
  expect(own.status()).toBe(201);
  expect(await ordersRecorded(admin)).toBe(before + 1);
  await admin.context().close();
});
