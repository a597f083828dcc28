import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { cartLines, carts, menuItems, users } from "../../../database/schema.ts";
import { loginAction } from "../../../app/routes/_auth/login.server.ts";
import { hashPassword } from "../../../app/features/accounts/password.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { startSession } from "../../../app/features/accounts/auth.server.ts";
import { countCart } from "../../../app/features/cart/cart.server.ts";
import { action as cartAction } from "../../../app/routes/_site/keranjang.tsx";
import { deleteExpiredCarts } from "../../../app/features/cart/cart-owner.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, post, solvedAltcha, uniqueEmail } from "../accounts/auth-support.ts";
import { Shopper } from "./cart-support.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_CART_ADDRESS", "3");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

const CART_COOKIE = "nyala_keranjang";

async function linesOf(shopper: Shopper) {
  const cart = (await shopper.cart()).cart;
  return cart.lines.map((line) => [line.key, line.jumlah, line.catatan]);
}

async function cartRow(shopper: Shopper) {
  const [id] = (shopper.cookies.get(CART_COOKIE) ?? "").split(".");
  return (
    await handle.db
      .select()
      .from(carts)
      .where(eq(carts.id, id ?? ""))
  )[0];
}

async function setMenu(id: string, values: Partial<typeof menuItems.$inferInsert>) {
  await handle.db.update(menuItems).set(values).where(eq(menuItems.id, id));
  invalidateContentCache();
}

describe(`a guest's cart (${testDatabaseKind()})`, () => {
  it("is made by the first 'Tambah': an HttpOnly cookie holds its id and secret, the database only the secret's hash", async () => {
    const shopper = new Shopper();
    const answer = await shopper.add("es-nyala");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: "success", cart: { count: 1, version: 1 } });
    const cookie = answer.headers.getSetCookie().find((value) => value.startsWith(`${CART_COOKIE}=`))!;
    expect(cookie).toMatch(
      /^nyala_keranjang=[\w-]{20}\.[\w-]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/,
    );
    const [id, secret] = shopper.cookies.get(CART_COOKIE)!.split(".");
    const row = await cartRow(shopper);
    expect(row).toMatchObject({ id, user_id: null, version: 1 });
    expect(row?.secret_hash).toBe(createHash("sha256").update(secret!).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row!.expires_at!.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps lines only: one per item, quantities added; a level chosen on a dish's card adds that level's item, at its price", async () => {
    const shopper = await new Shopper().fill([
      { id: "mie-nyala-level-1", level: 3 },
      { id: "mie-nyala-level-1", level: 2 },
      { id: "mie-nyala-level-1", level: 3 },
      { id: "pangsit-goreng", jumlah: 2 },
    ]);
    const { cart } = await shopper.cart();
    expect(
      cart.lines.map(({ key, nama, harga, jumlah, gambar }) => ({ key, nama, harga, jumlah, gambar })),
    ).toEqual([
      {
        key: "mie-nyala-level-3#3",
        nama: "Mie Nyala Level 3",
        harga: 12_000,
        jumlah: 2,
        gambar: "/images/menu/mie-nyala-level-3.webp",
      },
      {
        key: "mie-nyala-level-2#2",
        nama: "Mie Nyala Level 2",
        harga: 11_000,
        jumlah: 1,
        gambar: expect.any(String),
      },
      { key: "pangsit-goreng", nama: "Pangsit Goreng", harga: 9_000, jumlah: 2, gambar: expect.any(String) },
    ]);
    expect([cart.count, cart.total]).toEqual([5, 53_000]);
    // What the browser sends besides the item (a price, a name) changes nothing.
    const tampered = await shopper.send(
      (await import("../../../app/routes/_site/keranjang.tsx")).action,
      "/keranjang",
      {
        intent: "tambah",
        menu: "es-nyala",
        harga: "1",
        nama: "Gratis",
      },
    );
    expect(tampered.status).toBe(200);
    expect((await shopper.cart()).cart.lines.at(-1)).toMatchObject({ nama: "Es Nyala", harga: 8_000 });
  });

  it.each([
    [
      "an unknown dish",
      { menu: "mie-rahasia" },
      404,
      "Menu tidak ditemukan. Muat ulang halaman lalu coba lagi.",
    ],
    [
      "an id that cannot be one",
      { menu: "'; drop table carts; --" },
      400,
      "Menu tidak ditemukan. Muat ulang halaman lalu coba lagi.",
    ],
    ["no dish", {}, 400, "Menu tidak ditemukan. Muat ulang halaman lalu coba lagi."],
    [
      "a level the dish does not have",
      { menu: "mie-nyala-level-2", level: "0" },
      400,
      "Mie Nyala Level 0 tidak ada di menu. Pilih salah satu level yang tersedia.",
    ],
    [
      "a level on a drink",
      { menu: "es-teh-jumbo", level: "2" },
      400,
      "Es Teh Jumbo tidak memakai level pedas.",
    ],
    ["level 6", { menu: "mie-nyala-level-2", level: "6" }, 400, "Level pedas harus 0 sampai 5."],
    ["level -1", { menu: "mie-nyala-level-2", level: "-1" }, 400, "Level pedas harus 0 sampai 5."],
    ["level 2.5", { menu: "mie-nyala-level-2", level: "2.5" }, 400, "Level pedas harus 0 sampai 5."],
  ])("refuses %s with a clear message and changes nothing", async (_name, values, status, message) => {
    const shopper = await new Shopper().fill([{ id: "es-nyala" }]);
    const before = await cartRow(shopper);
    const answer = await shopper.send(
      (await import("../../../app/routes/_site/keranjang.tsx")).action,
      "/keranjang",
      {
        intent: "tambah",
        ...values,
      },
    );
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ status: "error", message });
    expect(await cartRow(shopper)).toMatchObject({ version: before!.version });
    expect(await linesOf(shopper)).toEqual([["es-nyala", 1, ""]]);
  });

  it("refuses a sold-out dish (409), 99 portions of one line, and a 51st line", async () => {
    await setMenu("pangsit-goreng", { tersedia: false });
    try {
      const soldOut = await new Shopper().add("pangsit-goreng");
      expect([soldOut.status, soldOut.json?.message]).toEqual([409, "Pangsit Goreng sedang habis."]);
    } finally {
      await setMenu("pangsit-goreng", { tersedia: true });
    }
    const shopper = await new Shopper().fill([{ id: "es-nyala" }]);
    expect((await shopper.edit("jumlah:es-nyala:99")).status).toBe(200);
    const more = await shopper.add("es-nyala");
    expect([more.status, more.json?.message]).toEqual([
      400,
      "Es Nyala sudah 99 porsi di keranjang, jumlah paling banyak.",
    ]);

    const items = Array.from({ length: 50 }, (_, index) => `menu-uji-${index}`);
    await handle.db.insert(menuItems).values(
      items.map((id) => ({
        id,
        nama: id,
        category_id: "minuman",
        harga: 1_000,
        gambar: "/images/menu/es-nyala.webp",
      })),
    );
    invalidateContentCache();
    try {
      const full = new Shopper();
      await full.importStored(JSON.stringify(items.map((id) => ({ id, nama: id, harga: 1_000, jumlah: 1 }))));
      expect((await full.cart()).cart.lines).toHaveLength(50);
      const refused = await full.add("es-nyala");
      expect([refused.status, refused.json?.message]).toEqual([
        400,
        "Keranjang sudah penuh: paling banyak 50 baris menu.",
      ]);
      // An item already in the cart can still get more.
      expect((await full.add("menu-uji-3")).status).toBe(200);
    } finally {
      await handle.db.delete(menuItems).where(inArray(menuItems.id, items));
      invalidateContentCache();
    }
  });

  it("the cart page's buttons: a quantity (1–99), a removal, notes and levels; keys no longer there are passed over", async () => {
    const shopper = await new Shopper().fill([{ id: "mie-nyala-level-1", level: 1 }, { id: "es-nyala" }]);
    expect((await shopper.edit("jumlah:es-nyala:5")).json).toMatchObject({ cart: { count: 6 } });
    for (const [intent, message] of [
      ["jumlah:es-nyala:0", "Jumlah tiap menu harus 1 sampai 99."],
      ["jumlah:es-nyala:100", "Jumlah tiap menu harus 1 sampai 99."],
      ["jumlah:es-nyala:x", "Jumlah tiap menu harus 1 sampai 99."],
      ["jumlah:Es Nyala:2", "Isi keranjang tidak bisa dibaca. Muat ulang halaman lalu coba lagi."],
      ["hapus:", "Isi keranjang tidak bisa dibaca. Muat ulang halaman lalu coba lagi."],
      ["apa-saja", "Permintaan tidak dikenal. Muat ulang halaman lalu coba lagi."],
    ]) {
      const refused = await shopper.edit(intent!);
      expect([refused.status, refused.json?.message], intent).toEqual([400, message]);
    }
    expect((await shopper.edit("simpan", { "catatan:es-nyala": "x".repeat(101) })).json?.message).toBe(
      "Catatan paling banyak 100 karakter.",
    );
    expect((await shopper.edit("simpan", { "level:es-nyala": "2" })).json?.message).toBe(
      "Es Nyala tidak memakai level pedas.",
    );
    expect((await shopper.edit("simpan", { "level:mie-nyala-level-1#1": "7" })).json?.message).toBe(
      "Level pedas harus 0 sampai 5.",
    );
    expect(await linesOf(shopper)).toEqual([
      ["mie-nyala-level-1#1", 1, ""],
      ["es-nyala", 5, ""],
    ]);

    expect((await shopper.edit("simpan", { "level:mie-nyala-level-1#1": "4" })).json?.message).toBe(
      "Mie Nyala Level 4 tidak ada di menu. Pilih salah satu level yang tersedia.",
    );
    const saved = await shopper.edit("simpan", {
      "catatan:es-nyala": "  es\nsedikit  ",
      "catatan:mie-nyala-level-1#1": "tanpa sayur",
      "level:mie-nyala-level-1#1": "3",
      "catatan:sudah-tidak-ada": "x",
    });
    expect(saved.status).toBe(200);
    // Another level is another item, at its own price.
    expect(await linesOf(shopper)).toEqual([
      ["mie-nyala-level-3#3", 1, "tanpa sayur"],
      ["es-nyala", 5, "es sedikit"],
    ]);
    expect((await shopper.cart()).cart.lines[0]).toMatchObject({ nama: "Mie Nyala Level 3", harga: 12_000 });
    // Moving a line to a level that has a line merges them.
    await shopper.add("mie-nyala-level-1", 2);
    await shopper.edit("simpan", { "level:mie-nyala-level-2#2": "3" });
    expect(await linesOf(shopper)).toEqual([
      ["mie-nyala-level-3#3", 2, "tanpa sayur"],
      ["es-nyala", 5, "es sedikit"],
    ]);
    await shopper.edit("hapus:es-nyala");
    await shopper.edit("hapus:es-nyala"); // twice: nothing left to remove, no error
    expect(await linesOf(shopper)).toEqual([["mie-nyala-level-3#3", 2, "tanpa sayur"]]);
  });

  it("without JavaScript each change is followed by a redirect: the cart, or the page the dish was added on", async () => {
    const shopper = new Shopper();
    const added = await shopper.add("mie-nyala-level-1", 2, {
      plain: true,
      kembali: "/produk?urut=harga&ditambahkan=x",
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/produk?urut=harga&ditambahkan=mie-nyala-level-2");
    const elsewhere = await shopper.add("es-nyala", undefined, {
      plain: true,
      kembali: "//penyerang.example/x",
    });
    expect(elsewhere.headers.get("location")).toBe("/keranjang?ditambahkan=es-nyala");
    const edited = await shopper.edit("jumlah:es-nyala:3", { "catatan:es-nyala": "dingin" }, { plain: true });
    expect([edited.status, edited.headers.get("location")]).toEqual([303, "/keranjang"]);
    expect(await linesOf(shopper)).toEqual([
      ["mie-nyala-level-2#2", 1, ""],
      ["es-nyala", 3, "dingin"],
    ]);
    // The level page: a level the dish does not have is refused; a level it has adds that item.
    const missing = await shopper.addAtLevel({ menu: "mie-nyala-level-3", level: "5", kembali: "/beranda" });
    expect([missing.status, missing.json?.message]).toEqual([
      400,
      "Mie Nyala Level 5 tidak ada di menu. Pilih salah satu level yang tersedia.",
    ]);
    const chosen = await shopper.addAtLevel({ menu: "mie-nyala-level-3", level: "1", kembali: "/beranda" });
    expect(chosen.headers.get("location")).toBe("/beranda?ditambahkan=mie-nyala-level-1");
  });

  it("another browser's cookie, a wrong secret or an expired cart open nothing", async () => {
    const owner = await new Shopper().fill([{ id: "es-nyala", jumlah: 2 }]);
    const [id, secret] = owner.cookies.get(CART_COOKIE)!.split(".");
    const guesser = new Shopper();
    guesser.cookies.set(CART_COOKIE, `${id}.${"A".repeat(secret!.length)}`);
    expect((await guesser.cart()).cart.lines).toEqual([]);
    expect(await countCart(handle.db, { userId: null, guest: { id: id!, secret: "A".repeat(32) } })).toEqual({
      count: 0,
      version: 0,
    });
    // Its first "Tambah" makes a cart of its own; the owner's is untouched.
    await guesser.add("pangsit-goreng");
    expect(guesser.cookies.get(CART_COOKIE)!.split(".")[0]).not.toBe(id);
    expect(await linesOf(owner)).toEqual([["es-nyala", 2, ""]]);

    await handle.db
      .update(carts)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(carts.id, id!));
    expect((await owner.cart()).cart.lines).toEqual([]);
    await deleteExpiredCarts(handle.db);
    expect(await handle.db.select().from(carts).where(eq(carts.id, id!))).toEqual([]);
    expect(await handle.db.select().from(cartLines).where(eq(cartLines.cart_id, id!))).toEqual([]);
  });

  it("limits new carts per client address (429 with Retry-After); the carts already made keep working", async () => {
    const address = "203.0.113.91";
    const first = new Shopper({ address });
    for (let i = 0; i < 3; i++) {
      const shopper = i === 0 ? first : new Shopper({ address });
      expect((await shopper.add("es-nyala")).status).toBe(200);
    }
    const before = (await handle.db.select({ n: sql<number>`count(*)::int` }).from(carts))[0]!.n;
    const refused = await new Shopper({ address }).add("es-nyala");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(refused.json?.message).toMatch(
      /^Terlalu banyak keranjang baru dari jaringan ini\. Coba lagi dalam/,
    );
    expect((await handle.db.select({ n: sql<number>`count(*)::int` }).from(carts))[0]!.n).toBe(before);
    expect((await first.add("pangsit-goreng")).status).toBe(200);
    expect((await new Shopper({ address: "203.0.113.92" }).add("es-nyala")).status).toBe(200);
  });

  it("a page's first taps sent at once, before any cookie, make one cart that holds them all", async () => {
    const address = "203.0.113.71";
    const before = (await handle.db.select({ n: sql<number>`count(*)::int` }).from(carts))[0]!.n;
    const page = { keranjang_baru: "Hal4man-satu-kali-buka-acak-24-bait" };
    const taps = Array.from({ length: 8 }, () => new Shopper({ address }));
    const answers = await Promise.all(
      taps.map((tap, index) =>
        tap.send(cartAction, "/keranjang", {
          intent: "tambah",
          menu: index % 2 ? "es-nyala" : "pangsit-goreng",
          ...page,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const cookies = new Set(taps.map((tap) => tap.cookies.get(CART_COOKIE)));
    expect(cookies.size).toBe(1);
    expect((await handle.db.select({ n: sql<number>`count(*)::int` }).from(carts))[0]!.n).toBe(before + 1);
    expect((await linesOf(taps[0]!)).sort()).toEqual([
      ["es-nyala", 4, ""],
      ["pangsit-goreng", 4, ""],
    ]);
    // One cart made, one counted against the address's limit of three: two more are allowed.
    for (let i = 0; i < 2; i++) expect((await new Shopper({ address }).add("es-nyala")).status).toBe(200);
    expect((await new Shopper({ address }).add("es-nyala")).status).toBe(429);
    // A name that is not 32 or more URL-safe characters names nothing: a random cart is made.
    const short = new Shopper();
    await short.send(cartAction, "/keranjang", {
      intent: "tambah",
      menu: "es-nyala",
      keranjang_baru: "pendek",
    });
    expect(short.cookies.get(CART_COOKIE)?.split(".")[1]).not.toBe("pendek");
  });

  it("taps sent at once are each counted: 20 simultaneous 'Tambah' make 20 portions, in one line", async () => {
    const shopper = await new Shopper().fill([{ id: "es-teh-jumbo" }]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => shopper.add("pangsit-goreng")));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await linesOf(shopper)).toEqual([
      ["es-teh-jumbo", 1, ""],
      ["pangsit-goreng", 20, ""],
    ]);
    const versions = answers
      .map((answer) => (answer.json?.cart as { version: number }).version)
      .sort((a, b) => a - b);
    expect(new Set(versions).size).toBe(20);
  });
});

describe(`what changed in the menu is said once, in the cart (${testDatabaseKind()})`, () => {
  it("a new price, a dish sold out and back, a dish gone", async () => {
    const shopper = await new Shopper().fill([
      { id: "es-nyala", jumlah: 2 },
      { id: "pangsit-goreng" },
      { id: "es-teh-jumbo" },
    ]);
    await setMenu("es-nyala", { harga: 9_500 });
    await setMenu("pangsit-goreng", { tersedia: false });
    try {
      const first = (await shopper.cart()).cart;
      expect(first.notices).toEqual([
        "Harga Es Nyala berubah dari Rp 8.000 menjadi Rp 9.500.",
        "Pangsit Goreng sedang habis dan tidak ikut dipesan.",
      ]);
      expect(first.lines.map((line) => [line.key, line.harga, line.problem])).toEqual([
        ["es-nyala", 9_500, null],
        ["pangsit-goreng", 9_000, "habis"],
        ["es-teh-jumbo", 5_000, null],
      ]);
      expect(first.total).toBe(24_000);
      // The sold-out Pangsit stays in the cart but is not counted: in the cart nor in every page's header.
      expect(first.count).toBe(3);
      const [id, secret] = shopper.cookies.get(CART_COOKIE)!.split(".");
      const header = () => countCart(handle.db, { userId: null, guest: { id: id!, secret: secret! } });
      expect(await header()).toMatchObject({ count: 3 });
      expect((await shopper.add("es-nyala")).json).toMatchObject({ cart: { count: 4 } });
      expect((await shopper.cart()).cart.notices).toEqual([]);

      await setMenu("pangsit-goreng", { tersedia: true });
      expect(await header()).toMatchObject({ count: 5 });
      expect((await shopper.cart()).cart.notices).toEqual(["Pangsit Goreng tersedia lagi."]);

      const [teh] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "es-teh-jumbo"));
      await handle.db.delete(menuItems).where(eq(menuItems.id, "es-teh-jumbo"));
      invalidateContentCache();
      try {
        const gone = (await shopper.cart()).cart;
        expect(gone.notices).toEqual(["Es Teh Jumbo sudah tidak ada di menu dan dihapus dari keranjang."]);
        expect(gone.lines.map((line) => line.key)).toEqual(["es-nyala", "pangsit-goreng"]);
        expect((await shopper.cart()).cart.notices).toEqual([]);
      } finally {
        await handle.db.insert(menuItems).values(teh!);
        invalidateContentCache();
      }
    } finally {
      await setMenu("es-nyala", { harga: 8_000 });
      await setMenu("pangsit-goreng", { tersedia: true });
    }
  });
});

describe(`a cart kept in the browser before the server kept carts (${testDatabaseKind()})`, () => {
  it("is merged into the visitor's cart; old prices and gone dishes are said at the next look", async () => {
    const shopper = await new Shopper().fill([{ id: "es-nyala" }]);
    const stored = [
      { id: "es-nyala", nama: "Es Nyala", harga: 8_000, jumlah: 2, gambar: "/images/menu/es-nyala.webp" },
      {
        id: "mie-nyala-level-2",
        nama: "Mie Nyala Level 2",
        harga: 7_000,
        jumlah: 1,
        level: 3,
        catatan: "pedas",
      },
      { id: "mie-lama", nama: "Mie Lama", harga: 5_000, jumlah: 1 },
      { id: "Bukan Id", nama: "X", harga: 1, jumlah: 1 },
    ];
    const moved = await shopper.importStored(JSON.stringify(stored));
    // A dish no longer on the menu is not counted: the count is what the cart then shows.
    expect(moved.json).toMatchObject({ status: "success", cart: { count: 4 } });
    const { cart } = await shopper.cart();
    expect(cart.notices).toEqual([
      "Harga Mie Nyala Level 2 berubah dari Rp 7.000 menjadi Rp 11.000.",
      "Mie Lama sudah tidak ada di menu dan dihapus dari keranjang.",
    ]);
    expect(cart.lines.map((line) => [line.key, line.jumlah, line.catatan])).toEqual([
      ["es-nyala", 3, ""],
      ["mie-nyala-level-2#3", 1, "pedas"],
    ]);
  });

  it("makes a cart for a visitor without one; an unreadable one is answered as taken, making nothing", async () => {
    const fresh = new Shopper();
    const moved = await fresh.importStored('[{"id":"es-nyala","nama":"Es Nyala","harga":8000,"jumlah":4}]');
    expect(moved.json).toMatchObject({ status: "success", cart: { count: 4, version: 1 } });
    expect(fresh.cookies.has(CART_COOKIE)).toBe(true);
    const unreadable = new Shopper();
    for (const raw of ["{not json", "[]", '[{"id":7}]', "x".repeat(200_000)]) {
      const answer = await unreadable.importStored(raw);
      expect(answer.json, raw.slice(0, 20)).toEqual({ status: "success", cart: { count: 0, version: 0 } });
    }
    expect(unreadable.cookies.has(CART_COOKIE)).toBe(false);
  });
});

describe(`a signed-in customer's cart (${testDatabaseKind()})`, () => {
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await hashPassword("rahasia1");
  });

  async function customer() {
    const email = uniqueEmail("keranjang");
    const id = newUserId();
    await handle.db
      .insert(users)
      .values({ id, nama: "Pelanggan", email, provider: "password", password_hash: passwordHash });
    return { id, email };
  }

  async function logIn(shopper: Shopper, email: string) {
    const request = post(
      "/masuk",
      { email, password: "rahasia1", captcha: await solvedAltcha() },
      { address: shopper.address, cookies: [...shopper.cookies].map(([name, value]) => `${name}=${value}`) },
    );
    const answer = await call(loginAction, request);
    expect(answer.status).toBe(200);
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (value) shopper.cookies.set(name, value);
      else shopper.cookies.delete(name);
    }
    return answer;
  }

  it("is the account's, on every device; a guest cart joins it on sign-in, quantities added", async () => {
    const { id, email } = await customer();
    const phone = await new Shopper({
      session: /nyala_session=([^;]+)/.exec(await startSession(handle.db, id))![1],
    }).fill([{ id: "mie-nyala-level-2", level: 2, jumlah: 2 }]);
    await phone.edit("simpan", { "catatan:mie-nyala-level-2#2": "kuah dipisah" });
    expect(phone.cookies.has(CART_COOKIE)).toBe(false);

    const laptop = await new Shopper().fill([{ id: "mie-nyala-level-2", level: 2 }, { id: "es-nyala" }]);
    await laptop.edit("simpan", { "catatan:mie-nyala-level-2#2": "tanpa sayur" });
    const guestCart = laptop.cookies.get(CART_COOKIE)!.split(".")[0]!;
    const login = await logIn(laptop, email);
    // The page moves on without a document load: the answer tells the header the joined count.
    expect(login.json).toMatchObject({ status: "success", cart: { count: 4 } });
    expect(login.headers.getSetCookie()).toContain(
      "nyala_keranjang=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    );
    expect(laptop.cookies.has(CART_COOKIE)).toBe(false);
    expect(await handle.db.select().from(carts).where(eq(carts.id, guestCart))).toEqual([]);

    const expected = [
      ["mie-nyala-level-2#2", 3, "kuah dipisah"],
      ["es-nyala", 1, ""],
    ];
    expect(await linesOf(laptop)).toEqual(expected);
    expect(await linesOf(phone)).toEqual(expected);
    expect(await countCart(handle.db, { userId: id, guest: null })).toMatchObject({ count: 4 });
  });

  it("an account without a cart takes the guest cart as it is", async () => {
    const { id, email } = await customer();
    const shopper = await new Shopper().fill([{ id: "pangsit-goreng", jumlah: 2 }]);
    const guestCart = shopper.cookies.get(CART_COOKIE)!.split(".")[0]!;
    await logIn(shopper, email);
    expect(
      await handle.db
        .select({ user_id: carts.user_id, secret_hash: carts.secret_hash, expires_at: carts.expires_at })
        .from(carts)
        .where(eq(carts.id, guestCart)),
    ).toEqual([{ user_id: id, secret_hash: null, expires_at: null }]);
    expect(await linesOf(shopper)).toEqual([["pangsit-goreng", 2, ""]]);
  });

  it("goes with the account when it is deleted", async () => {
    const { id } = await customer();
    const shopper = await new Shopper({
      session: /nyala_session=([^;]+)/.exec(await startSession(handle.db, id))![1],
    }).fill([{ id: "es-nyala" }]);
    expect(await linesOf(shopper)).toHaveLength(1);
    await handle.db.delete(users).where(eq(users.id, id));
    expect(await handle.db.select().from(carts).where(eq(carts.user_id, id))).toEqual([]);
  });
});
