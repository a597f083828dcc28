import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { menuItems, storeSettings } from "../../../database/schema.ts";
import { seedCatalog, seedOperations } from "../../../database/seed.ts";
import { currentCatalog } from "../../../app/features/cart/cart.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { DEFAULT_OPENING_HOURS } from "../../../app/features/store/opening-hours.ts";
import { getStoreSettings } from "../../../app/features/store/settings.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  vi.stubEnv("BRAND_NAME", "Mie Uji");
  vi.stubEnv("WHATSAPP_NUMBER", "0812-1111-2222");
  vi.stubEnv("TIKTOK_URL", "");
  handle = await createTestDatabase();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

const reload = () => {
  invalidateContentCache();
  return getStoreSettings(handle.db, new Date("2026-11-16T04:00:00Z")); // Monday 12.00 WITA
};

describe(`store settings (${testDatabaseKind()})`, () => {
  it("start from the environment settings while the stored row is empty", async () => {
    const store = await reload();
    expect(store).toMatchObject({
      brand: "Mie Uji",
      whatsapp: "6281211112222",
      whatsappDisplay: "+62 812-1111-2222",
      address: "Jl. Contoh No. 123, Kendari, Sulawesi Tenggara",
      timezone: "Asia/Makassar",
      today: 0,
      status: { open: true, next: null },
      reopening: "",
    });
    expect(store.socials.map((social) => social.name)).toEqual(["Instagram", "Facebook"]);
    expect(store.openingHours).toEqual(DEFAULT_OPENING_HOURS);
  });

  it("the stored row overrides them; an empty social link hides the environment's", async () => {
    await handle.db
      .update(storeSettings)
      .set({
        brand: "Mie Nyala Kendari",
        whatsapp: "6289900001111",
        instagram_url: "",
        tiktok_url: "https://www.tiktok.com/@nyala.kdi",
        opening_hours: DEFAULT_OPENING_HOURS.map((day, index) => ({ ...day, libur: index === 0 })),
      })
      .where(eq(storeSettings.id, 1));
    const store = await reload();
    expect(store).toMatchObject({
      brand: "Mie Nyala Kendari",
      whatsapp: "6289900001111",
      status: { open: false, next: { when: "besok", time: "10.00" } },
      reopening: "Toko sedang tutup. Buka lagi besok pukul 10.00.",
    });
    expect(store.socials).toEqual([
      { name: "Facebook", url: "https://www.facebook.com/mienyala" },
      { name: "TikTok", url: "https://www.tiktok.com/@nyala.kdi" },
    ]);
  });

  it("today and the open status are the store's, at the same moment, in its time zone", async () => {
    await handle.db
      .update(storeSettings)
      .set({ timezone: "Asia/Jakarta", opening_hours: DEFAULT_OPENING_HOURS.map((day) => ({ ...day })) })
      .where(eq(storeSettings.id, 1));
    invalidateContentCache();
    // Monday 16 November 2026, 23.30 WIB: still Monday in Jakarta, already Tuesday in Makassar.
    const store = await getStoreSettings(handle.db, new Date("2026-11-16T16:30:00Z"));
    expect(store).toMatchObject({
      today: 0,
      status: { open: false, next: { when: "besok", time: "10.00" } },
      reopening: "Toko sedang tutup. Buka lagi besok pukul 10.00.",
    });
    await handle.db.update(storeSettings).set({ timezone: "Asia/Makassar" }).where(eq(storeSettings.id, 1));
    invalidateContentCache();
    expect((await getStoreSettings(handle.db, new Date("2026-11-16T16:30:00Z"))).today).toBe(1);
  });

  it("the starting noodles are the levels of one dish; drinks and snacks have none", async () => {
    const levels = Object.fromEntries(
      (await currentCatalog(handle.db)).map((item) => [item.id, [item.level_family, item.level]]),
    );
    expect(levels).toEqual({
      "mie-nyala-level-1": ["Mie Nyala", 1],
      "mie-nyala-level-2": ["Mie Nyala", 2],
      "mie-nyala-level-3": ["Mie Nyala", 3],
      "es-teh-jumbo": [null, null],
      "es-nyala": [null, null],
      "pangsit-goreng": [null, null],
    });
  });

  it("seeding again changes nothing the owner changed", async () => {
    await handle.db
      .update(menuItems)
      .set({ level_family: null, level: null, nama: "Mie Nyala Spesial" })
      .where(eq(menuItems.id, "mie-nyala-level-2"));
    expect(await seedOperations(handle.db)).toBe(false);
    expect(await seedCatalog(handle.db)).toBe(false);
    const [item] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "mie-nyala-level-2"));
    expect(item).toMatchObject({ nama: "Mie Nyala Spesial", level_family: null, level: null });
    const [row] = await handle.db.select().from(storeSettings);
    expect(row?.brand).toBe("Mie Nyala Kendari");
  });
});
