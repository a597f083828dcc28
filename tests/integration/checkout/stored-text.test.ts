import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { contactMessages, orderEvents, orderItems, orders, users } from "../../../database/schema.ts";
import { action as contactAction } from "../../../app/routes/_site/kontak.tsx";
import { changeOrderStatus, listOrders } from "../../../app/features/kitchen/board/board.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { textField } from "../../../app/lib/form-schema.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, post, uniqueEmail } from "../accounts/auth-support.ts";
import { Shopper } from "../cart/cart-support.ts";

/**
 * Right-to-left overrides and zero-width characters (issue #26) never reach a stored field: the
 * checkout's details and notes, a cancellation's reason, a contact message, an admin form's text.
 * An order stored before this rule shows its name clean on the board.
 */
let handle: DatabaseHandle;
const admin = { id: newUserId(), email: uniqueEmail("admin"), role: "pemilik" as const, nama: "Admin Teks" };

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await handle.db.insert(users).values({ ...admin, provider: "password" });
});
afterAll(async () => {
  await handle?.close();
});

const RLO = "\u202e";
const ZERO_WIDTH = "\u200b";

describe(`stored text (${testDatabaseKind()})`, () => {
  it("the checkout's details and notes are stored without bidi overrides or zero-width characters", async () => {
    const shopper = await new Shopper().fill([{ id: "es-nyala" }]);
    await shopper.edit("simpan", { "catatan:es-nyala": `es${ZERO_WIDTH} sedikit${RLO}` });
    const answer = await shopper.checkout({
      nama: `Eve${RLO}sanuL${ZERO_WIDTH}`,
      cara: "antar",
      alamat: `Jl. Mawar${RLO} 3`,
      patokan: `dekat${ZERO_WIDTH} masjid`,
    });
    expect(answer.status, answer.body).toBe(201);
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.code, answer.json!.code as string));
    expect(order).toMatchObject({
      customer_name: "EvesanuL",
      address: "Jl. Mawar 3",
      landmark: "dekat masjid",
    });
    const [line] = await handle.db.select().from(orderItems).where(eq(orderItems.order_id, order!.id));
    expect(line?.catatan).toBe("es sedikit");
  });

  it("the board shows an older order's name clean, and stores a cancellation's reason clean", async () => {
    const shopper = await new Shopper().fill([{ id: "es-nyala" }]);
    const code = (await shopper.checkout()).json!.code as string;
    // As an order stored before names were cleaned.
    await handle.db
      .update(orders)
      .set({ customer_name: `Eve${RLO}1 pR :latoT` })
      .where(eq(orders.code, code));
    const { orders: listed } = await listOrders(handle.db, { q: code }, "Asia/Makassar");
    expect(listed[0]?.customer_name).toBe("Eve1 pR :latoT");

    const cancelled = await changeOrderStatus(handle.db, admin, {
      code,
      status: "batal",
      alasan: `Es${ZERO_WIDTH} habis${RLO} hari ini.`,
    });
    expect(cancelled).toMatchObject({ ok: true });
    const [event] = await handle.db.select().from(orderEvents).orderBy(desc(orderEvents.id)).limit(1);
    expect(event?.reason).toBe("Es habis hari ini.");
  });

  it("a contact message and an admin form's text are stored clean", async () => {
    const sent = await call(
      contactAction,
      post("/kontak", {
        nama: `Budi${RLO}`,
        email: "budi@contoh.test",
        pesan: `Halo,${ZERO_WIDTH}\napakah buka${RLO} besok?`,
      }),
    );
    expect(sent.status, sent.body).toBe(200);
    const [message] = await handle.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1);
    expect(message).toMatchObject({ nama: "Budi", pesan: "Halo,\napakah buka besok?" });

    expect(textField(100, "terlalu panjang").parse(`  Mie${RLO} Nyala${ZERO_WIDTH}  `)).toBe("Mie Nyala");
  });
});
