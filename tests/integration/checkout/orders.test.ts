import { createHash } from "node:crypto";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import {
  auditLog,
  menuItems,
  orderItems,
  orders,
  promos,
  storeSettings,
  users,
} from "../../../database/schema.ts";
import { action as orderAction, loader as orderLoader } from "../../../app/routes/_site/pesanan.tsx";
import { startSession } from "../../../app/features/accounts/auth.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { DEFAULT_OPENING_HOURS } from "../../../app/features/store/opening-hours.ts";
import { MESSAGE_BUDGET } from "../../../app/features/checkout/order-message.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, ORIGIN, post, uniqueEmail } from "../accounts/auth-support.ts";
import { Shopper } from "../cart/cart-support.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_ORDER_ADDRESS", "4");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  // Open all day every day, so these tests do not depend on the hour they run at.
  await setHours(DEFAULT_OPENING_HOURS.map(() => ({ buka: "00:00", tutup: "00:00", libur: false })));
  // Promotions off: these tests are about recording; checkout-pricing.test.ts prices with promos.
  await handle.db.update(promos).set({ aktif: false });
  invalidateContentCache();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

async function setHours(hours: { buka: string; tutup: string; libur: boolean }[]) {
  await handle.db.update(storeSettings).set({ opening_hours: hours }).where(eq(storeSettings.id, 1));
  invalidateContentCache();
}

let addressCounter = 0;
/** Each order from its own address, unless a test is about the per-address limit. */
const freshAddress = () => `198.51.100.${++addressCounter % 250}`;

/** The pending order cookie as this browser (development settings) holds it. */
const PENDING_COOKIE = "nyala_pesanan";

interface OrderLine {
  id: string;
  jumlah: number;
  level?: number;
  catatan?: string;
}

/** A shopper whose cart holds `items` (through the move of a stored cart: quick, and the same rules). */
async function shopperWith(items: OrderLine[], options: { address?: string; session?: string } = {}) {
  const shopper = new Shopper({ address: options.address ?? freshAddress(), session: options.session });
  const menu = await handle.db
    .select({ id: menuItems.id, nama: menuItems.nama, harga: menuItems.harga })
    .from(menuItems);
  const byId = new Map(menu.map((item) => [item.id, item]));
  const stored = items.map((line) => ({ nama: "?", harga: 1, ...byId.get(line.id), ...line }));
  if (items.length > 0) {
    const moved = await shopper.importStored(JSON.stringify(stored));
    if (moved.status !== 200) throw new Error(`filling the cart: ${moved.status} ${moved.body}`);
  }
  return shopper;
}

/**
 * POST /pesanan from a cart holding `items`: the cart page's form with its fingerprint and any
 * `fields`. `replaces` is the pending order cookie the browser sends along: a `{code, token}` pair
 * as the server set it, or any raw cookie value.
 */
async function order(
  items: OrderLine[],
  options: {
    address?: string;
    session?: string;
    replaces?: { code: string; token: string } | string;
    fields?: Record<string, string>;
  } = {},
) {
  const shopper = await shopperWith(items, options);
  if (options.replaces !== undefined) {
    const { replaces } = options;
    shopper.cookies.set(
      PENDING_COOKIE,
      typeof replaces === "string" ? replaces : `${replaces.code}.${replaces.token}`,
    );
  }
  return shopper.checkout(options.fields);
}

/** What the answer's pending order cookie holds. */
function pendingCookieOf(headers: Headers): { code: string; token: string; flags: string } | null {
  const cookie = headers.getSetCookie().find((value) => value.startsWith(`${PENDING_COOKIE}=`));
  if (!cookie) return null;
  const [pair = "", ...flags] = cookie.split("; ");
  const [code = "", token = ""] = pair.slice(PENDING_COOKIE.length + 1).split(".");
  return { code, token, flags: flags.join("; ") };
}

const orderCount = async () => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;

const CODE = /^NY-[34679ACDEFGHJKMNPQRTUVWXY]{4}$/;

describe(`recording an order (${testDatabaseKind()})`, () => {
  it("stores the order with the database's names and prices and answers the code and the exact message", async () => {
    const answer = await order([
      { id: "mie-nyala-level-3", jumlah: 2, level: 3, catatan: "  tanpa\nsayur  " },
      { id: "mie-nyala-level-2", jumlah: 1, level: 2 },
      { id: "es-teh-jumbo", jumlah: 1 },
    ]);
    expect(answer.status).toBe(201);
    const code = answer.json?.code as string;
    expect(code).toMatch(CODE);
    expect(answer.json?.total).toBe(40_000);
    expect(answer.json?.outsideHours).toBe(false);
    const link = /^Lihat pesanan: (.+)$/m.exec(answer.json?.message as string)?.[1] ?? "";
    expect(link).toMatch(new RegExp(`^${ORIGIN}/pesanan/${code}\\?kunci=[A-Za-z0-9_-]{32}$`));
    const message = [
      "Halo Mie Nyala, saya ingin memesan:",
      `Kode pesanan: ${code}`,
      "2x Mie Nyala Level 3 — Rp 24.000",
      "   Pedas",
      "   Catatan: tanpa sayur",
      "1x Mie Nyala Level 2 — Rp 11.000",
      "   Pedas sedang",
      "1x Es Teh Jumbo — Rp 5.000",
      "Total: Rp 40.000",
      "Atas nama: Pelanggan Uji",
      "WhatsApp: +62 812-3456-7890",
      "Cara: Ambil sendiri",
      "Waktu: Secepatnya",
      "Bayar: Tunai",
      `Lihat pesanan: ${link}`,
    ].join("\n");
    expect(answer.json?.message).toBe(message);
    expect(answer.json?.orderUrl).toBe(`/pesanan/${code}`);
    expect(answer.json?.whatsappUrl).toBe(`https://wa.me/6281234567890?text=${encodeURIComponent(message)}`);

    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(row).toMatchObject({
      status: "baru",
      subtotal: 40_000,
      total: 40_000,
      user_id: null,
      customer_name: "Pelanggan Uji",
      customer_phone: "6281234567890",
      fulfilment: "ambil",
      scheduled_for: null,
      sent_at: null,
    });
    const lines = await handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, row!.id))
      .orderBy(orderItems.id);
    expect(
      lines.map(({ menu_item_id, nama, harga, jumlah, level, catatan, subtotal }) => ({
        menu_item_id,
        nama,
        harga,
        jumlah,
        level,
        catatan,
        subtotal,
      })),
    ).toEqual([
      {
        menu_item_id: "mie-nyala-level-3",
        nama: "Mie Nyala Level 3",
        harga: 12_000,
        jumlah: 2,
        level: 3,
        catatan: "tanpa sayur",
        subtotal: 24_000,
      },
      {
        menu_item_id: "mie-nyala-level-2",
        nama: "Mie Nyala Level 2",
        harga: 11_000,
        jumlah: 1,
        level: 2,
        catatan: "",
        subtotal: 11_000,
      },
      {
        menu_item_id: "es-teh-jumbo",
        nama: "Es Teh Jumbo",
        harga: 5_000,
        jumlah: 1,
        level: null,
        catatan: "",
        subtotal: 5_000,
      },
    ]);
  });

  it("ignores a price, a name or a list of items in the form, and records no total but its own: the server's cart and prices decide", async () => {
    // A total the server does not come to is never recorded: the answer says the real one.
    const before = await orderCount();
    const forged = await order([{ id: "pangsit-goreng", jumlah: 3 }], { fields: { total: "3" } });
    expect([forged.status, forged.json?.message]).toEqual([
      409,
      "Total pesananmu kini Rp 27.000: promo atau harga berubah sejak keranjang dibuka. Periksa rinciannya, lalu tekan Pesan lagi.",
    ]);
    expect(await orderCount()).toBe(before);
    const answer = await order([{ id: "pangsit-goreng", jumlah: 3 }], {
      fields: {
        harga: "1",
        nama_menu: "Gratis",
        total: "27000",
        items: JSON.stringify([{ id: "es-nyala", jumlah: 99, harga: 1 }]),
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.json?.total).toBe(27_000);
    expect(answer.json?.message).toContain("3x Pangsit Goreng — Rp 27.000");
    expect(answer.json?.message).not.toContain("Gratis");
    expect(answer.json?.message).not.toContain("Es Nyala");
    const [row] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.code, answer.json?.code as string));
    expect(row?.total).toBe(27_000);
    const [line] = await handle.db.select().from(orderItems).where(eq(orderItems.order_id, row!.id));
    expect(line).toMatchObject({ nama: "Pangsit Goreng", harga: 9_000, subtotal: 27_000 });
  });

  it("takes a price change in the menu into the next order; a change after the page was drawn is refused (409)", async () => {
    const setPrice = async (harga: number) => {
      await handle.db.update(menuItems).set({ harga }).where(eq(menuItems.id, "es-nyala"));
      invalidateContentCache();
    };
    await setPrice(8_500);
    try {
      expect((await order([{ id: "es-nyala", jumlah: 2 }])).json?.total).toBe(17_000);
      // The page showed Rp 8.500; the price moved before the tap: nothing is recorded.
      const shopper = await shopperWith([{ id: "es-nyala", jumlah: 2 }]);
      const shown = (await shopper.cart()).cart.fingerprint;
      await setPrice(9_000);
      const before = await orderCount();
      const refused = await shopper.checkout({ keranjang: shown });
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({
        status: "error",
        message: "Isi keranjang berubah sejak halaman ini dibuka. Periksa lagi, lalu pesan.",
      });
      expect(await orderCount()).toBe(before);
      // The cart page says why, once; the next checkout is at the new price.
      expect((await shopper.cart()).cart.notices).toEqual([
        "Harga Es Nyala berubah dari Rp 8.500 menjadi Rp 9.000.",
      ]);
      expect((await shopper.checkout()).json?.total).toBe(18_000);
    } finally {
      await setPrice(8_000);
    }
  });

  it("records the signed-in customer's order under the account; deleting the account keeps the order", async () => {
    const id = newUserId();
    await handle.db
      .insert(users)
      .values({ id, nama: "Budi Santoso", email: uniqueEmail("budi"), provider: "password" });
    const cookie = await startSession(handle.db, id);
    const token = /nyala_session=([^;]+)/.exec(cookie)![1]!;
    const answer = await order([{ id: "es-nyala", jumlah: 1 }], {
      session: token,
      fields: { nama: "Budi Santoso" },
    });
    expect(answer.status).toBe(201);
    expect(answer.json?.message).toContain("\nAtas nama: Budi Santoso");
    const code = answer.json?.code as string;
    expect((await handle.db.select().from(orders).where(eq(orders.code, code)))[0]).toMatchObject({
      user_id: id,
      customer_name: "Budi Santoso",
    });
    await handle.db.delete(users).where(eq(users.id, id));
    expect((await handle.db.select().from(orders).where(eq(orders.code, code)))[0]).toMatchObject({
      user_id: null,
      customer_name: "Budi Santoso",
    });
  });

  it.each([
    ["an empty cart", [], {}, "Pesanan kosong. Tambahkan menu ke keranjang dulu."],
    [
      "a note of 101 characters",
      [{ id: "es-nyala", jumlah: 1 }],
      { "catatan:es-nyala": "x".repeat(101) },
      "Catatan paling banyak 100 karakter.",
    ],
    [
      "a level 6",
      [{ id: "mie-nyala-level-2", jumlah: 1, level: 1 }],
      { "level:mie-nyala-level-2#1": "6" },
      "Level pedas harus 0 sampai 5.",
    ],
    [
      "a level on a drink",
      [{ id: "es-teh-jumbo", jumlah: 1 }],
      { "level:es-teh-jumbo": "2" },
      "Es Teh Jumbo tidak memakai level pedas.",
    ],
    [
      "a line key that cannot be one",
      [{ id: "es-nyala", jumlah: 1 }],
      { "catatan:<script>": "x" },
      "Isi keranjang tidak bisa dibaca. Muat ulang halaman lalu coba lagi.",
    ],
  ])("refuses %s with 400 and a clear message, storing nothing", async (_name, items, fields, message) => {
    const before = await orderCount();
    const answer = await order(items, { fields });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ status: "error", message });
    expect(await orderCount()).toBe(before);
  });

  it("refuses a browser without any cart (400), recording nothing", async () => {
    const before = await orderCount();
    const answer = await new Shopper({ address: freshAddress() }).send(orderAction, "/pesanan", {
      keranjang: "",
    });
    expect(answer.json).toEqual({
      status: "error",
      message: "Pesanan kosong. Tambahkan menu ke keranjang dulu.",
    });
    expect(answer.status).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it("applies the notes and levels the form carries before recording (a browser without JavaScript types them and taps)", async () => {
    // A cart kept from before level families: Mie Nyala Level 3 at level 5 (the old picker).
    const shopper = await shopperWith([
      { id: "mie-nyala-level-3", jumlah: 1, level: 5 },
      { id: "es-nyala", jumlah: 1 },
    ]);
    // Flagged, never repriced: the customer picks a level of the dish first.
    expect((await shopper.cart()).cart.lines[0]).toMatchObject({
      nama: "Mie Nyala Level 3",
      problem: "pilih-level",
    });
    const missing = await shopper.checkout();
    expect(missing.status).toBe(400);
    expect(missing.json?.message).toBe("Pilih level pedas untuk Mie Nyala Level 3.");
    const typed = { "level:mie-nyala-level-3#5": "2", "catatan:es-nyala": "tanpa es batu" };
    // The page showed Level 3's price: the new level's total is shown before anything is recorded.
    const repriced = await shopper.checkout(typed);
    expect([repriced.status, repriced.json?.message]).toEqual([
      409,
      "Total pesananmu kini Rp 19.000: promo atau harga berubah sejak keranjang dibuka. Periksa rinciannya, lalu tekan Pesan lagi.",
    ]);
    const answer = await shopper.checkout(typed);
    expect(answer.status).toBe(201);
    // Level 2 is its own item: its name, its price and its level agree.
    expect(answer.json?.message).toContain("1x Mie Nyala Level 2 — Rp 11.000\n   Pedas sedang\n");
    expect(answer.json?.message).toContain("1x Es Nyala — Rp 8.000\n   Catatan: tanpa es batu\n");
    expect((await shopper.cart()).cart.lines.map((line) => [line.key, line.catatan])).toEqual([
      ["mie-nyala-level-2#2", ""],
      ["es-nyala", "tanpa es batu"],
    ]);
  });

  it("accepts a note of exactly 100 characters (emoji count as one)", async () => {
    const answer = await order([{ id: "es-nyala", jumlah: 1 }], {
      fields: { "catatan:es-nyala": "🌶".repeat(100) },
    });
    expect(answer.status).toBe(201);
  });

  it("leaves a sold-out dish out of the order and in the cart; with only sold-out dishes, records nothing (409)", async () => {
    const setSoldOut = async (tersedia: boolean) => {
      await handle.db.update(menuItems).set({ tersedia }).where(eq(menuItems.id, "pangsit-goreng"));
      invalidateContentCache();
    };
    const shopper = await shopperWith([
      { id: "es-nyala", jumlah: 1 },
      { id: "pangsit-goreng", jumlah: 1 },
    ]);
    await setSoldOut(false);
    try {
      const answer = await shopper.checkout();
      expect(answer.status).toBe(201);
      expect(answer.json?.message).toContain("1x Es Nyala — Rp 8.000");
      expect(answer.json?.message).not.toContain("Pangsit");
      // Only the sold-out Pangsit is left: in the cart, but nothing the header counts.
      expect((await shopper.sent()).json).toMatchObject({ status: "success", cart: { count: 0 } });
      expect((await shopper.cart()).cart.lines.map((line) => [line.key, line.problem])).toEqual([
        ["pangsit-goreng", "habis"],
      ]);
      const before = await orderCount();
      const refused = await shopper.checkout();
      expect(refused.status).toBe(409);
      expect(refused.json?.message).toBe("Semua menu di keranjang sedang habis.");
      expect(await orderCount()).toBe(before);
    } finally {
      await setSoldOut(true);
    }
    expect((await shopper.checkout()).status).toBe(201);
  });

  it("a dish that left the menu after the page was drawn: nothing is recorded (409), the cart page says so", async () => {
    const [teh] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "es-teh-jumbo"));
    const shopper = await shopperWith([
      { id: "es-nyala", jumlah: 1 },
      { id: "es-teh-jumbo", jumlah: 1 },
    ]);
    const shown = (await shopper.cart()).cart.fingerprint;
    await handle.db.delete(menuItems).where(eq(menuItems.id, "es-teh-jumbo"));
    invalidateContentCache();
    try {
      expect((await shopper.checkout({ keranjang: shown })).status).toBe(409);
      expect((await shopper.cart()).cart.notices).toEqual([
        "Es Teh Jumbo sudah tidak ada di menu dan dihapus dari keranjang.",
      ]);
      expect((await shopper.checkout()).json?.total).toBe(8_000);
    } finally {
      await handle.db.insert(menuItems).values(teh!);
      invalidateContentCache();
    }
  });

  it("outside opening hours still records, and the message says when it will be processed", async () => {
    await setHours(DEFAULT_OPENING_HOURS.map((day) => ({ ...day, libur: true })));
    try {
      const answer = await order([{ id: "es-nyala", jumlah: 1 }]);
      expect(answer.status).toBe(201);
      expect(answer.json?.outsideHours).toBe(true);
      expect(String(answer.json?.message).split("\n").at(-2)).toBe(
        "Toko sedang tutup: pesanan ini akan diproses saat toko buka kembali.",
      );
      const [row] = await handle.db
        .select()
        .from(orders)
        .where(eq(orders.code, answer.json?.code as string));
      expect(row?.outside_hours).toBe(true);
    } finally {
      await setHours(DEFAULT_OPENING_HOURS.map(() => ({ buka: "00:00", tutup: "00:00", libur: false })));
    }
  });

  it("keeps a 50-line order's message within the budget, with its code", async () => {
    // 50 different lines: the seed's three noodle levels, and 47 more drinks.
    const extra = Array.from({ length: 47 }, (_, index) => `minuman-uji-${index}`);
    await handle.db.insert(menuItems).values(
      extra.map((id) => ({
        id,
        nama: `Minuman Uji ${id.slice(-2)}`,
        category_id: "minuman",
        harga: 7_000,
        gambar: "/images/menu/es-nyala.webp",
      })),
    );
    invalidateContentCache();
    try {
      const noodles = [1, 2, 3].map((level) => ({ id: `mie-nyala-level-${level}`, level, jumlah: 99 }));
      const items = [...noodles, ...extra.map((id) => ({ id, jumlah: 99 }))];
      const shopper = await shopperWith(items);
      const fields = Object.fromEntries(
        (await shopper.cart()).cart.lines.map((line, index) => [
          `catatan:${line.key}`,
          `catatan nomor ${index} `.repeat(5).slice(0, 100),
        ]),
      );
      const answer = await shopper.checkout(fields);
      expect(answer.status, answer.body).toBe(201);
      const message = answer.json?.message as string;
      expect(message.length).toBeLessThanOrEqual(MESSAGE_BUDGET);
      expect(message).toContain(`Kode pesanan: ${answer.json?.code as string}`);
      expect(message).toContain("Total: Rp 35.838.000");
      const [row] = await handle.db
        .select()
        .from(orders)
        .where(eq(orders.code, answer.json?.code as string));
      const stored = await handle.db.select().from(orderItems).where(eq(orderItems.order_id, row!.id));
      expect(stored).toHaveLength(50);
      expect(stored.every((line) => line.catatan.length > 0)).toBe(true);
    } finally {
      await handle.db.delete(menuItems).where(inArray(menuItems.id, extra));
      invalidateContentCache();
    }
  });

  it("gives every order its own code", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++)
      codes.add((await order([{ id: "es-nyala", jumlah: 1 }])).json?.code as string);
    expect(codes.size).toBe(20);
    const rows = await handle.db
      .select({ code: orders.code })
      .from(orders)
      .where(inArray(orders.code, [...codes]));
    expect(rows).toHaveLength(20);
  });

  it("limits orders per client address: 429 with Retry-After, other addresses unaffected", async () => {
    const address = "203.0.113.77";
    for (let i = 0; i < 4; i++) {
      expect((await order([{ id: "es-nyala", jumlah: 1 }], { address })).status).toBe(201);
    }
    const before = await orderCount();
    const refused = await order([{ id: "es-nyala", jumlah: 1 }], { address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(refused.json?.message).toMatch(
      /^Terlalu banyak pesanan dari jaringan ini\. Coba lagi dalam (\d+ menit|1 jam)/,
    );
    expect(await orderCount()).toBe(before);
    expect((await order([{ id: "es-nyala", jumlah: 1 }], { address: "203.0.113.78" })).status).toBe(201);
  });

  it("refuses other content types (415) and cross-site posts (403); a GET goes to the cart", async () => {
    const json = new Request(`${ORIGIN}/pesanan`, {
      method: "POST",
      body: JSON.stringify({ items: [{ id: "es-nyala", jumlah: 1 }] }),
      headers: { "content-type": "application/json", origin: ORIGIN, host: new URL(ORIGIN).host },
    });
    expect((await call(orderAction, json)).status).toBe(415);
    const crossSite = post("/pesanan", { keranjang: "" }, { headers: { origin: "https://evil.example" } });
    expect((await call(orderAction, crossSite)).status).toBe(403);
    const page = await call(orderLoader, get("/pesanan"));
    expect([page.status, page.headers.get("location")]).toEqual([302, "/keranjang"]);
  });

  it("the database refuses an unknown status and a level outside 0–5", async () => {
    const [row] = await handle.db.select({ id: orders.id }).from(orders).limit(1);
    await expect(
      handle.db.execute(sql`update orders set status = 'dikirim' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`update order_items set level = 6 where order_id = ${row!.id}`),
    ).rejects.toThrow();
  });
});

describe(`replacing an unsent order (${testDatabaseKind()})`, () => {
  const ES: OrderLine[] = [{ id: "es-nyala", jumlah: 1 }];
  const rowOf = async (code: string) =>
    (await handle.db.select().from(orders).where(eq(orders.code, code)))[0];

  /** Records an order and returns what the browser keeps of it (its cookie): code and secret. */
  async function placed(items: OrderLine[] = ES) {
    const answer = await order(items);
    expect(answer.status).toBe(201);
    const cookie = pendingCookieOf(answer.headers);
    expect(cookie?.code).toBe(answer.json?.code);
    return { code: cookie!.code, token: cookie!.token };
  }

  it("gives each order a secret in an HttpOnly cookie, never in the body; only its SHA-256 is stored", async () => {
    const answer = await order(ES);
    const cookie = pendingCookieOf(answer.headers);
    expect(cookie?.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // For the whole site: the checkout's JavaScript posts to /pesanan.data, which a cookie for
    // /pesanan alone would not reach.
    expect(cookie?.flags).toBe("Path=/; HttpOnly; SameSite=Lax; Max-Age=86400");
    expect(answer.body).not.toContain(cookie!.token);
    expect(answer.json).not.toHaveProperty("token");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const second = await placed();
    expect(second.token).not.toBe(cookie!.token);
    const row = await rowOf(cookie!.code);
    expect(row?.token_hash).toBe(createHash("sha256").update(cookie!.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(cookie!.token);
  });

  it("'sent' (intent=terkirim) takes the order's lines out of the cart and deletes the cookie, so a later checkout cannot cancel it", async () => {
    const shopper = await shopperWith([
      { id: "es-nyala", jumlah: 1 },
      { id: "mie-nyala-level-3", jumlah: 2, level: 3 },
    ]);
    const first = await shopper.checkout();
    const code = first.json?.code as string;
    // Added after the checkout: not in the order, so it stays.
    await shopper.add("pangsit-goreng");
    const sent = await shopper.sent();
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ status: "success", code, cart: { count: 1 } });
    expect(sent.headers.getSetCookie()).toEqual([
      `${PENDING_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
    ]);
    expect((await shopper.cart()).cart.lines.map((line) => line.key)).toEqual(["pangsit-goreng"]);
    // The browser no longer sends it: the next order leaves the first as it is.
    const next = await shopper.checkout();
    expect(next.json?.replaced).toBeNull();
    expect(await rowOf(code)).toMatchObject({ status: "baru" });
    // Without JavaScript: back to the cart, which thanks the customer with the code.
    const plain = await shopper.sent({ plain: true });
    expect([plain.status, plain.headers.get("location")]).toEqual([
      303,
      `/keranjang?terkirim=${next.json?.code}`,
    ]);
    // A browser with no pending order: nothing to take out.
    expect((await new Shopper().sent()).json).toMatchObject({ status: "success", code: null });
  });

  it("with the right secret, the old order is cancelled in the same step, and the log says why", async () => {
    const first = await placed();
    const answer = await order([{ id: "es-nyala", jumlah: 2 }], { replaces: first });
    expect(answer.status).toBe(201);
    const code = answer.json?.code as string;
    expect(answer.json?.replaced).toBe(first.code);
    expect(await rowOf(first.code)).toMatchObject({ status: "batal", replaced_by: code });
    expect(await rowOf(code)).toMatchObject({ status: "baru", total: 16_000, replaced_by: null });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, first.code))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      user_id: null,
      actor_email: "otomatis",
      action: "status",
      entity: "pesanan",
      summary: `Pesanan ${first.code}: Baru → Dibatalkan (diganti pesanan ${code})`,
    });

    // A cancelled order cannot be replaced again: the next checkout only records itself.
    const again = await order(ES, { replaces: first });
    expect(again.status).toBe(201);
    expect(again.json?.replaced).toBeNull();
    expect(await rowOf(code)).toMatchObject({ status: "baru" });
  });

  it.each([
    [
      "a wrong secret",
      async (first: { code: string; token: string }) => ({ ...first, token: "A".repeat(32) }),
    ],
    [
      "another order's secret",
      async (first: { code: string; token: string }) => ({ ...first, token: (await placed()).token }),
    ],
    [
      "the secret of a different length",
      async (first: { code: string; token: string }) => ({
        ...first,
        token: `${first.token}x`,
      }),
    ],
  ])("with %s, the old order stays baru and the new one is recorded", async (_name, tamper) => {
    const first = await placed();
    const replaces = await tamper(first);
    const before = await orderCount();
    const answer = await order(ES, { replaces });
    expect(answer.status).toBe(201);
    expect(answer.json?.replaced).toBeNull();
    expect(await orderCount()).toBe(before + 1);
    expect(await rowOf(first.code)).toMatchObject({ status: "baru", replaced_by: null });
  });

  it.each(["diterima", "selesai", "batal"] as const)(
    "an order already %s is left as it is; the new one is recorded",
    async (status) => {
      const first = await placed();
      await handle.db.update(orders).set({ status }).where(eq(orders.code, first.code));
      const answer = await order(ES, { replaces: first });
      expect(answer.status).toBe(201);
      expect(answer.json?.replaced).toBeNull();
      expect(await rowOf(first.code)).toMatchObject({ status, replaced_by: null });
      expect(await rowOf(answer.json?.code as string)).toMatchObject({ status: "baru" });
    },
  );

  it("an unknown code, or an order from before secrets existed, changes nothing", async () => {
    const unknown = await order(ES, { replaces: { code: "NY-AAAA", token: "A".repeat(32) } });
    expect(unknown.status).toBe(201);
    expect(await rowOf("NY-AAAA")).toBeUndefined();

    const old = await placed();
    await handle.db.update(orders).set({ token_hash: null }).where(eq(orders.code, old.code));
    const answer = await order(ES, { replaces: old });
    expect(answer.status).toBe(201);
    expect(await rowOf(old.code)).toMatchObject({ status: "baru" });
  });

  it("a refused order cancels nothing", async () => {
    const first = await placed();
    const refused = await order(ES, { replaces: first, fields: { "catatan:es-nyala": "x".repeat(101) } });
    expect(refused.status).toBe(400);
    await handle.db.update(menuItems).set({ tersedia: false }).where(eq(menuItems.id, "pangsit-goreng"));
    invalidateContentCache();
    try {
      const soldOut = await order([{ id: "pangsit-goreng", jumlah: 1 }], { replaces: first });
      expect(soldOut.status).toBe(409);
    } finally {
      await handle.db.update(menuItems).set({ tersedia: true }).where(eq(menuItems.id, "pangsit-goreng"));
      invalidateContentCache();
    }
    expect(await rowOf(first.code)).toMatchObject({ status: "baru", replaced_by: null });
  });

  it("a tampered cookie is ignored: never a 4xx or 5xx, the order is recorded, nothing else changes", async () => {
    const first = await placed();
    const pair = `${first.code}.${first.token}`;
    const tampered: string[] = [
      "{oops",
      "null",
      "42",
      first.code,
      `.${first.token}`,
      `${first.code}.`,
      `${pair}.extra`,
      `${first.code}..${first.token}`,
      `${first.code}' or '1'='1.${first.token}`,
      `NY-%.${first.token}`,
      `${first.code.toLowerCase()}.${first.token}`,
      `${first.code}.${first.token}%00`,
      `${first.code}.${"x".repeat(10_000)}`,
      `NY-${"A".repeat(5_000)}.${first.token}`,
      JSON.stringify({ code: first.code, token: first.token }),
      pair.repeat(50),
    ];
    for (const replaces of tampered) {
      const before = await orderCount();
      const answer = await order(ES, { replaces });
      expect(answer.status, replaces.slice(0, 80)).toBe(201);
      expect(answer.json?.replaced).toBeNull();
      expect(await orderCount()).toBe(before + 1);
    }
    expect(await rowOf(first.code)).toMatchObject({ status: "baru", replaced_by: null });
    // The genuine cookie still works afterwards.
    expect((await order(ES, { replaces: first })).json?.replaced).toBe(first.code);
  });

  it("two checkouts replacing the same order at once: it is cancelled once, both are recorded", async () => {
    const first = await placed();
    const answers = await Promise.all([order(ES, { replaces: first }), order(ES, { replaces: first })]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers.filter((answer) => answer.json?.replaced === first.code)).toHaveLength(1);
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.entity_id, first.code));
    expect(entries).toHaveLength(1);
  });
});
