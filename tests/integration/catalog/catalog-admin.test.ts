import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { auditLog, menuItems, orderItems, slides } from "../../../database/schema.ts";
import { loader as imageLoader } from "../../../app/routes/resources/gambar.tsx";
import type * as ImagesModule from "../../../app/features/media/images.server.ts";
import { MAX_ROW_ID, readRowId } from "../../../app/lib/form-input.server.ts";
import { FALLBACK_MESSAGE } from "../../../app/lib/form-check.ts";
import type { Actor } from "../../../app/features/audit/audit-log.server.ts";
import {
  createMenuItem,
  deleteMenuItem,
  setMenuItemAvailability,
  updateMenuItem,
} from "../../../app/features/catalog/menu-items.server.ts";
import { rankedIds, setMenuRankings } from "../../../app/features/catalog/rankings.server.ts";
import { createSlide, deleteSlide, updateSlide } from "../../../app/features/catalog/slides.server.ts";
import { updateStoreSettings } from "../../../app/features/store/update-settings.server.ts";
import {
  getActiveSlides,
  getBestSellers,
  getFeaturedItems,
  getProdukItems,
} from "../../../app/features/catalog/catalog.server.ts";
import { currentCatalog } from "../../../app/features/cart/cart.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { getStoreSettings } from "../../../app/features/store/settings.server.ts";
import { storedPhotoBytes, storedPhotos } from "../../support/photos.ts";
import { createAdmin } from "../../support/accounts.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";

let handle: DatabaseHandle;
let dataDir: string;
let actor: Actor;

/** Runs right after an upload is stored, before the write that uses it (the race tests). */
const afterPhotoStored = vi.hoisted(() => ({ run: null as null | (() => Promise<unknown>) }));
vi.mock("../../../app/features/media/images.server.ts", async (importOriginal) => {
  const original = await importOriginal<typeof ImagesModule>();
  return {
    ...original,
    saveImage: async (...args: Parameters<typeof original.saveImage>) => {
      const saved = await original.saveImage(...args);
      await afterPhotoStored.run?.();
      return saved;
    },
  };
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-uploads-"));
  vi.stubEnv("DATA_DIR", dataDir);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  actor = await createAdmin(handle.db, "Admin Toko");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A picture of one colour: pictures of one size and colour are stored as one file. */
const photo = async (
  format: "png" | "jpeg" | "webp" = "png",
  width = 900,
  height = 700,
  background = "#d7261e",
) =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width, height, channels: 3, background } })
        .toFormat(format)
        .toBuffer(),
    ),
  ]);

const auditCount = async () => (await handle.db.select({ n: count() }).from(auditLog))[0]!.n;
const lastAudit = async () =>
  (await handle.db.select().from(auditLog).orderBy(auditLog.id)).at(-1) as typeof auditLog.$inferSelect;
const menuCount = async () => (await handle.db.select({ n: count() }).from(menuItems))[0]!.n;
const uploadedFiles = () => storedPhotos(handle.db);

const menuForm = (overrides: Record<string, unknown> = {}) => ({
  nama: "Mie Nyala Keju",
  kategori: "Makanan",
  deskripsi: "Mie pedas dengan lelehan keju.",
  harga: "13.000",
  tersedia: "on",
  ...overrides,
});

describe(`menu items (${testDatabaseKind()})`, () => {
  it("creates an item with a resized WebP photo, writes the audit log and shows it at the next load", async () => {
    const before = await currentCatalog(handle.db);
    const result = await createMenuItem(handle.db, actor, menuForm(), await photo("jpeg", 1600, 1200));
    expect(result).toEqual({ ok: true, value: { id: "mie-nyala-keju" } });
    const [row] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "mie-nyala-keju"));
    expect(row).toMatchObject({
      nama: "Mie Nyala Keju",
      category_id: "makanan",
      harga: 13_000,
      tersedia: true,
      level_family: null,
      level: null,
    });
    expect(row?.gambar).toMatch(/^\/gambar\/menu\/[a-f0-9]{64}\.webp$/);
    const meta = await sharp(await storedPhotoBytes(handle.db, row!.gambar)).metadata();
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
    const after = await currentCatalog(handle.db);
    expect(after.length).toBe(before.length + 1);
  });

  it("the owner adds Level 4 of Mie Nyala: its own item and price, offered on every level's card", async () => {
    const result = await createMenuItem(
      handle.db,
      actor,
      menuForm({ nama: "Mie Nyala Level 4", level_family: "mie  nyala", level: "4", harga: "14.000" }),
      await photo(),
    );
    expect(result).toEqual({ ok: true, value: { id: "mie-nyala-level-4" } });
    const [row] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "mie-nyala-level-4"));
    // Joined to the family as it is spelled already.
    expect(row).toMatchObject({ level_family: "Mie Nyala", level: 4, harga: 14_000 });
    const [levelOne] = await getProdukItems(handle.db);
    expect(levelOne?.levels.map((choice) => [choice.nama, choice.harga])).toEqual([
      ["Mie Nyala Level 1", 10_000],
      ["Mie Nyala Level 2", 11_000],
      ["Mie Nyala Level 3", 12_000],
      ["Mie Nyala Level 4", 14_000],
    ]);
    await deleteMenuItem(handle.db, actor, "mie-nyala-level-4");
  });

  it("serves the stored photo with a year-long cache, and nothing else", async () => {
    const [row] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "mie-nyala-keju"));
    const [, , kind, file] = row!.gambar.split("/");
    const request = new Request(`http://localhost${row!.gambar}`);
    const response = (await imageLoader({
      params: { kind: kind!, file: file! },
      request,
    } as never)) as Response;
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
      const refused = (await imageLoader({ params, request } as never)) as Response;
      expect([refused.status, refused.headers.get("content-type")]).toEqual([404, "image/svg+xml"]);
    }
  });

  it("a second item of the same name gets its own id; `Rp 12.500` is read as 12500", async () => {
    const result = await createMenuItem(handle.db, actor, menuForm({ harga: "Rp 12.500" }), await photo());
    expect(result).toEqual({ ok: true, value: { id: "mie-nyala-keju-2" } });
    const [row] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "mie-nyala-keju-2"));
    expect(row).toMatchObject({ harga: 12_500, level_family: null });
  });

  it.each([
    ["no name", { nama: "   " }, "nama", "Nama menu wajib diisi."],
    ["a 61-character name", { nama: "x".repeat(61) }, "nama", "Nama menu paling banyak 60 karakter."],
    ["an unknown category", { kategori: "Sayur" }, "kategori", "Pilih kategori dari daftar."],
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
      "Harga harus angka rupiah bulat tanpa sen, misalnya 10000 atau 10.000.",
    ],
    [
      "a price in words",
      { harga: "sepuluh ribu" },
      "harga",
      "Harga harus angka rupiah bulat tanpa sen, misalnya 10000 atau 10.000.",
    ],
    [
      "a negative price",
      { harga: "-10000" },
      "harga",
      "Harga harus angka rupiah bulat tanpa sen, misalnya 10000 atau 10.000.",
    ],
    [
      "a 301-character description",
      { deskripsi: "d".repeat(301) },
      "deskripsi",
      "Deskripsi paling banyak 300 karakter.",
    ],
    [
      "a level without its dish",
      { nama: "Mie Nyala Level 4", level: "4" },
      "level_family",
      "Isi nama hidangannya juga, misalnya Mie Nyala, agar level ini tahu kelompoknya.",
    ],
    [
      "a dish without its level",
      { nama: "Mie Nyala Level 4", level_family: "Mie Nyala" },
      "level",
      "Pilih level menu ini di hidangan tersebut.",
    ],
    [
      "a level name that says another level",
      { nama: "Mie Nyala Level 4", level_family: "Mie Nyala", level: "5" },
      "nama",
      "Nama menu menyebut Level 4, tapi levelnya 5. Samakan keduanya.",
    ],
    [
      "a level whose name does not say it",
      { nama: "Mie Nyala Pedas", level_family: "Mie Nyala", level: "5" },
      "nama",
      'Nama menu harus menyebut levelnya, misalnya "… Level 5", agar nama dan level sama.',
    ],
    [
      "a name with a level but no dish",
      { nama: "Mie Goreng Level 2" },
      "nama",
      "Nama menyebut level: isi nama hidangan dan levelnya, atau hapus kata Level dari nama.",
    ],
    [
      "a level past 5",
      { nama: "Mie Nyala Level 6", level_family: "Mie Nyala", level: "6" },
      "level",
      "Pilih level 0 sampai 5.",
    ],
    [
      "a level the dish already has",
      { nama: "Mie Nyala Level 2", level_family: "mie nyala", level: "2" },
      "level",
      "Mie Nyala Level 2 sudah ada: Mie Nyala Level 2. Pilih level lain atau ubah menu itu.",
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
          menuForm({ nama: "Es Jeruk", kategori: "Minuman" }),
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
    const listed = (await currentCatalog(handle.db)).find((item) => item.id === "es-nyala");
    expect(listed).toMatchObject({ harga: 9_000, tersedia: false });
  });

  it.each([
    ["10000", 10_000],
    ["10.000", 10_000],
    ["Rp 10.000", 10_000],
    ["Rp10.000", 10_000],
    ["rp. 12.500", 12_500],
    [" 1.000.000 ", 1_000_000],
    ["5.000", 5_000],
  ])("reads the price %j as %i rupiah", async (harga, expected) => {
    const result = await updateMenuItem(
      handle.db,
      actor,
      "es-teh-jumbo",
      { nama: "Es Teh Jumbo", kategori: "Minuman", harga, tersedia: "on" },
      null,
    );
    expect(result).toEqual({ ok: true, value: undefined });
    const [row] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "es-teh-jumbo"));
    expect(row?.harga).toBe(expected);
  });

  it.each([
    "1000.00",
    "8000.50",
    "8000,50",
    "10.5",
    "1.00.0",
    "10.0000",
    "1,000",
    "10 000",
    "Rp 10.000,-",
    "1e4",
  ])("refuses the price %j instead of guessing, changing nothing", async (harga) => {
    const [before] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "es-teh-jumbo"));
    const audits = await auditCount();
    const result = await updateMenuItem(
      handle.db,
      actor,
      "es-teh-jumbo",
      { nama: "Es Teh Jumbo", kategori: "Minuman", harga, tersedia: "on" },
      null,
    );
    const message = "Harga harus angka rupiah bulat tanpa sen, misalnya 10000 atau 10.000.";
    expect(result).toEqual({ ok: false, status: 400, message, fieldErrors: { harga: message } });
    const [after] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "es-teh-jumbo"));
    expect(after).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("refuses an update of an unknown item before storing its photo", async () => {
    const files = await uploadedFiles();
    expect(
      await updateMenuItem(
        handle.db,
        actor,
        "tidak-ada",
        menuForm(),
        await photo("png", 640, 480, "#123456"),
      ),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await uploadedFiles()).toEqual(files);
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
    const { placeOrder } = await import("../../support/orders.ts");
    await placeOrder(handle.db, [{ id: "mie-nyala-keju-2", jumlah: 2 }]);
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

  it("a photo an edit replaced, or a deleted row's, leaves the disk with its copies; one still shown stays", async () => {
    const filesOf = (stored: string) => {
      const name = `menu/${path.basename(stored)}`;
      return [name, name.replace(".webp", "-360.webp")];
    };
    const first = await createMenuItem(
      handle.db,
      actor,
      menuForm({ nama: "Mie Foto Lama" }),
      await photo("png", 800, 600, "#112233"),
    );
    const second = await createMenuItem(
      handle.db,
      actor,
      menuForm({ nama: "Mie Foto Kembar" }),
      await photo("png", 800, 600, "#445566"),
    );
    const [firstId, secondId] = [first.ok ? first.value.id : "", second.ok ? second.value.id : ""];
    const gambarOf = async (id: string) =>
      (await handle.db.select({ gambar: menuItems.gambar }).from(menuItems).where(eq(menuItems.id, id)))[0]!
        .gambar;
    const old = await gambarOf(firstId);
    const twin = await gambarOf(secondId);
    expect(await uploadedFiles()).toEqual(expect.arrayContaining([...filesOf(old), ...filesOf(twin)]));

    // A new photo for the first item: its old one and that one's copy go.
    expect(
      await updateMenuItem(
        handle.db,
        actor,
        firstId,
        menuForm({ nama: "Mie Foto Lama" }),
        await photo("png", 800, 600, "#778899"),
      ),
    ).toEqual({ ok: true, value: undefined });
    const replaced = await gambarOf(firstId);
    expect(replaced).not.toBe(old);
    const files = await uploadedFiles();
    for (const file of filesOf(old)) expect(files).not.toContain(file);
    expect(files).toEqual(expect.arrayContaining(filesOf(replaced)));

    // The first item now takes the second's picture: the same file, which stays while either shows it.
    expect(
      await updateMenuItem(
        handle.db,
        actor,
        firstId,
        menuForm({ nama: "Mie Foto Lama" }),
        await photo("png", 800, 600, "#445566"),
      ),
    ).toEqual({ ok: true, value: undefined });
    expect(await gambarOf(firstId)).toBe(twin);
    expect(await deleteMenuItem(handle.db, actor, secondId)).toEqual({ ok: true, value: undefined });
    expect(await uploadedFiles()).toEqual(expect.arrayContaining(filesOf(twin)));
    // Deleting the last row that shows it removes it.
    expect(await deleteMenuItem(handle.db, actor, firstId)).toEqual({ ok: true, value: undefined });
    const left = await uploadedFiles();
    for (const file of [...filesOf(twin), ...filesOf(replaced)]) expect(left).not.toContain(file);
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
    const meta = await sharp(await storedPhotoBytes(handle.db, row!.image)).metadata();
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

  it("an edit logs each changed field before → after; an unknown slide is refused before its picture is stored", async () => {
    const created = await createSlide(
      handle.db,
      actor,
      { title: "Es Segar", text: "Dingin.", menu_item_id: "es-nyala", urutan: "3", aktif: "on" },
      await photo("png", 1600, 800),
    );
    const id = created.ok ? created.value.id : 0;
    expect(
      await updateSlide(
        handle.db,
        actor,
        id,
        { title: "Es Segar", text: "Dingin sekali.", menu_item_id: "", urutan: "1", aktif: "on" },
        null,
      ),
    ).toEqual({ ok: true, value: undefined });
    const audit = await lastAudit();
    expect(audit.summary).toBe(
      "Banner Es Segar: teks diubah, tombol Pesan Sekarang memesan Es Nyala → memakai judul, urutan 3 → 1",
    );
    expect(audit.details).toEqual({
      changes: { text: ["Dingin.", "Dingin sekali."], menu_nama: ["Es Nyala", ""], urutan: [3, 1] },
    });

    const [audits, files] = [await auditCount(), await uploadedFiles()];
    for (const unknown of [99_999, MAX_ROW_ID + 1, 3_000_000_000]) {
      expect(
        await updateSlide(
          handle.db,
          actor,
          unknown,
          { title: "Banner" },
          await photo("png", 1600, 800, "#56789a"),
        ),
      ).toMatchObject({ ok: false, status: 404, message: "Banner tidak ditemukan. Mungkin sudah dihapus." });
      expect(await deleteSlide(handle.db, actor, unknown)).toMatchObject({ ok: false, status: 404 });
    }
    expect([await auditCount(), await uploadedFiles()]).toEqual([audits, files]);
    await deleteSlide(handle.db, actor, id);
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
      reopening: "Toko sedang tutup. Buka lagi besok pukul 09.00.",
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
      "Nomor WhatsApp hanya boleh berisi angka, spasi, dan tanda + - ( ) . (tanpa huruf).",
    ],
    [
      { whatsapp: "+44 20 7946 0958" },
      "Nomor WhatsApp harus nomor Indonesia (kode negara 62). Contoh: 0812-3456-7890 atau +62 812-3456-7890.",
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

describe("admin input", () => {
  it("reads a row id only as digits within PostgreSQL's integer", () => {
    expect(readRowId("1")).toBe(1);
    expect(readRowId(" 42 ")).toBe(42);
    expect(readRowId("2147483647")).toBe(MAX_ROW_ID);
    for (const value of ["2147483648", "3000000000", "0", "-1", "1.5", "1e3", "0x10", "", "abc", null, 7]) {
      expect(readRowId(value), String(value)).toBeNull();
    }
  });

  it.each([
    ["menu", () => createMenuItem(handle.db, actor, junk(menuForm()), null)],
    [
      "banner",
      () => createSlide(handle.db, actor, junk({ title: "Banner", menu_item_id: "es-nyala" }), null),
    ],
    ["menu populer", () => setMenuRankings(handle.db, actor, junk({ featured: "es-nyala", produk: "x" }))],
    [
      "outlet",
      () => updateStoreSettings(handle.db, actor, junk({ brand: "Toko", whatsapp: "0812", buka_0: "10:00" })),
    ],
  ])(
    "never answers the %s form with Zod's English messages, whatever the field holds",
    async (_name, send) => {
      const result = await send();
      expect(result.ok).toBe(false);
      if (result.ok) return;
      for (const message of [result.message, ...Object.values(result.fieldErrors)]) {
        expect(message).not.toMatch(/expected|invalid|received|too (big|small)|must/i);
        expect(message).not.toBe(FALLBACK_MESSAGE);
      }
    },
  );
});

/** Every field of a form holding a value of the wrong type: a number, an array, an object. */
function junk(form: Record<string, unknown>): Record<string, unknown> {
  const values = [12, ["a", "b"], { a: 1 }, true];
  return Object.fromEntries(Object.keys(form).map((key, index) => [key, values[index % values.length]]));
}
