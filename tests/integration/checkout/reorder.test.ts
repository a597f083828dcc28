import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { menuItems, users } from "../../../database/schema.ts";
import { action as myOrdersAction } from "../../../app/routes/_site/pesanan-saya.tsx";
import { startSession } from "../../../app/features/accounts/auth.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { uniqueEmail } from "../accounts/auth-support.ts";
import { Shopper } from "../cart/cart-support.ts";
import { openAllDay } from "../../support/orders.ts";

/**
 * "Pesan lagi" on Pesanan saya: a past order's lines go back into the account's cart on the
 * server, as a plain form (no JavaScript needed); the cart page then says what changed since
 * (a new price, a sold-out dish), and only the account's own orders can be ordered again.
 */
let handle: DatabaseHandle;

beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_ORDER_ADDRESS", "1000");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  // Open all day every day, so the tests do not depend on the hour they run at.
  await openAllDay(handle.db);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

async function customer(nama: string) {
  const id = newUserId();
  await handle.db.insert(users).values({ id, nama, email: uniqueEmail("langganan"), provider: "password" });
  return /nyala_session=([^;]+)/.exec(await startSession(handle.db, id))![1]!;
}

const setMenu = async (id: string, values: { harga?: number; tersedia?: boolean }) => {
  await handle.db.update(menuItems).set(values).where(eq(menuItems.id, id));
  invalidateContentCache();
};

/** A signed-in customer who ordered, sent the message (the cart is empty again), and the code. */
async function pastOrder(session: string) {
  const shopper = new Shopper({ session });
  await shopper.fill([
    { id: "es-nyala", jumlah: 2 },
    { id: "mie-nyala-level-3", level: 3 },
  ]);
  await shopper.edit("simpan", { "catatan:mie-nyala-level-3#3": "tanpa daun bawang" });
  const recorded = await shopper.checkout();
  expect(recorded.status, recorded.body).toBe(201);
  expect((await shopper.sent()).status).toBe(200);
  expect((await shopper.cart()).cart.lines).toEqual([]);
  return { shopper, code: recorded.json?.code as string };
}

const reorder = (shopper: Shopper, kode: string, intent = "pesan-lagi", cara?: string) =>
  shopper.send(myOrdersAction, "/pesanan-saya", { intent, kode, ...(cara ? { cara } : {}) }, { plain: true });

describe(`Pesan lagi (${testDatabaseKind()})`, () => {
  it("puts the order's lines back in the account's cart, levels and notes kept, and opens the cart", async () => {
    const { shopper, code } = await pastOrder(await customer("Pelanggan Setia"));
    const answer = await reorder(shopper, code);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/keranjang");
    const { cart } = await shopper.cart();
    expect(cart.lines.map(({ key, jumlah, catatan }) => ({ key, jumlah, catatan }))).toEqual([
      { key: "es-nyala", jumlah: 2, catatan: "" },
      { key: "mie-nyala-level-3#3", jumlah: 1, catatan: "tanpa daun bawang" },
    ]);
  });

  it("into a cart with lines asks first, then replaces them or adds to them as chosen", async () => {
    const { shopper, code } = await pastOrder(await customer("Pelanggan Ragu"));
    await shopper.add("pangsit-goreng");
    const asked = await reorder(shopper, code);
    expect([asked.status, asked.json]).toEqual([200, { status: "ask", code, count: 1 }]);
    const keys = async () => (await shopper.cart()).cart.lines.map((line) => `${line.key}×${line.jumlah}`);
    expect(await keys()).toEqual(["pangsit-goreng×1"]);
    // "Tambahkan": the order joins what is there; twice, the quantities add up.
    expect((await reorder(shopper, code, "pesan-lagi", "tambah")).status).toBe(303);
    expect((await reorder(shopper, code, "pesan-lagi", "tambah")).status).toBe(303);
    expect(await keys()).toEqual(["pangsit-goreng×1", "es-nyala×4", "mie-nyala-level-3#3×2"]);
    // "Ganti isi keranjang": only the order is left, at its own quantities.
    expect((await reorder(shopper, code, "pesan-lagi", "ganti")).status).toBe(303);
    expect(await keys()).toEqual(["es-nyala×2", "mie-nyala-level-3#3×1"]);
    // Anything else in `cara` is no answer: it asks again.
    expect((await reorder(shopper, code, "pesan-lagi", "semua")).json).toMatchObject({ status: "ask" });
  });

  it("flags what changed since: a new price is said once, a sold-out dish stays out of the next order", async () => {
    const { shopper, code } = await pastOrder(await customer("Pelanggan Lama"));
    await setMenu("es-nyala", { harga: 8_500 });
    await setMenu("mie-nyala-level-3", { tersedia: false });
    try {
      expect((await reorder(shopper, code)).status).toBe(303);
      const { cart } = await shopper.cart();
      expect(cart.notices).toEqual([
        "Harga Es Nyala berubah dari Rp 8.000 menjadi Rp 8.500.",
        "Mie Nyala Level 3 sedang habis dan tidak ikut dipesan.",
      ]);
      expect(cart.lines.map((line) => [line.key, line.harga, line.problem])).toEqual([
        ["es-nyala", 8_500, null],
        ["mie-nyala-level-3#3", 12_000, "habis"],
      ]);
      // The next checkout orders the Es Nyala at today's price, without the sold-out dish.
      const next = await shopper.checkout();
      expect(next.status, next.body).toBe(201);
      expect(next.json?.total).toBe(17_000);
    } finally {
      await setMenu("es-nyala", { harga: 8_000 });
      await setMenu("mie-nyala-level-3", { tersedia: true });
    }
  });

  it("orders again only the account's own orders: another's code is unknown (404), the cart untouched", async () => {
    const { code } = await pastOrder(await customer("Pemilik"));
    const stranger = new Shopper({ session: await customer("Orang Lain") });
    for (const kode of [code, "NY-AAAA", "bukan-kode", ""]) {
      const answer = await reorder(stranger, kode);
      expect(answer.status, kode).toBe(404);
      expect(answer.json, kode).toEqual({ status: "error", message: "Pesanan tidak ditemukan." });
    }
    expect((await stranger.cart()).cart.lines).toEqual([]);
    expect((await reorder(stranger, code, "hapus")).status).toBe(400);
  });

  it("sends a visitor who is not signed in to the login, and adds nothing", async () => {
    const { code } = await pastOrder(await customer("Pemesan"));
    const guest = new Shopper();
    const answer = await reorder(guest, code);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/masuk?redirectTo=%2Fpesanan-saya");
    expect(guest.cookies.size).toBe(0);
  });
});
