import { createHash } from "node:crypto";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../database/client.server.ts";
import { auditLog, menuItems, orderItems, orders, storeSettings, users } from "../../database/schema.ts";
import { action as orderAction, loader as orderLoader } from "../../app/routes/resources/pesanan.tsx";
import { startSession } from "../../app/features/accounts/auth.server.ts";
import { invalidateContentCache } from "../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../app/lib/db.server.ts";
import { DEFAULT_OPENING_HOURS } from "../../app/features/store/opening-hours.ts";
import { MESSAGE_BUDGET } from "../../app/features/orders/order-message.ts";
import { newUserId } from "../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../support/test-database.ts";
import { call, get, ORIGIN, post, uniqueEmail, type RequestOptions } from "./auth-support.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_ORDER_ADDRESS", "4");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  // Open all day every day, so these tests do not depend on the hour they run at.
  await setHours(DEFAULT_OPENING_HOURS.map(() => ({ buka: "00:00", tutup: "00:00", libur: false })));
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

/**
 * POST /pesanan. `replaces` is the pending order cookie the browser sends along: a `{code, token}`
 * pair as the server set it, or any raw cookie value.
 */
const order = (
  items: unknown,
  options: RequestOptions & { replaces?: { code: string; token: string } | string } = {},
) => {
  const { replaces, ...requestOptions } = options;
  const values: Record<string, string> = { items: typeof items === "string" ? items : JSON.stringify(items) };
  const cookies = [...(requestOptions.cookies ?? [])];
  if (replaces !== undefined)
    cookies.push(
      `${PENDING_COOKIE}=${typeof replaces === "string" ? replaces : `${replaces.code}.${replaces.token}`}`,
    );
  return call(orderAction, post("/pesanan", values, { address: freshAddress(), ...requestOptions, cookies }));
};

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
      { id: "mie-nyala-level-1", jumlah: 2, level: 3, catatan: "  tanpa\nsayur  " },
      { id: "mie-nyala-level-1", jumlah: 1, level: 0 },
      { id: "es-teh-jumbo", jumlah: 1 },
    ]);
    expect(answer.status).toBe(201);
    const code = answer.json?.code as string;
    expect(code).toMatch(CODE);
    expect(answer.json?.total).toBe(35_000);
    expect(answer.json?.outsideHours).toBe(false);
    const message = [
      "Halo Mie Nyala, saya ingin memesan:",
      `Kode pesanan: ${code}`,
      "2x Mie Nyala Level 1 — Rp 20.000",
      "   Level 3 (Pedas)",
      "   Catatan: tanpa sayur",
      "1x Mie Nyala Level 1 — Rp 10.000",
      "   Level 0 (Tidak pedas)",
      "1x Es Teh Jumbo — Rp 5.000",
      "Total: Rp 35.000",
    ].join("\n");
    expect(answer.json?.message).toBe(message);
    expect(answer.json?.whatsappUrl).toBe(`https://wa.me/6281234567890?text=${encodeURIComponent(message)}`);

    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(row).toMatchObject({ status: "baru", total: 35_000, user_id: null, customer_name: null });
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
        menu_item_id: "mie-nyala-level-1",
        nama: "Mie Nyala Level 1",
        harga: 10_000,
        jumlah: 2,
        level: 3,
        catatan: "tanpa sayur",
        subtotal: 20_000,
      },
      {
        menu_item_id: "mie-nyala-level-1",
        nama: "Mie Nyala Level 1",
        harga: 10_000,
        jumlah: 1,
        level: 0,
        catatan: "",
        subtotal: 10_000,
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

  it("ignores a tampered price, name or total: the database's prices decide", async () => {
    const answer = await order([
      { id: "pangsit-goreng", jumlah: 3, harga: 1, nama: "Gratis", subtotal: 3, total: 3 },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.json?.total).toBe(27_000);
    expect(answer.json?.message).toContain("3x Pangsit Goreng — Rp 27.000");
    expect(answer.json?.message).not.toContain("Gratis");
    const [row] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.code, answer.json?.code as string));
    expect(row?.total).toBe(27_000);
    const [line] = await handle.db.select().from(orderItems).where(eq(orderItems.order_id, row!.id));
    expect(line).toMatchObject({ nama: "Pangsit Goreng", harga: 9_000, subtotal: 27_000 });
  });

  it("takes a price change in the menu into the next order", async () => {
    await handle.db.update(menuItems).set({ harga: 8_500 }).where(eq(menuItems.id, "es-nyala"));
    const answer = await order([{ id: "es-nyala", jumlah: 2 }]);
    await handle.db.update(menuItems).set({ harga: 8_000 }).where(eq(menuItems.id, "es-nyala"));
    expect(answer.json?.total).toBe(17_000);
  });

  it("records the signed-in customer's name; deleting the account keeps the order", async () => {
    const id = newUserId();
    await handle.db
      .insert(users)
      .values({ id, nama: "Budi Santoso", email: uniqueEmail("budi"), provider: "password" });
    const cookie = await startSession(handle.db, id);
    const token = /nyala_session=([^;]+)/.exec(cookie)![1]!;
    const answer = await order([{ id: "es-nyala", jumlah: 1 }], { session: token });
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
    ["not JSON", "{oops", "Isi pesanan tidak bisa dibaca. Muat ulang halaman lalu coba lagi."],
    [
      "not an array",
      { id: "es-nyala", jumlah: 1 },
      "Isi pesanan tidak bisa dibaca. Muat ulang halaman lalu coba lagi.",
    ],
    [
      "a line that is not an object",
      ["es-nyala"],
      "Isi pesanan tidak bisa dibaca. Muat ulang halaman lalu coba lagi.",
    ],
    ["an empty cart", [], "Pesanan kosong. Tambahkan menu ke keranjang dulu."],
    ["an empty field", "", "Pesanan kosong. Tambahkan menu ke keranjang dulu."],
    ["quantity 0", [{ id: "es-nyala", jumlah: 0 }], "Jumlah tiap menu harus 1 sampai 99."],
    ["quantity 100", [{ id: "es-nyala", jumlah: 100 }], "Jumlah tiap menu harus 1 sampai 99."],
    ["quantity 1.5", [{ id: "es-nyala", jumlah: 1.5 }], "Jumlah tiap menu harus 1 sampai 99."],
    ["quantity as text", [{ id: "es-nyala", jumlah: "2" }], "Jumlah tiap menu harus 1 sampai 99."],
    ["no quantity", [{ id: "es-nyala" }], "Jumlah tiap menu harus 1 sampai 99."],
    ["level 6", [{ id: "mie-nyala-level-2", jumlah: 1, level: 6 }], "Level pedas harus 0 sampai 5."],
    ["level -1", [{ id: "mie-nyala-level-2", jumlah: 1, level: -1 }], "Level pedas harus 0 sampai 5."],
    ["level as text", [{ id: "mie-nyala-level-2", jumlah: 1, level: "3" }], "Level pedas harus 0 sampai 5."],
    [
      "a note of 101 characters",
      [{ id: "es-nyala", jumlah: 1, catatan: "x".repeat(101) }],
      "Catatan paling banyak 100 karakter.",
    ],
    [
      "a note that is not text",
      [{ id: "es-nyala", jumlah: 1, catatan: 5 }],
      "Catatan paling banyak 100 karakter.",
    ],
    [
      "51 lines",
      Array.from({ length: 51 }, () => ({ id: "es-nyala", jumlah: 1 })),
      "Satu pesanan paling banyak 50 baris menu.",
    ],
    [
      "an empty id",
      [{ id: "", jumlah: 1 }],
      "Ada menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
    ],
  ])("refuses %s with 400 and a clear message, storing nothing", async (_name, items, message) => {
    const before = await orderCount();
    const answer = await order(items);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ status: "error", message });
    expect(await orderCount()).toBe(before);
  });

  it("accepts a note of exactly 100 characters (emoji count as one)", async () => {
    const answer = await order([{ id: "es-nyala", jumlah: 1, catatan: "🌶".repeat(100) }]);
    expect(answer.status).toBe(201);
  });

  it.each([
    [
      "an unknown item",
      [
        { id: "es-nyala", jumlah: 1 },
        { id: "mie-rahasia", jumlah: 1 },
      ],
      409,
      "Ada menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
    ],
    [
      "a noodle dish without a level",
      [{ id: "mie-nyala-level-3", jumlah: 1 }],
      400,
      "Pilih level pedas untuk Mie Nyala Level 3.",
    ],
    [
      "a level on a drink",
      [{ id: "es-teh-jumbo", jumlah: 1, level: 2 }],
      400,
      "Es Teh Jumbo tidak memakai level pedas.",
    ],
  ])("refuses %s and stores nothing", async (_name, items, status, message) => {
    const before = await orderCount();
    const answer = await order(items);
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ status: "error", message });
    expect(await orderCount()).toBe(before);
  });

  it("refuses a sold-out item (409) and accepts it again once it is back", async () => {
    await handle.db.update(menuItems).set({ tersedia: false }).where(eq(menuItems.id, "pangsit-goreng"));
    const before = await orderCount();
    const refused = await order([
      { id: "es-nyala", jumlah: 1 },
      { id: "pangsit-goreng", jumlah: 1 },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.json?.message).toBe("Pangsit Goreng sedang habis. Hapus dari keranjang lalu pesan lagi.");
    expect(await orderCount()).toBe(before);
    await handle.db.update(menuItems).set({ tersedia: true }).where(eq(menuItems.id, "pangsit-goreng"));
    expect((await order([{ id: "pangsit-goreng", jumlah: 1 }])).status).toBe(201);
  });

  it("outside opening hours still records, and the message says when it will be processed", async () => {
    await setHours(DEFAULT_OPENING_HOURS.map((day) => ({ ...day, libur: true })));
    try {
      const answer = await order([{ id: "es-nyala", jumlah: 1 }]);
      expect(answer.status).toBe(201);
      expect(answer.json?.outsideHours).toBe(true);
      expect(String(answer.json?.message).split("\n").at(-1)).toBe(
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
    const items = Array.from({ length: 50 }, (_, index) => ({
      id: index % 2 ? "mie-nyala-level-2" : "mie-nyala-level-1",
      jumlah: 99,
      level: index % 6,
      catatan: `catatan nomor ${index} `.repeat(5).slice(0, 100),
    }));
    const answer = await order(items);
    expect(answer.status).toBe(201);
    const message = answer.json?.message as string;
    expect(message.length).toBeLessThanOrEqual(MESSAGE_BUDGET);
    expect(message).toContain(`Kode pesanan: ${answer.json?.code as string}`);
    expect(message).toContain("Total: Rp 51.975.000");
    const [row] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.code, answer.json?.code as string));
    const stored = await handle.db.select().from(orderItems).where(eq(orderItems.order_id, row!.id));
    expect(stored).toHaveLength(50);
    expect(stored.every((line) => line.catatan.length > 0)).toBe(true);
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

  it("refuses other content types (415), cross-site posts (403) and GET (405)", async () => {
    const json = new Request(`${ORIGIN}/pesanan`, {
      method: "POST",
      body: JSON.stringify({ items: [{ id: "es-nyala", jumlah: 1 }] }),
      headers: { "content-type": "application/json", origin: ORIGIN, host: new URL(ORIGIN).host },
    });
    expect((await call(orderAction, json)).status).toBe(415);
    const crossSite = post("/pesanan", { items: "[]" }, { headers: { origin: "https://evil.example" } });
    expect((await call(orderAction, crossSite)).status).toBe(403);
    expect((await call(orderLoader, get("/pesanan"))).status).toBe(405);
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
  const ES = [{ id: "es-nyala", jumlah: 1 }];
  const rowOf = async (code: string) =>
    (await handle.db.select().from(orders).where(eq(orders.code, code)))[0];

  /** Records an order and returns what the browser keeps of it (its cookie): code and secret. */
  async function placed(items: unknown = ES) {
    const answer = await order(items);
    expect(answer.status).toBe(201);
    const cookie = pendingCookieOf(answer.headers);
    expect(cookie?.code).toBe(answer.json?.code);
    return { code: cookie!.code, token: cookie!.token };
  }

  it("gives each order a secret in an HttpOnly cookie for /pesanan only, never in the body; only its SHA-256 is stored", async () => {
    const answer = await order(ES);
    const cookie = pendingCookieOf(answer.headers);
    expect(cookie?.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookie?.flags).toBe("Path=/pesanan; HttpOnly; SameSite=Lax; Max-Age=86400");
    expect(answer.body).not.toContain(cookie!.token);
    expect(answer.json).not.toHaveProperty("token");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const second = await placed();
    expect(second.token).not.toBe(cookie!.token);
    const row = await rowOf(cookie!.code);
    expect(row?.token_hash).toBe(createHash("sha256").update(cookie!.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(cookie!.token);
  });

  it("'sent' (intent=terkirim) deletes the cookie, so a later checkout cannot cancel the order sent", async () => {
    const first = await placed();
    const sent = await call(
      orderAction,
      post(
        "/pesanan",
        { intent: "terkirim" },
        { address: freshAddress(), cookies: [`${PENDING_COOKIE}=${first.code}.${first.token}`] },
      ),
    );
    expect(sent.status).toBe(200);
    expect(sent.headers.getSetCookie()).toEqual([
      `${PENDING_COOKIE}=; Path=/pesanan; HttpOnly; SameSite=Lax; Max-Age=0`,
    ]);
    // The browser no longer sends it: the next order leaves the first as it is.
    const next = await order(ES);
    expect(next.json?.replaced).toBeNull();
    expect(await rowOf(first.code)).toMatchObject({ status: "baru" });
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
      summary: `Pesanan ${first.code}: Baru → Batal (diganti pesanan ${code})`,
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

  it.each(["diproses", "selesai", "batal"] as const)(
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
    const refused = await order([{ id: "es-nyala", jumlah: 100 }], { replaces: first });
    expect(refused.status).toBe(400);
    await handle.db.update(menuItems).set({ tersedia: false }).where(eq(menuItems.id, "pangsit-goreng"));
    try {
      const soldOut = await order([{ id: "pangsit-goreng", jumlah: 1 }], { replaces: first });
      expect(soldOut.status).toBe(409);
    } finally {
      await handle.db.update(menuItems).set({ tersedia: true }).where(eq(menuItems.id, "pangsit-goreng"));
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
