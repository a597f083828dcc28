import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { visit } from "./support/storefront.ts";

/**
 * The contact form, from the storefront to the admin's notifications. The messages reach every
 * admin's inbox, so these tests run against a server of their own (support/private-server.ts).
 */
const ADMIN = "admin-kontak@nyala.test";
const { adminPage } = privateServerWithAdmin(11, ADMIN, "Admin Kontak");

const form = (page: Page) => page.getByRole("form", { name: "Kirim pesan" });

async function fillAndSend(page: Page, values: { nama: string; email: string; pesan: string }) {
  await form(page).getByLabel("Nama").fill(values.nama);
  await form(page).getByLabel("Email").fill(values.email);
  await form(page).getByLabel("Pesan").fill(values.pesan);
  await form(page).getByRole("button", { name: "Kirim pesan" }).click();
}

async function inbox(admin: Page) {
  await admin.goto("/admin/notifikasi-masuk");
  return admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { level: 2 }) });
}

test("the page checks the form with the action's own schema before sending: messages beside the fields, no request, then gone as they are fixed", async ({
  page,
}) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  await visit(page, "/kontak");
  await fillAndSend(page, { nama: "Rina", email: "rina@", pesan: "halo" });
  await expect(form(page).getByText("Format email tidak valid. Contoh: nama@contoh.com")).toBeVisible();
  await expect(form(page).getByText("Pesan terlalu pendek: paling sedikit 10 karakter.")).toBeVisible();
  await expect(form(page).getByLabel("Email")).toBeFocused();
  expect(posts).toEqual([]);
  await form(page).getByLabel("Email").fill("rina@contoh.test");
  await expect(form(page).getByText("Format email tidak valid. Contoh: nama@contoh.com")).toHaveCount(0);
  await expect(form(page).getByText("Pesan terlalu pendek: paling sedikit 10 karakter.")).toBeVisible();
  expect(posts).toEqual([]);
});

test("a message sent from /kontak reaches the admin's notifications with the sender's name and e-mail", async ({
  page,
  browser,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 400/);
  await visit(page, "/kontak");
  // Nothing filled: each field says what it needs.
  await form(page).getByRole("button", { name: "Kirim pesan" }).click();
  await expect(form(page).getByText("Nama wajib diisi.")).toBeVisible();
  await expect(form(page).getByText("Email wajib diisi.")).toBeVisible();
  await expect(form(page).getByText("Pesan wajib diisi.")).toBeVisible();
  await expect(form(page).getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  await fillAndSend(page, {
    nama: "Rina Kurnia",
    email: "rina@contoh.test",
    pesan: "Bisa pesan 40 porsi untuk acara sekolah Sabtu depan?",
  });
  await expect(form(page).getByTestId("contact-sent")).toHaveText(
    "Terima kasih! Pesanmu sudah kami terima dan akan kami balas lewat email.",
  );
  await expect(form(page).getByLabel("Pesan")).toHaveValue("");
  await expect(form(page).getByText("Nama wajib diisi.")).toHaveCount(0);

  const admin = await adminPage(browser);
  const card = (await inbox(admin)).filter({ hasText: "Pesan kontak dari Rina Kurnia" });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(
    "Rina Kurnia (rina@contoh.test) menulis: Bisa pesan 40 porsi untuk acara sekolah Sabtu depan?",
  );
  await expect(card).toContainText("Belum dibaca");
  await admin.context().close();
});

test("without JavaScript the form posts and the page answers: the problems under the fields, then the thanks", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/kontak");
  await fillAndSend(page, { nama: "Budi", email: "budi@", pesan: "Halo" });
  await expect(page).toHaveURL("/kontak");
  await expect(form(page).getByText("Format email tidak valid. Contoh: nama@contoh.com")).toBeVisible();
  await expect(form(page).getByText("Pesan terlalu pendek: paling sedikit 10 karakter.")).toBeVisible();
  // What was typed is kept.
  await expect(form(page).getByLabel("Nama")).toHaveValue("Budi");
  await form(page).getByLabel("Email").fill("budi@contoh.test");
  await form(page).getByLabel("Pesan").fill("Jam berapa tutup pada hari Minggu?");
  await form(page).getByRole("button", { name: "Kirim pesan" }).click();
  await expect(form(page).getByTestId("contact-sent")).toHaveText(
    "Terima kasih! Pesanmu sudah kami terima dan akan kami balas lewat email.",
  );
  await context.close();

  const admin = await adminPage(browser);
  await expect((await inbox(admin)).filter({ hasText: "Pesan kontak dari Budi" })).toContainText(
    "Budi (budi@contoh.test) menulis: Jam berapa tutup pada hari Minggu?",
  );
  await admin.context().close();
});

test("an admin who switched 'Pesan kontak' off is not told", async ({ page, browser }) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/pengaturan-notifikasi");
  const contactSwitch = admin.getByRole("switch", { name: /Pesan kontak/ });
  await expect(contactSwitch).toBeChecked();
  await contactSwitch.uncheck();
  await admin.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(
    admin.getByRole("status").filter({ hasText: "Pengaturan notifikasi disimpan!" }),
  ).toBeVisible();

  await visit(page, "/kontak");
  await fillAndSend(page, {
    nama: "Tidak Didengar",
    email: "diam@contoh.test",
    pesan: "Pesan ini tidak sampai ke admin itu.",
  });
  await expect(form(page).getByTestId("contact-sent")).toContainText("Terima kasih!");
  await expect((await inbox(admin)).filter({ hasText: "Tidak Didengar" })).toHaveCount(0);

  await admin.goto("/admin/pengaturan-notifikasi");
  await contactSwitch.check();
  await admin.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(
    admin.getByRole("status").filter({ hasText: "Pengaturan notifikasi disimpan!" }),
  ).toBeVisible();
  await fillAndSend(page, {
    nama: "Didengar Lagi",
    email: "lagi@contoh.test",
    pesan: "Yang ini sampai lagi, bukan?",
  });
  await expect(form(page).getByTestId("contact-sent")).toContainText("Terima kasih!");
  await expect((await inbox(admin)).filter({ hasText: "Didengar Lagi" })).toHaveCount(1);
  await admin.context().close();
});
