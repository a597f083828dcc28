import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createAccount, logIn, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";

/** The admin panel in Chromium. Each test signs in as its own admin (the e2e server's ADMIN_EMAILS). */

/** Denied pages and refused deletions answer 4xx on purpose; Chromium logs those as errors. */
const EXPECTED_4XX = /status of (400|401|403|404|409)/;

const usersTable = (page: Page) => page.getByRole("table");
const rowOf = (page: Page, email: string) => page.locator(`tr[data-user-email="${email}"]`);

test("nobody signed in: Akses Ditolak, then /beranda; profil sends to /masuk", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(EXPECTED_4XX);
  const response = await page.goto("/admin/users");
  expect(response?.status()).toBe(401);
  const warning = page.getByRole("dialog", { name: "Akses Ditolak" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("Anda harus login terlebih dahulu!");
  await page.waitForURL("**/beranda");

  await page.goto("/admin/profil");
  await page.waitForURL("**/masuk?redirectTo=%2Fadmin%2Fprofil");
});

test("a customer gets 403 and a page that says it is for admins", async ({ page, allowConsoleError }) => {
  allowConsoleError(EXPECTED_4XX);
  const email = uniqueEmail("bukan-admin");
  await createAccount(page.request, email);
  await logIn(page, email);
  const response = await page.goto("/admin/dashboard");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Akses Ditolak" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("paragraph")).toContainText("Halaman ini hanya untuk admin.");
  await expect(page.getByRole("navigation", { name: "Navigasi admin" })).toHaveCount(0);
});

test("users: search as you type, long names cut to 20 characters, pages, delete with its dialogs, self-delete refused", async ({
  page,
  allowConsoleError,
}) => {
  test.setTimeout(90_000);
  allowConsoleError(EXPECTED_4XX);
  const tag = `cari${Date.now().toString(36)}`;
  const longName = `Raden Ajeng Kartini ${tag} Binti`;
  const longEmail = uniqueEmail(`panjang-${tag}`);
  await createAccount(page.request, longEmail, longName);
  const victimEmail = uniqueEmail(`korban-${tag}`);
  await createAccount(page.request, victimEmail, `Korban ${tag}`);
  for (let i = 0; i < 20; i++)
    await createAccount(page.request, uniqueEmail(`isi-${tag}`), `Isi ${tag} ${i}`);
  await createAccount(page.request, "admin-pengguna@nyala.test", "Admin Pengguna");
  await logIn(page, "admin-pengguna@nyala.test");

  await page.goto("/admin/users");
  await expect(page.getByRole("navigation", { name: "Navigasi admin" })).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Cari nama atau email" });
  // Typing filters without pressing Cari (debounced), in any letter case.
  await search.pressSequentially(tag.toUpperCase(), { delay: 20 });
  await page.waitForURL(`**/admin/users?q=${tag.toUpperCase()}`);
  await expect(page.getByText(`22 pengguna cocok dengan "${tag.toUpperCase()}"`)).toBeVisible();
  await expect(usersTable(page).locator("tbody tr")).toHaveCount(20);
  await page.getByRole("link", { name: "Berikutnya" }).click();
  await expect(page.getByText("Halaman 2 dari 2")).toBeVisible();
  await expect(usersTable(page).locator("tbody tr")).toHaveCount(2);

  // Truncation: 20 characters and "...", the whole name on hover and for screen readers.
  await search.fill(longEmail);
  await expect(usersTable(page).locator("tbody tr")).toHaveCount(1);
  // The name is the row's header (ui/admin-table.tsx): screen readers read it with every cell.
  const nameCell = rowOf(page, longEmail).getByRole("rowheader");
  const visible = nameCell.locator("span[title]");
  await expect(visible).toHaveText(`${longName.slice(0, 20)}...`);
  await expect(visible).toHaveAttribute("title", longName);
  await expect(nameCell.locator(".sr-only")).toHaveText(longName);
  await expect(rowOf(page, longEmail).getByRole("button", { name: /^Ubah/ })).toBeVisible();

  // Delete: cancel keeps the row; confirm deletes it.
  await search.fill(victimEmail);
  await expect(usersTable(page).locator("tbody tr")).toHaveCount(1);
  await rowOf(page, victimEmail)
    .getByRole("button", { name: /^Hapus/ })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Yakin hapus pengguna ini?" });
  await expect(confirm).toContainText("Tindakan ini tidak bisa dibatalkan!");
  await confirm.getByRole("button", { name: "Batal" }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, victimEmail)).toBeVisible();
  await rowOf(page, victimEmail)
    .getByRole("button", { name: /^Hapus/ })
    .click();
  await confirm.getByRole("button", { name: "Ya, Hapus" }).click();
  await expect(page.getByRole("dialog", { name: "Pengguna berhasil dihapus" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Pengguna berhasil dihapus" })).toBeHidden({ timeout: 4000 });
  await expect(page.getByText(`Tidak ada pengguna yang cocok dengan "${victimEmail}".`)).toBeVisible();

  // The admin's own account: its Hapus is disabled up front, with the reason beside it.
  await search.fill("admin-pengguna@nyala.test");
  const ownRow = rowOf(page, "admin-pengguna@nyala.test");
  await expect(ownRow).toContainText("(Anda)");
  const ownDelete = ownRow.getByRole("button", { name: /^Hapus/ });
  await expect(ownDelete).toBeDisabled();
  await expect(ownDelete).toHaveAccessibleDescription("Akun Anda sendiri tidak bisa dihapus.");
  await expect(ownRow.getByText("Akun Anda sendiri tidak bisa dihapus.")).toBeVisible();
  await ownDelete.click({ force: true });
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(ownRow).toBeVisible();
});

test("notifications: Tandai Dibaca and the switches are saved and still there after a reload", async ({
  page,
}) => {
  await createAccount(page.request, "admin-notif@nyala.test", "Admin Notif");
  await logIn(page, "admin-notif@nyala.test");
  // A real order tells every admin who wants it (no made-up samples any more).
  // Two "Tambah" and the cart page's checkout, as a browser without JavaScript sends them.
  for (let i = 0; i < 2; i++) {
    const added = await page.request.post("/keranjang", {
      form: { intent: "tambah", menu: "es-nyala" },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
  }
  const ordered = await page.request.post("/pesanan", {
    form: { nama: "Pelanggan Notif", whatsapp: "0812-3456-7890", cara: "ambil", waktu: "secepatnya" },
  });
  expect(ordered.status()).toBe(201);
  const code = /data-testid="order-code">(NY-[A-Z0-9]+)</.exec(await ordered.text())![1]!;
  await page.goto("/admin/notifikasi-masuk");
  const cards = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(cards.filter({ hasText: "Selamat datang di panel admin" })).toHaveCount(0);
  const first = cards.filter({ hasText: code });
  await expect(first).toHaveCount(1);
  await expect(first.getByRole("heading")).toHaveText("Pesanan baru");
  await expect(first).toContainText(`${code} · Pelanggan Notif · Ambil sendiri: 2x Es Nyala — Rp 16.000`);
  await expect(first).toContainText("Belum dibaca");
  const title = code;
  // The card shows as read at the tap; the reload below must come after the server saved it.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().includes("/admin/notifikasi-masuk"),
  );
  await first.getByRole("button", { name: /^Tandai Dibaca/ }).click();
  expect((await saved).status()).toBe(200);
  await expect(first).toContainText("Sudah dibaca");
  // The count agrees with the unread cards on the page (the tapped one no longer among them).
  await expect(async () => {
    const unread = await cards.filter({ hasText: "Belum dibaca" }).count();
    const summary = unread === 0 ? "Semua notifikasi sudah dibaca." : `${unread} notifikasi belum dibaca.`;
    await expect(page.getByText(summary)).toBeVisible({ timeout: 100 });
  }).toPass();
  await page.reload();
  const again = cards.filter({ hasText: title });
  await expect(again).toContainText("Sudah dibaca");
  await expect(again.getByRole("button", { name: /^Tandai Dibaca/ })).toHaveCount(0);

  await page.goto("/admin/pengaturan-notifikasi");
  // One switch per notification the shop sends (orders, registrations, contact messages); none
  // for payments or comments it does not have.
  await expect(page.getByRole("group", { name: "Jenis notifikasi" }).getByRole("switch")).toHaveCount(3);
  const pesanan = page.getByRole("switch", { name: /Pesanan baru/ });
  const pengguna = page.getByRole("switch", { name: /Pengguna baru/ });
  await expect(pesanan).toBeChecked();
  await expect(pengguna).toBeChecked();
  await expect(page.getByRole("switch", { name: /Pesan kontak/ })).toBeChecked();
  await pengguna.uncheck();
  await page.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pengaturan notifikasi disimpan!" })).toBeVisible();
  await page.reload();
  await expect(pesanan).toBeChecked();
  await expect(pengguna).not.toBeChecked();
});

test("header: profile menu with name and e-mail; Keluar asks, ends the session and lands on /masuk", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(EXPECTED_4XX);
  await createAccount(page.request, "admin-keluar@nyala.test", "Admin Keluar");
  await logIn(page, "admin-keluar@nyala.test");
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Jumlah pengguna")).toBeVisible();
  await page.getByRole("button", { name: /Menu profil/ }).click();
  const menu = page
    .locator("[id]")
    .filter({ has: page.getByRole("link", { name: "Pengaturan" }) })
    .last();
  await expect(menu).toContainText("Admin Keluar");
  await expect(menu).toContainText("admin-keluar@nyala.test");
  await menu.getByRole("link", { name: "Profil" }).click();
  await page.waitForURL("**/admin/profil");
  await expect(page.getByRole("main")).toContainText("admin-keluar@nyala.test");

  await page.getByRole("button", { name: /Menu profil/ }).click();
  await page.getByRole("button", { name: "Keluar", exact: true }).click();
  const ask = page.getByRole("alertdialog", { name: "Keluar" });
  await expect(ask).toContainText("Anda yakin ingin keluar dari akun ini?");
  await ask.getByRole("button", { name: "Batal" }).click();
  await expect(ask).toBeHidden();
  await page.getByRole("button", { name: "Keluar", exact: true }).click();
  await ask.getByRole("button", { name: "Ya, Keluar" }).click();
  await expect(page.getByRole("dialog", { name: "Berhasil keluar dari akun" })).toBeVisible();
  await page.waitForURL("**/masuk");
  const after = await page.goto("/admin/dashboard");
  expect(after?.status()).toBe(401);
});

test("phone width: the admin menu lists the owner's pages as the sidebar names them; unknown pages show the admin 404", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(EXPECTED_4XX);
  await page.setViewportSize({ width: 390, height: 844 });
  await createAccount(page.request, "admin-ponsel@nyala.test", "Admin Ponsel");
  await logIn(page, "admin-ponsel@nyala.test");
  await page.goto("/admin/dashboard");
  await page.getByLabel("Buka menu admin").click();
  const menu = page.getByRole("navigation", { name: "Menu admin ponsel" });
  const pages = [
    ["Dashboard", "/admin/dashboard"],
    ["Pesanan", "/admin/pesanan"],
    ["Laporan", "/admin/laporan"],
    ["Menu", "/admin/menu"],
    ["Menu Populer", "/admin/menu-populer"],
    ["Menu Diskon", "/admin/menu-diskon"],
    ["Banner", "/admin/banner"],
    ["Outlet", "/admin/outlet"],
    ["Pengguna", "/admin/users"],
    ["Staf", "/admin/staf"],
    ["Perangkat", "/admin/perangkat"],
    ["Log Perubahan", "/admin/log-perubahan"],
    ["Notifikasi", "/admin/notifikasi-masuk"],
    ["Pengaturan Notifikasi", "/admin/pengaturan-notifikasi"],
  ] as const;
  await expect(menu.locator("ul > li > a")).toHaveCount(pages.length);
  for (const [label, href] of pages) {
    // "Pesanan" carries the count of new orders once another test has placed one.
    const name = new RegExp(`^${label}(\\s*\\d+\\+? (pesanan baru|belum dibaca))?$`);
    await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  // The sidebar (desktop, hidden at this width) is the same list.
  const sidebar = page.locator('nav[aria-label="Navigasi admin"] ul > li > a');
  await expect(sidebar).toHaveCount(pages.length);
  for (const [index, [, href]] of pages.entries())
    await expect(sidebar.nth(index)).toHaveAttribute("href", href);
  const response = await page.goto("/admin/halaman-yang-tidak-ada");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Halaman admin tidak ditemukan" })).toBeVisible();
  await page.getByRole("link", { name: "Kembali ke Dashboard" }).click();
  await page.waitForURL("**/admin/dashboard");
});

for (const width of [390, 1280]) {
  test(`admin pages at ${width} px: no serious axe violation, no sideways scrolling`, async ({ page }) => {
    test.setTimeout(150_000);
    await createAccount(page.request, `admin-a11y-${width}@nyala.test`, "Admin Aksesibilitas");
    await logIn(page, `admin-a11y-${width}@nyala.test`);
    await page.setViewportSize({ width, height: 844 });
    for (const path of [
      "/admin/dashboard",
      "/admin/users",
      "/admin/profil",
      "/admin/pengaturan",
      "/admin/notifikasi-masuk",
      "/admin/pengaturan-notifikasi",
      "/admin/menu",
      "/admin/menu?ubah=es-nyala",
      "/admin/menu-populer",
      "/admin/menu-diskon",
      "/admin/banner",
      "/admin/outlet",
      "/admin/pesanan",
      "/admin/laporan",
      "/admin/log-perubahan",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        );
      expect(serious, `${path} at ${width} px`).toEqual([]);
    }
  });
}
