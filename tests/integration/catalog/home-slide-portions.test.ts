/**
 * The home page's slides follow today's portions like the product cards (#25 item 4, 0044): the
 * order that takes the last portion turns the slide's "Pesan Sekarang" into Habis, through the
 * cached home page, and a new count brings it back.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { menuItems, users } from "../../../database/schema.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { setTodaysPortion } from "../../../app/features/catalog/portions.server.ts";
import { getStoreSettings } from "../../../app/features/store/settings.server.ts";
import { loader as homeLoader } from "../../../app/routes/_site/beranda.tsx";
import { storeDate } from "../../../app/lib/clock.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { openAllDay, placeOrder } from "../../support/orders.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";

let handle: DatabaseHandle;

/** The Es Nyala slide as the home page's loader gives it (through the content cache). */
async function esNyalaSlide() {
  const { slides } = await homeLoader();
  return slides.find((slide) => slide.menuItemId === "es-nyala")!;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  // Open all day: the order and the home page read the same business day whatever the hour.
  await openAllDay(handle.db);
  await handle.db.update(menuItems).set({ porsi_harian: 2 }).where(eq(menuItems.id, "es-nyala"));
  invalidateContentCache();
});
afterAll(async () => {
  await handle?.close();
});

describe(`home page slides and daily portions (${testDatabaseKind()})`, () => {
  it("shows Habis on the slide once the last portion is ordered, and Pesan again with a new count", async () => {
    expect(await esNyalaSlide()).toMatchObject({ soldOut: false });
    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    // One left: still orderable, and this read fills the cache the next order must clear.
    expect(await esNyalaSlide()).toMatchObject({ soldOut: false });

    await placeOrder(handle.db, [{ id: "es-nyala", jumlah: 1 }]);
    expect(await esNyalaSlide()).toMatchObject({ soldOut: true, orderName: "Es Nyala" });
    const other = (await homeLoader()).slides.find((slide) => slide.menuItemId === "mie-nyala-level-1");
    expect(other).toMatchObject({ soldOut: false });

    const id = newUserId();
    const owner = { id, email: `porsi-${id.toLowerCase()}@contoh.test` };
    await handle.db
      .insert(users)
      .values({ id, nama: "Pemilik", email: owner.email, provider: "password", role: "pemilik" });
    const store = await getStoreSettings(handle.db);
    expect(
      await setTodaysPortion(handle.db, owner, { id: "es-nyala", sisa: "4" }, store, storeDate()),
    ).toEqual({
      ok: true,
    });
    expect(await esNyalaSlide()).toMatchObject({ soldOut: false });
  });
});
