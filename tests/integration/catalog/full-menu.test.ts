import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { auditLog, categories, menuItems } from "../../../database/schema.ts";
import type { Actor } from "../../../app/features/audit/audit-log.server.ts";
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from "../../../app/features/catalog/categories.server.ts";
import { nextCategoryPosition } from "../../../app/features/catalog/category-schema.ts";
import { oneCardPerDish } from "../../../app/features/catalog/menu-dishes.ts";
import { getMenuSections } from "../../../app/features/catalog/catalog.server.ts";
import { createMenuItem, setMenuItemAvailability } from "../../../app/features/catalog/menu-items.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createAdmin } from "../../support/accounts.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";

let handle: DatabaseHandle;
let dataDir: string;
let actor: Actor;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-menu-"));
  vi.stubEnv("DATA_DIR", dataDir);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  actor = await createAdmin(handle.db, "Admin Menu");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const photo = async () =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2a9d8f" } })
        .png()
        .toBuffer(),
    ),
  ]);

const sectionsInWords = async () =>
  (await getMenuSections(handle.db)).map((section) => [
    section.nama,
    section.items.map((item) => `${item.nama}${item.tersedia ? "" : " (habis)"}`),
  ]);

describe(`the full menu of /produk (${testDatabaseKind()})`, () => {
  it("lists every item by category, the levels of one dish side by side, Es Teh Jumbo included", async () => {
    expect(await sectionsInWords()).toEqual([
      ["Makanan", ["Mie Nyala Level 1", "Mie Nyala Level 2", "Mie Nyala Level 3"]],
      ["Minuman", ["Es Nyala", "Es Teh Jumbo"]],
      ["Cemilan", ["Pangsit Goreng"]],
    ]);
    const [makanan] = await getMenuSections(handle.db);
    expect(makanan!.items[0]!.levels.map((choice) => [choice.level, choice.harga])).toEqual([
      [1, 10_000],
      [2, 11_000],
      [3, 12_000],
    ]);
  });

  it("the owner adds a category and a dish in it: both show at once, a sold-out one too", async () => {
    const created = await createCategory(handle.db, actor, { nama: "  Minuman   Hangat ", urutan: "2" });
    expect(created).toEqual({ ok: true, value: { id: "minuman-hangat" } });
    // Empty categories are left out of the page.
    expect((await getMenuSections(handle.db)).map((section) => section.nama)).not.toContain("Minuman Hangat");
    const item = await createMenuItem(
      handle.db,
      actor,
      { nama: "Wedang Jahe", kategori: "Minuman Hangat", harga: "7000", tersedia: "on" },
      await photo(),
    );
    expect(item.ok).toBe(true);
    await setMenuItemAvailability(handle.db, actor, "es-teh-jumbo", false);
    expect(await sectionsInWords()).toEqual([
      ["Makanan", ["Mie Nyala Level 1", "Mie Nyala Level 2", "Mie Nyala Level 3"]],
      // Placed at Minuman's position 2: it takes it, Minuman moves down one.
      ["Minuman Hangat", ["Wedang Jahe"]],
      ["Minuman", ["Es Nyala", "Es Teh Jumbo (habis)"]],
      ["Cemilan", ["Pangsit Goreng"]],
    ]);
    const wedang = (await getMenuSections(handle.db))[1]!.items[0]!;
    expect(wedang.gambar).toMatch(/^\/gambar\/menu\/[a-f0-9]{64}\.webp$/);
    await setMenuItemAvailability(handle.db, actor, "es-teh-jumbo", true);
  });

  it("refuses a second category of the same name, an empty name, and a category that still holds dishes", async () => {
    const audits = async () => (await handle.db.select({ n: count() }).from(auditLog))[0]!.n;
    const before = [await listCategories(handle.db), await audits()];
    expect(await createCategory(handle.db, actor, { nama: "minuman hangat" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { nama: "Kategori minuman hangat sudah ada." },
    });
    expect(await createCategory(handle.db, actor, { nama: "  " })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { nama: "Nama kategori wajib diisi." },
    });
    expect(await deleteCategory(handle.db, actor, "minuman-hangat")).toMatchObject({
      ok: false,
      status: 409,
      message: "Kategori Minuman Hangat masih berisi 1 menu. Pindahkan atau hapus menunya dulu.",
    });
    expect(await deleteCategory(handle.db, actor, "tidak-ada")).toMatchObject({ ok: false, status: 404 });
    expect([await listCategories(handle.db), await audits()]).toEqual(before);
  });

  it("deletes an empty category", async () => {
    await createCategory(handle.db, actor, { nama: "Musiman" });
    expect(await deleteCategory(handle.db, actor, "musiman")).toEqual({ ok: true, value: undefined });
    expect(await handle.db.select().from(categories).where(eq(categories.id, "musiman"))).toEqual([]);
    const [deleted] = await handle.db
      .select({ n: count() })
      .from(menuItems)
      .where(eq(menuItems.category_id, "musiman"));
    expect(deleted!.n).toBe(0);
  });
  it("renames and moves a category in place; a name another has is refused; the next position moves on", async () => {
    // The add form offers the position after the last one (not the count plus one).
    expect(nextCategoryPosition([{ urutan: 1 }, { urutan: 5 }])).toBe(6);
    expect(nextCategoryPosition([])).toBe(1);
    expect(nextCategoryPosition([{ urutan: 99 }])).toBe(99);
    await createCategory(handle.db, actor, { nama: "Paket", urutan: "9" });
    const positions = async () => (await listCategories(handle.db)).map((c) => `${c.nama}:${c.urutan}`);
    expect(await updateCategory(handle.db, actor, "paket", { nama: "Paket Hemat", urutan: "0" })).toEqual({
      ok: true,
      value: undefined,
    });
    // Every category numbered again from 1 in the order shown: no two share a number.
    expect(await positions()).toEqual([
      "Paket Hemat:1",
      "Makanan:2",
      "Minuman Hangat:3",
      "Minuman:4",
      "Cemilan:5",
    ]);
    expect(await updateCategory(handle.db, actor, "cemilan", { nama: "Cemilan", urutan: "2" })).toMatchObject(
      {
        ok: true,
      },
    );
    expect(await positions()).toEqual([
      "Paket Hemat:1",
      "Cemilan:2",
      "Makanan:3",
      "Minuman Hangat:4",
      "Minuman:5",
    ]);
    expect(await updateCategory(handle.db, actor, "paket", { nama: "minuman", urutan: "1" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { nama: "Kategori minuman sudah ada." },
    });
    expect(await updateCategory(handle.db, actor, "tidak-ada", { nama: "X", urutan: "1" })).toMatchObject({
      ok: false,
      status: 404,
    });
    await updateCategory(handle.db, actor, "cemilan", { nama: "Cemilan", urutan: "9" });
    expect(await deleteCategory(handle.db, actor, "paket")).toMatchObject({ ok: true });
    expect(await positions()).toEqual(["Makanan:1", "Minuman Hangat:2", "Minuman:3", "Cemilan:4"]);
  });

  it("the full menu shows one card per dish: a level family is one card, its lowest orderable level first", async () => {
    const [makanan] = await getMenuSections(handle.db);
    expect(oneCardPerDish(makanan!.items).map((item) => item.id)).toEqual(["mie-nyala-level-1"]);
    await setMenuItemAvailability(handle.db, actor, "mie-nyala-level-1", false);
    const [after] = await getMenuSections(handle.db);
    expect(oneCardPerDish(after!.items).map((item) => item.id)).toEqual(["mie-nyala-level-2"]);
    await setMenuItemAvailability(handle.db, actor, "mie-nyala-level-1", true);
  });
});
