import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../database/client.server.ts";
import { auditLog, menuItems, orderItems, promos, slides, users } from "../../database/schema.ts";
import { loader as imageLoader } from "../../app/routes/resources/gambar.tsx";
import type { Actor } from "../../app/utils/audit-log.server.ts";
import {
  createMenuItem,
  createPromo,
  createSlide,
  deleteMenuItem,
  deletePromo,
  deleteSlide,
  listPromosForAdmin,
  rankedIds,
  setMenuItemAvailability,
  setMenuRankings,
  updateMenuItem,
  updatePromo,
  updateSlide,
  updateStoreSettings,
} from "../../app/utils/catalog-admin.server.ts";
import {
  getActivePromos,
  getActiveSlides,
  getBestSellers,
  getFeaturedItems,
  getPriceList,
  getProdukItems,
} from "../../app/utils/catalog.server.ts";
import { cachedCatalog } from "../../app/utils/catalog-cache.server.ts";
import { useDatabaseHandle } from "../../app/utils/db.server.ts";
import { getStoreSettings } from "../../app/utils/store-settings.server.ts";
import { newUserId } from "../../app/utils/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../support/test-database.ts";

let handle: DatabaseHandle;
let dataDir: string;
let actor: Actor;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-uploads-"));
  vi.stubEnv("DATA_DIR", dataDir);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  const id = newUserId();
  const email = `admin-${id.toLowerCase()}@contoh.test`;
  await handle.db
    .insert(users)
    .values({ id, nama: "Admin Toko", email, provider: "password", role: "admin" });
  actor = { id, email };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const photo = async (format: "png" | "jpeg" | "webp" = "png", width = 900, height = 700) =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width, height, channels: 3, background: "#d7261e" } })
        .toFormat(format)
        .toBuffer(),
    ),
  ]);

const auditCount = async () => (await handle.db.select({ n: count() }).from(auditLog))[0]!.n;
const lastAudit = async () =>
  (await handle.db.select().from(auditLog).orderBy(auditLog.id)).at(-1) as typeof auditLog.$inferSelect;
const menuCount = async () => (await handle.db.select({ n: count() }).from(menuItems))[0]!.n;

const menuForm = (overrides: Record<string, unknown> = {}) => ({
  nama: "Mie Nyala Keju",
  kategori: "Makanan",
  deskripsi: "Mie pedas dengan lelehan keju.",
  harga: "13.000",
  tersedia: "on",
  takes_level: "on",
  ...overrides,
});

describe(`menu items (${testDatabaseKind()})`, () => {
  it("creates an item with a resized WebP photo, writes the audit log and shows it at the next load", async () => {
    const before = await cachedCatalog("priceList", () => getPriceList(handle.db));
    const result = await createMenuItem(handle.db, actor, menuForm(), await photo("jpeg", 1600, 1200));
    expect(result).toEqual({ ok: true, value: { id: "mie-nyala-keju" } });
    const [row] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "mie-nyala-keju"));
    expect(row).toMatchObject({
      nama: "Mie Nyala Keju",
      category_id: "makanan",
      harga: 13_000,
      tersedia: true,
      takes_level: true,
    });
    expect(row?.gambar).toMatch(/^\/gambar\/menu\/[a-f0-9]{64}\.webp$/);
    const file = path.join(dataDir, "uploads", "menu", path.basename(row!.gambar));
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 640, 480]);

    const audit = await lastAudit();
    expect(audit).toMatchObject({
      user_id: actor.id,
      actor_email: actor.email,
      action: "buat",
      entity: "menu",
      entity_id: "mie-nyala-keju",
      summary: "Menu baru Mie Nyala Keju (Makanan, Rp 13.000)",
    });
    // The catalog cache was cleared: the next read sees the new item.
    const after = await cachedCatalog("priceList", () => getPriceList(handle.db));
    expect(after.length).toBe(before.length + 1);
  });

  it("serves the stored photo with a year-long cache, and nothing else", async () => {
    const [row] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "mie-nyala-keju"));
    const [, , kind, file] = row!.gambar.split("/");
    const response = (await imageLoader({ params: { kind: kind!, file: file! } } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    for (const params of [
      { kind: "menu", file: "0".repeat(64) + ".webp" },
      { kind: "menu", file: "../../../etc/passwd" },
      { kind: "..", file: file! },
      { kind: "uploads", file: file! },
    ]) {
      const refused = await imageLoader({ params } as never).catch((error: unknown) => error);
      expect((refused as { init: ResponseInit }).init.status).toBe(404);
    }
  });

  it("a second item of the same name gets its own id; `Rp 12.500` is read as 12500", async () => {
    const result = await createMenuItem(
      handle.db,
      actor,
      menuForm({ harga: "Rp 12.500", takes_level: undefined }),
      await photo(),
    );
    expect(result).toEqual({ ok: true, value: { id: "mie-nyala-keju-2" } });
    const [row] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "mie-nyala-keju-2"));
    expect(row).toMatchObject({ harga: 12_500, takes_level: false });
  });

  it.each([
    ["no name", { nama: "   " }, "nama", "Nama menu wajib diisi."],
    ["a 61-character name", { nama: "x".repeat(61) }, "nama", "Nama menu paling banyak 60 karakter."],
    [
      "an unknown category",
      { kategori: "Sayur" },
      "kategori",
      "Pilih kategori: Makanan, Minuman, atau Cemilan.",
    ],
    ["no price", { harga: "" }, "harga", "Harga wajib diisi."],
    ["a price below Rp 1.000", { harga: "999" }, "harga", "Harga harus antara Rp 1.000 dan Rp 1.000.000."],
    [
      "a price above Rp 1.000.000",
      { harga: "1000001" },
      "harga",
      "Harga harus antara Rp 1.000 dan Rp 1.000.000.",
    ],
    [
      "a price with decimals",
      { harga: "10000,5" },
      "harga",
      "Harga harus angka rupiah bulat, misalnya 10000.",
    ],
    [
      "a price in words",
      { harga: "sepuluh ribu" },
      "harga",
      "Harga harus angka rupiah bulat, misalnya 10000.",
    ],
    ["a negative price", { harga: "-10000" }, "harga", "Harga harus angka rupiah bulat, misalnya 10000."],
    [
      "a 301-character description",
      { deskripsi: "d".repeat(301) },
      "deskripsi",
      "Deskripsi paling banyak 300 karakter.",
    ],
  ])("refuses %s with a message on its field, writing nothing", async (_name, overrides, field, message) => {
    const [items, audits] = [await menuCount(), await auditCount()];
    const result = await createMenuItem(handle.db, actor, menuForm(overrides), await photo());
    expect(result).toMatchObject({ ok: false, status: 400, message, fieldErrors: { [field]: message } });
    expect([await menuCount(), await auditCount()]).toEqual([items, audits]);
  });

  it.each([
    ["no photo", () => Promise.resolve(new Blob([])), "Foto menu wajib diunggah."],
    [
      "a photo over 5 MB",
      () => Promise.resolve(new Blob([new Uint8Array([0xff, 0xd8, 0xff]), new Uint8Array(5 * 1024 * 1024)])),
      "Ukuran foto paling besar 5 MB.",
    ],
    [
      "a GIF",
      () => Promise.resolve(new Blob(["GIF89a\u0001\u0000\u0001\u0000"])),
      "Foto harus berformat JPEG, PNG, atau WebP.",
    ],
    [
      "a text file",
      () => Promise.resolve(new Blob(["<script>alert(1)</script>"])),
      "Foto harus berformat JPEG, PNG, atau WebP.",
    ],
    [
      "a broken PNG",
      () =>
        Promise.resolve(
          new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])]),
        ),
      "Foto tidak bisa dibaca. Coba simpan ulang fotonya lalu unggah lagi.",
    ],
  ])("refuses %s", async (_name, file, message) => {
    const items = await menuCount();
    const result = await createMenuItem(handle.db, actor, menuForm({ nama: "Menu Foto" }), await file());
    expect(result).toMatchObject({ ok: false, status: 400, message, fieldErrors: { foto: message } });
    expect(await menuCount()).toBe(items);
  });

  it("accepts a WebP photo", async () => {
    expect(
      (
        await createMenuItem(
          handle.db,
          actor,
          menuForm({ nama: "Es Jeruk", kategori: "Minuman", takes_level: undefined }),
          await photo("webp"),
        )
      ).ok,
    ).toBe(true);
  });

  it("updates price and availability, keeps the photo when none is uploaded, and logs what changed", async () => {
    const [before] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "es-nyala"));
    const result = await updateMenuItem(
      handle.db,
      actor,
      "es-nyala",
      { nama: "Es Nyala", kategori: "Minuman", deskripsi: before!.deskripsi, harga: "9000" },
      new Blob([]),
    );
    expect(result).toEqual({ ok: true, value: undefined });
    const [after] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "es-nyala"));
    expect(after).toMatchObject({ harga: 9_000, tersedia: false, gambar: before!.gambar });
    expect((await lastAudit()).summary).toBe("Menu Es Nyala: harga Rp 8.000 → Rp 9.000, ditandai habis");
    const listed = (await cachedCatalog("priceList", () => getPriceList(handle.db))).find(
      (item) => item.id === "es-nyala",
    );
    expect(listed).toMatchObject({ harga: 9_000, tersedia: false });
  });

  it("marks an item sold out and available again from the list", async () => {
    expect(await setMenuItemAvailability(handle.db, actor, "pangsit-goreng", false)).toEqual({
      ok: true,
      value: undefined,
    });
    expect((await lastAudit()).summary).toBe("Menu Pangsit Goreng: ditandai habis");
    expect((await getProdukItems(handle.db)).find((item) => item.id === "pangsit-goreng")?.tersedia).toBe(
      false,
    );
    await setMenuItemAvailability(handle.db, actor, "pangsit-goreng", true);
    expect((await lastAudit()).summary).toBe("Menu Pangsit Goreng: tersedia lagi");
  });

  it("answers 404 for an item that does not exist", async () => {
    const form = menuForm();
    expect(await updateMenuItem(handle.db, actor, "tidak-ada", form, null)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await setMenuItemAvailability(handle.db, actor, "tidak-ada", true)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await deleteMenuItem(handle.db, actor, "tidak-ada")).toMatchObject({
      ok: false,
      status: 404,
      message: "Menu tidak ditemukan. Mungkin sudah dihapus.",
    });
  });

  it("deletes an item; past orders keep their lines and a slide falls back to its title", async () => {
    const { recordOrder } = await import("../../app/utils/orders.server.ts");
    const store = await getStoreSettings(handle.db);
    const recorded = await recordOrder(handle.db, [{ id: "mie-nyala-keju-2", jumlah: 2 }], store, null);
    expect(recorded.ok).toBe(true);
    const slide = await createSlide(
      handle.db,
      actor,
      { title: "Keju meleleh", text: "", menu_item_id: "mie-nyala-keju-2", urutan: "9", aktif: "on" },
      await photo(),
    );
    expect(slide.ok).toBe(true);

    expect(await deleteMenuItem(handle.db, actor, "mie-nyala-keju-2")).toEqual({
      ok: true,
      value: undefined,
    });
    expect((await lastAudit()).summary).toBe("Menu Mie Nyala Keju dihapus");
    const lines = await handle.db.select().from(orderItems).where(eq(orderItems.nama, "Mie Nyala Keju"));
    expect(lines.map((line) => [line.menu_item_id, line.harga, line.jumlah])).toEqual([[null, 12_500, 2]]);
    const shown = (await getActiveSlides(handle.db)).find((entry) => entry.title === "Keju meleleh");
    expect(shown?.orderName).toBe("Keju meleleh");
  });
});

describe(`menu placement (${testDatabaseKind()})`, () => {
  it("sets the featured items, best sellers and /produk items in order", async () => {
    const result = await setMenuRankings(handle.db, actor, {
      featured: ["es-nyala", "mie-nyala-level-2", "mie-nyala-keju"],
      bestSellers: [
        "pangsit-goreng",
        "es-teh-jumbo",
        "mie-nyala-level-1",
        "mie-nyala-level-2",
        "mie-nyala-level-3",
        "es-nyala",
      ],
      produk: ["mie-nyala-keju", "es-teh-jumbo"],
    });
    expect(result.ok).toBe(true);
    expect((await getFeaturedItems(handle.db)).map((item) => item.id)).toEqual([
      "es-nyala",
      "mie-nyala-level-2",
      "mie-nyala-keju",
    ]);
    expect((await getBestSellers(handle.db)).map((item) => item.id)[0]).toBe("pangsit-goreng");
    expect((await getProdukItems(handle.db)).map((item) => item.id)).toEqual([
      "mie-nyala-keju",
      "es-teh-jumbo",
    ]);
    expect(await rankedIds(handle.db)).toMatchObject({ produk: ["mie-nyala-keju", "es-teh-jumbo"] });
    expect((await lastAudit()).summary).toMatch(
      /^Menu unggulan: Es Nyala, Mie Nyala Level 2, Mie Nyala Keju; terlaris: Pangsit Goreng, /,
    );
  });

  it.each([
    [
      { featured: ["es-nyala", "mie-nyala-level-1", "mie-nyala-level-2", "mie-nyala-level-3"] },
      "Menu unggulan di halaman depan paling banyak 3.",
    ],
    [{ bestSellers: ["es-nyala", "es-nyala"] }, "Satu menu dipilih dua kali di daftar yang sama."],
    [
      { produk: ["es-nyala", "mie-hantu"] },
      "Ada menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
    ],
    [{ produk: ["a", "b", "c", "d", "e"] }, "Menu di halaman produk paling banyak 4."],
  ])("refuses %j, changing nothing", async (input, message) => {
    const before = await rankedIds(handle.db);
    expect(await setMenuRankings(handle.db, actor, input)).toMatchObject({ ok: false, status: 400, message });
    expect(await rankedIds(handle.db)).toEqual(before);
  });
});

describe(`promos (${testDatabaseKind()})`, () => {
  // 2026-11-16 is a Monday; the store's calendar is WITA (UTC+8).
  const at = (iso: string) => new Date(`${iso}+08:00`);

  it("creates a promo shown only from its first to its last day, in the store's calendar", async () => {
    const result = await createPromo(
      handle.db,
      actor,
      {
        title: "Jumat Pedas",
        description: "Level 5 diskon 10%.",
        label: "Jumat",
        urutan: "4",
        aktif: "on",
        active_from: "2026-11-20",
        active_until: "2026-11-21",
      },
      await photo(),
    );
    expect(result.ok).toBe(true);
    const id = result.ok ? result.value.id : 0;
    const titles = async (iso: string) =>
      (await getActivePromos(handle.db, at(iso))).map((promo) => promo.title);
    expect(await titles("2026-11-19T23:59:00")).not.toContain("Jumat Pedas");
    expect(await titles("2026-11-20T00:00:00")).toContain("Jumat Pedas");
    expect(await titles("2026-11-21T23:59:00")).toContain("Jumat Pedas");
    expect(await titles("2026-11-22T00:00:00")).not.toContain("Jumat Pedas");
    const [listed] = (await listPromosForAdmin(handle.db, "Asia/Makassar")).filter(
      (promo) => promo.id === id,
    );
    expect(listed).toMatchObject({ active_from: "2026-11-20", active_until: "2026-11-21", label: "Jumat" });
    expect((await lastAudit()).summary).toBe("Promo baru Jumat Pedas");
  });

  it("switching a promo off hides it; deleting removes it", async () => {
    const [row] = await handle.db.select().from(promos).where(eq(promos.title, "Jumat Pedas"));
    const result = await updatePromo(handle.db, actor, row!.id, { title: "Jumat Pedas", urutan: "4" }, null);
    expect(result.ok).toBe(true);
    expect(
      await handle.db
        .select()
        .from(promos)
        .where(and(eq(promos.id, row!.id), eq(promos.aktif, false))),
    ).toHaveLength(1);
    expect(row?.image).toMatch(/^\/gambar\/promo\//);
    expect(await deletePromo(handle.db, actor, row!.id)).toEqual({ ok: true, value: undefined });
    expect(await deletePromo(handle.db, actor, row!.id)).toMatchObject({ ok: false, status: 404 });
  });

  it.each([
    [{ title: "" }, "Judul promo wajib diisi."],
    [{ title: "t".repeat(81) }, "Judul promo paling banyak 80 karakter."],
    [{ label: "l".repeat(31) }, "Label promo paling banyak 30 karakter."],
    [{ active_from: "2026-02-30" }, "Tanggal harus berformat tanggal yang benar."],
    [
      { active_from: "2026-11-22", active_until: "2026-11-21" },
      "Tanggal selesai tidak boleh sebelum tanggal mulai.",
    ],
    [{ urutan: "100" }, "Urutan harus angka 0 sampai 99."],
  ])("refuses %j", async (overrides, message) => {
    const audits = await auditCount();
    const result = await createPromo(
      handle.db,
      actor,
      { title: "Promo", aktif: "on", ...overrides },
      await photo(),
    );
    expect(result).toMatchObject({ ok: false, status: 400, message });
    expect(await auditCount()).toBe(audits);
  });

  it("needs a picture for a new promo", async () => {
    expect(await createPromo(handle.db, actor, { title: "Tanpa gambar" }, null)).toMatchObject({
      ok: false,
      message: "Gambar promo wajib diunggah.",
    });
  });
});

describe(`slides (${testDatabaseKind()})`, () => {
  it("creates, changes and deletes a slide; only active slides show, in order", async () => {
    const created = await createSlide(
      handle.db,
      actor,
      {
        title: "Level 5 Menantang",
        text: "Berani?",
        menu_item_id: "mie-nyala-level-3",
        urutan: "0",
        aktif: "on",
      },
      await photo("png", 2400, 1200),
    );
    expect(created.ok).toBe(true);
    const id = created.ok ? created.value.id : 0;
    const [row] = await handle.db.select().from(slides).where(eq(slides.id, id));
    const meta = await sharp(path.join(dataDir, "uploads", "slide", path.basename(row!.image))).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 600]);
    let shown = await getActiveSlides(handle.db);
    expect(shown[0]).toMatchObject({ title: "Level 5 Menantang", orderName: "Mie Nyala Level 3" });

    expect(
      (await updateSlide(handle.db, actor, id, { title: "Level 5 Menantang", urutan: "0" }, null)).ok,
    ).toBe(true);
    shown = await getActiveSlides(handle.db);
    expect(shown.map((slide) => slide.title)).not.toContain("Level 5 Menantang");
    expect(await deleteSlide(handle.db, actor, id)).toEqual({ ok: true, value: undefined });
    expect((await lastAudit()).summary).toBe("Banner Level 5 Menantang dihapus");
  });

  it.each([
    [{ title: "" }, "Judul banner wajib diisi."],
    [{ text: "t".repeat(161) }, "Teks banner paling banyak 160 karakter."],
    [{ menu_item_id: "mie-hantu" }, "Pilih menu yang dipesan lewat tombol banner, atau kosongkan."],
  ])("refuses %j", async (overrides, message) => {
    const result = await createSlide(handle.db, actor, { title: "Banner", ...overrides }, await photo());
    expect(result).toMatchObject({ ok: false, status: 400, message });
  });
});

describe(`store settings (${testDatabaseKind()})`, () => {
  const hours = Object.fromEntries(
    Array.from({ length: 7 }, (_, index) => [
      [`buka_${index}`, "09:00"],
      [`tutup_${index}`, "21:30"],
      ...(index === 6 ? [[`libur_${index}`, "on"]] : []),
    ]).flat(),
  );
  const outlet = (overrides: Record<string, unknown> = {}) => ({
    brand: "Mie Nyala Kendari",
    address: "Jl. Ahmad Yani No. 7, Kendari",
    whatsapp: "0812-9999-8888",
    instagram_url: "https://instagram.com/nyala.kdi",
    facebook_url: "",
    tiktok_url: "https://www.tiktok.com/@nyala.kdi",
    timezone: "Asia/Makassar",
    ...hours,
    ...overrides,
  });

  it("saves the settings with the number normalised; the storefront shows them at the next load", async () => {
    expect(await updateStoreSettings(handle.db, actor, outlet())).toEqual({ ok: true, value: undefined });
    const store = await getStoreSettings(handle.db, new Date("2026-11-22T04:00:00Z")); // Sunday 12.00 WITA
    expect(store).toMatchObject({
      brand: "Mie Nyala Kendari",
      address: "Jl. Ahmad Yani No. 7, Kendari",
      whatsapp: "6281299998888",
      whatsappDisplay: "+62 812-9999-8888",
      reopening: "Buka lagi besok pukul 09.00",
    });
    expect(store.socials.map((social) => social.name)).toEqual(["Instagram", "TikTok"]);
    expect((await lastAudit()).summary).toBe(
      "Pengaturan toko diubah: nama toko, alamat, nomor WhatsApp, Instagram, Facebook, TikTok, jam buka",
    );
  });

  it.each([
    [{ brand: "" }, "Nama toko wajib diisi."],
    [{ address: " " }, "Alamat wajib diisi."],
    [{ whatsapp: "123" }, "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890."],
    [
      { whatsapp: "bukan nomor" },
      "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890.",
    ],
    [
      { instagram_url: "javascript:alert(1)" },
      "Tautan Instagram harus alamat web lengkap yang diawali https://, atau kosongkan.",
    ],
    [
      { facebook_url: "facebook.com/nyala" },
      "Tautan Facebook harus alamat web lengkap yang diawali https://, atau kosongkan.",
    ],
    [{ timezone: "Europe/Berlin" }, "Pilih zona waktu: WIB, WITA, atau WIT."],
    [{ buka_2: "25:00" }, "Jam buka dan tutup Rabu harus berformat JJ:MM, misalnya 10:00."],
    [{ tutup_0: "" }, "Jam buka dan tutup Senin harus berformat JJ:MM, misalnya 10:00."],
  ])("refuses %j and keeps the saved settings", async (overrides, message) => {
    const audits = await auditCount();
    expect(await updateStoreSettings(handle.db, actor, outlet(overrides))).toMatchObject({
      ok: false,
      status: 400,
      message,
    });
    expect((await getStoreSettings(handle.db)).brand).toBe("Mie Nyala Kendari");
    expect(await auditCount()).toBe(audits);
  });
});
