/**
 * The quick checkout (#24 item 1, docs/decisions/0038-quick-checkout.md), on PGlite and
 * PostgreSQL: "Pesan" on one dish records the order like the cart's checkout, leaves the cart
 * as it is, and refuses a tampered item, level or price, or a busy store, recording nothing; one
 * drawing of its form records one order however often it is sent (0057).
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import {
  dailyPortions,
  menuItems,
  notifications,
  orderItems,
  orders,
  promos,
  storeSettings,
  users,
} from "../../../database/schema.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { SUBMISSION_FIELD } from "../../../app/features/checkout/checkout.ts";
import { findViewableOrder } from "../../../app/features/orders/order-view.server.ts";
import { action, loader } from "../../../app/routes/_site/keranjang-pesan.tsx";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { PICK_UP_FORM, openAllDay } from "../../support/orders.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, uniqueEmail } from "../accounts/auth-support.ts";
import { Shopper } from "../cart/cart-support.ts";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await openAllDay(handle.db);
  // Promotions off: this is about recording one dish (the pricing is the cart's own function).
  await handle.db.update(promos).set({ aktif: false });
  invalidateContentCache();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await handle.db
    .update(storeSettings)
    .set({ busy_open_ended: false, busy_until: null })
    .where(eq(storeSettings.id, 1));
  await handle.db.update(menuItems).set({ tersedia: true });
  invalidateContentCache();
});

/** "Pesan via WhatsApp" in the dish's quick checkout, as its form sends it. */
const quickOrder = (shopper: Shopper, fields: Record<string, string>, options: { plain?: boolean } = {}) =>
  shopper.send(
    (args) => action({ ...args, params: { menu: fields.menu ?? "" } } as Parameters<typeof action>[0]),
    `/keranjang/pesan/${fields.menu}`,
    { ...PICK_UP_FORM, jumlah: "1", ...fields },
    options,
  );

/** The dish's page as the server renders it (its loader's data). */
const quickPage = (menu: string) =>
  call(
    (args) => loader({ ...args, params: { menu } } as Parameters<typeof loader>[0]),
    get(`/keranjang/pesan/${menu}`),
  );

const orderCount = async () => (await handle.db.select({ n: count() }).from(orders))[0]!.n;

describe(`the quick checkout (${testDatabaseKind()})`, () => {
  it("its page offers the dish's levels with their prices", async () => {
    const page = await quickPage("mie-nyala-level-1");
    expect(page.status).toBe(200);
    expect(page.json?.family).toBe("Mie Nyala");
    expect(
      (page.json?.levels as { id: string; harga: number }[]).map(({ id, harga }) => [id, harga]),
    ).toEqual([
      ["mie-nyala-level-1", 10_000],
      ["mie-nyala-level-2", 11_000],
      ["mie-nyala-level-3", 12_000],
    ]);
    const missing = await quickPage("tidak-ada");
    expect(missing.status).toBe(404);
  });

  it("records the dish at the chosen level, with and without JavaScript, and leaves the cart as it was", async () => {
    const shopper = await new Shopper().fill([{ id: "es-teh-jumbo", jumlah: 2 }]);
    const before = await shopper.cart();

    for (const plain of [false, true]) {
      const answer = await quickOrder(
        shopper,
        {
          menu: "mie-nyala-level-1",
          level: "3",
          "harga-mie-nyala-level-3": "12000",
          jumlah: "2",
          catatan: "tanpa sayur",
        },
        { plain },
      );
      expect(answer.status, answer.body).toBe(201);
      const code = answer.json?.code as string;
      expect(answer.json?.total).toBe(24_000);
      expect(answer.json?.message).toContain(code);
      expect(answer.json?.message).toContain("Mie Nyala Level 3");
      expect(answer.json?.whatsappUrl).toMatch(/^https:\/\/wa\.me\//);
      const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
      expect(row).toMatchObject({ status: "baru", total: 24_000, customer_name: PICK_UP_FORM.nama });
      const lines = await handle.db.select().from(orderItems).where(eq(orderItems.order_id, row!.id));
      expect(lines).toMatchObject([
        { menu_item_id: "mie-nyala-level-3", level: 3, jumlah: 2, harga: 12_000, catatan: "tanpa sayur" },
      ]);
    }
    // The cart's lines are untouched and no pending order of the cart was set or replaced.
    const after = await shopper.cart();
    expect(after.cart.fingerprint).toBe(before.cart.fingerprint);
    expect([...shopper.cookies.keys()].some((name) => name.includes("nyala_pesanan"))).toBe(false);
  });

  it("refuses a tampered item, level or price, and a busy store, recording nothing", async () => {
    const shopper = new Shopper();
    const before = await orderCount();
    const refusals: [Record<string, string>, number, string | RegExp][] = [
      [
        { menu: "tidak-ada", "harga-tidak-ada": "1000" },
        409,
        "Menu tidak ditemukan. Muat ulang halaman lalu coba lagi.",
      ],
      [
        { menu: "../etc", "harga-es-teh-jumbo": "5000" },
        400,
        "Menu tidak ditemukan. Muat ulang halaman lalu coba lagi.",
      ],
      [
        { menu: "mie-nyala-level-1", level: "9", "harga-mie-nyala-level-1": "10000" },
        400,
        /Level pedas harus 0 sampai 5/,
      ],
      [
        { menu: "mie-nyala-level-1", level: "5", "harga-mie-nyala-level-5": "1" },
        400,
        /Mie Nyala Level 5 tidak ada di menu/,
      ],
      [
        { menu: "es-teh-jumbo", level: "2", "harga-es-teh-jumbo": "5000" },
        400,
        "Es Teh Jumbo tidak memakai level pedas.",
      ],
      [
        { menu: "es-teh-jumbo", "harga-es-teh-jumbo": "1" },
        409,
        "Harga Es Teh Jumbo kini Rp 5.000. Periksa lagi, lalu tekan Pesan.",
      ],
      [
        { menu: "mie-nyala-level-1", level: "3", "harga-mie-nyala-level-1": "10000" },
        409,
        /Harga Mie Nyala Level 3 kini Rp 12\.000/,
      ],
      [{ menu: "es-teh-jumbo" }, 409, /Harga Es Teh Jumbo kini/],
      [
        { menu: "es-teh-jumbo", "harga-es-teh-jumbo": "5000", jumlah: "0" },
        400,
        "Jumlah tiap menu harus 1 sampai 99.",
      ],
      [{ menu: "es-teh-jumbo", "harga-es-teh-jumbo": "5000", nama: "" }, 400, "Isi nama pemesan."],
    ];
    for (const [fields, status, message] of refusals) {
      const answer = await quickOrder(shopper, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.json?.message).toEqual(
        typeof message === "string" ? message : expect.stringMatching(message),
      );
    }

    await handle.db.update(menuItems).set({ tersedia: false }).where(eq(menuItems.id, "es-teh-jumbo"));
    invalidateContentCache();
    const soldOut = await quickOrder(shopper, { menu: "es-teh-jumbo", "harga-es-teh-jumbo": "5000" });
    expect([soldOut.status, soldOut.json?.message]).toEqual([409, "Es Teh Jumbo sedang habis."]);

    await handle.db.update(storeSettings).set({ busy_open_ended: true }).where(eq(storeSettings.id, 1));
    invalidateContentCache();
    const busy = await quickOrder(shopper, { menu: "mie-nyala-level-2", "harga-mie-nyala-level-2": "11000" });
    expect(busy.status).toBe(409);
    expect(busy.json?.message).toMatch(/^Toko sedang sibuk.* Coba lagi nanti, ya\.$/);

    expect(await orderCount()).toBe(before);
  });
});

describe(`one quick checkout form (${testDatabaseKind()})`, () => {
  const counts = async () => {
    const [[o], [n], [left]] = await Promise.all([
      handle.db.select({ n: count() }).from(orders),
      handle.db.select({ n: count() }).from(notifications),
      handle.db
        .select({ sisa: dailyPortions.sisa })
        .from(dailyPortions)
        .where(eq(dailyPortions.menu_item_id, "es-nyala")),
    ]);
    return { orders: o!.n, notifications: n!.n, left: left?.sisa ?? null };
  };
  /** The form as this drawing of the page holds it, one Es Nyala unless `fields` say otherwise. */
  const drawnForm = async (fields: Record<string, string> = {}, menu = "es-nyala", harga = "8000") => {
    const page = await quickPage(menu);
    const key = page.json?.submission as string;
    expect(key).toMatch(/^[\w-]{22}$/);
    return { menu, [`harga-${menu}`]: harga, [SUBMISSION_FIELD]: key, ...fields };
  };

  beforeAll(async () => {
    const id = newUserId();
    await handle.db
      .insert(users)
      .values({ id, nama: "Pemilik", email: uniqueEmail("pemilik"), provider: "password", role: "pemilik" });
    await handle.db.update(menuItems).set({ porsi_harian: 50 }).where(eq(menuItems.id, "es-nyala"));
  });

  it("records one order when it is sent three times: the same answer, one push, one print, portions once", async () => {
    const shopper = new Shopper();
    const form = await drawnForm({ jumlah: "2" });
    const before = await counts();
    const answers = [];
    for (const plain of [false, true, false]) answers.push(await quickOrder(shopper, form, { plain }));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const [first, ...again] = answers.map((answer) => answer.json!);
    for (const answer of again)
      for (const field of ["code", "total", "message", "whatsappUrl", "orderUrl"])
        expect(answer[field], field).toEqual(first![field]);
    const after = await counts();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.notifications).toBe(before.notifications + 1);
    expect(after.left).toBe((before.left ?? 50) - 2);
    // The chat's link, the same in every answer, opens the order: its secret is the one the order holds.
    const text = new URL(first!.whatsappUrl as string).searchParams.get("text")!;
    const token = /\?kunci=([\w-]+)/.exec(text)![1]!;
    expect(await findViewableOrder(handle.db, first!.code as string, { token, userId: null })).not.toBeNull();
  });

  it("records one order when the three arrive at once", async () => {
    const form = await drawnForm();
    const before = await counts();
    const answers = await Promise.all([1, 2, 3].map(() => quickOrder(new Shopper(), form)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json?.code)).size).toBe(1);
    expect((await counts()).orders).toBe(before.orders + 1);
  });

  it("answers its order again when that order took the last portion", async () => {
    await handle.db.update(menuItems).set({ porsi_harian: 1 }).where(eq(menuItems.id, "es-teh-jumbo"));
    invalidateContentCache();
    const form = await drawnForm({}, "es-teh-jumbo", "5000");
    const shopper = new Shopper();
    const first = await quickOrder(shopper, form);
    expect(first.status, first.body).toBe(201);
    const again = await quickOrder(shopper, form);
    expect([again.status, again.json?.code]).toEqual([201, first.json?.code]);
    const other = await quickOrder(shopper, await drawnForm({}, "es-teh-jumbo", "5000"));
    expect(other.status).toBe(409);
  });

  it("records another order for another request, and for a page drawn again", async () => {
    const shopper = new Shopper();
    const form = await drawnForm();
    const before = await counts();
    const one = await quickOrder(shopper, form);
    const more = await quickOrder(shopper, { ...form, jumlah: "3" });
    const redrawn = await quickOrder(shopper, await drawnForm());
    const codes = [one, more, redrawn].map((answer) => answer.json?.code);
    expect(new Set(codes).size).toBe(3);
    expect((await counts()).orders).toBe(before.orders + 3);
  });
});
