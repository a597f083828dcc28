import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { promos } from "../../../database/schema.ts";
import { getActivePromos } from "../../../app/features/promotions/promo-cards.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`the promo cards of /beranda (${testDatabaseKind()})`, () => {
  it("shows only promos that are switched on and inside their dates, each with its rule read back", async () => {
    const shown = await getActivePromos(handle.db);
    // The time labels come from the rules ("Hanya Hari Ini" showed every day): the owner's label
    // says only what a rule cannot.
    expect(shown.map((promo) => [promo.title, promo.label, promo.rule?.kind])).toEqual([
      ["Beli 2 Mie Gratis Es Teh Jumbo", "", "gratis"],
      ["Diskon 20% Hari Senin", "", "persen"],
      ["Paket Hemat Pelajar", "Khusus Pelajar", "paket"],
    ]);
    const [first, second] = shown;
    await handle.db
      .update(promos)
      .set({ active_until: new Date(Date.now() - 1000) })
      .where(eq(promos.id, first!.id));
    await handle.db.update(promos).set({ aktif: false }).where(eq(promos.id, second!.id));
    expect((await getActivePromos(handle.db)).map((promo) => promo.id)).toEqual([shown[2]!.id]);
  });

  it("shows a promo whose stored rule it cannot read as a picture, pricing nothing", async () => {
    const [row] = await handle.db
      .insert(promos)
      .values({
        title: "Tulisan Tangan",
        image: "/images/promo/promo-1.webp",
        rule: { kind: "cashback" } as never,
      })
      .returning({ id: promos.id });
    const read = (await getActivePromos(handle.db)).find((promo) => promo.id === row!.id);
    expect(read).toMatchObject({ title: "Tulisan Tangan", rule: null });
  });
});
