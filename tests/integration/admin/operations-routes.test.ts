import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import {
  auditLog,
  menuItems,
  orders,
  promos,
  slides,
  storeSettings,
  users,
} from "../../../database/schema.ts";
import { action as bannerAction } from "../../../app/routes/admin/operasi/banner.tsx";
import { loader as reportLoader } from "../../../app/routes/admin/operasi/laporan.tsx";
import { loader as auditLoader } from "../../../app/routes/admin/operasi/log-perubahan.tsx";
import { action as rankingAction } from "../../../app/routes/admin/operasi/menu-populer.tsx";
import { action as menuAction, loader as menuLoader } from "../../../app/routes/admin/operasi/menu.tsx";
import { action as outletAction } from "../../../app/routes/admin/operasi/outlet.tsx";
import { action as ordersAction } from "../../../app/routes/admin/operasi/pesanan.tsx";
import { action as promoAction } from "../../../app/routes/admin/operasi/promo.tsx";
import { PEER_ADDRESS_HEADER } from "../../../app/lib/client-address.server.ts";
import { invalidateContentCache } from "../../../app/lib/content-cache.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { getStoreSettings } from "../../../app/features/store/settings.server.ts";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { storedPhotos } from "../../support/photos.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { Shopper } from "../cart/cart-support.ts";
import { call, get, ORIGIN, post, uniqueEmail } from "../accounts/auth-support.ts";

/**
 * The restaurant-operations pages' actions as the browser reaches them (root middleware, session
 * cookie, form or multipart body): nobody gets 401, a customer 403, an admin's bad input a 4xx
 * with an Indonesian message, and none of those change a row or write an audit entry; an
 * admin's good input is saved. The server functions behind them have their own tests
 * (catalog-admin.test.ts, orders-admin.test.ts).
 */
let handle: DatabaseHandle;
let dataDir: string;
let adminToken: string;
let customerToken: string;

async function sessionFor(role: "pemilik" | "customer") {
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: `Uji ${role}`, email: uniqueEmail(role), provider: "password", role });
  return (await createSession(handle.db, id)).token;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-ops-routes-"));
  vi.stubEnv("DATA_DIR", dataDir);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  invalidateContentCache();
  adminToken = await sessionFor("pemilik");
  customerToken = await sessionFor("customer");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const uploadedFiles = () => storedPhotos(handle.db);

/** A photo; one of a colour no other test uses is stored as a file of its own. */
const picture = async (background = "#f97316") =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width: 800, height: 600, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    ),
  ]);

/** A multipart POST as the admin pages' forms send it, with its declared length. */
async function multipart(
  pathname: string,
  fields: Record<string, string | Blob>,
  session?: string,
): Promise<Request> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.set(name, value);
    else form.set(name, value, "foto.jpg");
  }
  const draft = new Request(`${ORIGIN}${pathname}`, { method: "POST", body: form });
  const body = new Uint8Array(await draft.arrayBuffer());
  const headers = new Headers({
    "content-type": draft.headers.get("content-type")!,
    "content-length": String(body.byteLength),
    host: new URL(ORIGIN).host,
    origin: ORIGIN,
    [PEER_ADDRESS_HEADER]: "192.0.2.20",
  });
  if (session) headers.set("cookie", `nyala_session=${session}`);
  return new Request(`${ORIGIN}${pathname}`, { method: "POST", body, headers });
}

/** Everything an action could touch, to compare before and after a refused request. */
async function snapshot() {
  const db = handle.db;
  const [menu, promoRows, slideRows, settings, orderRows, audit] = await Promise.all([
    db.select().from(menuItems).orderBy(menuItems.id),
    db.select().from(promos).orderBy(promos.id),
    db.select().from(slides).orderBy(slides.id),
    db.select().from(storeSettings),
    db.select().from(orders).orderBy(orders.id),
    db.select({ n: count() }).from(auditLog),
  ]);
  return JSON.stringify({ menu, promoRows, slideRows, settings, orderRows, audit });
}

type Handler = Parameters<typeof call>[0];

interface Attempt {
  name: string;
  handler: Handler;
  path: string;
  /** A request that an admin would have saved. */
  values: Record<string, string>;
  upload?: boolean;
}

const attempts = (): Attempt[] => [
  {
    name: "menu",
    handler: menuAction,
    path: "/admin/menu",
    values: { intent: "habis", id: "es-nyala" },
    upload: true,
  },
  {
    name: "menu-populer",
    handler: rankingAction,
    path: "/admin/menu-populer",
    values: { intent: "save", featured: "es-nyala" },
  },
  {
    name: "promo",
    handler: promoAction,
    path: "/admin/menu-diskon",
    values: { intent: "delete", id: "1" },
    upload: true,
  },
  {
    name: "banner",
    handler: bannerAction,
    path: "/admin/banner",
    values: { intent: "delete", id: "1" },
    upload: true,
  },
  {
    name: "outlet",
    handler: outletAction,
    path: "/admin/outlet",
    values: { intent: "save", brand: "Toko Lain", whatsapp: "081311112222", address: "Jl. Lain" },
  },
  {
    name: "pesanan",
    handler: ordersAction,
    path: "/admin/pesanan",
    values: { code: "NY-AAAA", status: "batal" },
  },
];

/** The store settings form as an admin sends it, with `whatsapp` as typed. */
const saveOutlet = (whatsapp: string) =>
  call(
    outletAction,
    post(
      "/admin/outlet",
      {
        intent: "save",
        brand: "Mie Nyala",
        whatsapp,
        address: "Jl. Contoh No. 123, Kendari",
        timezone: "Asia/Makassar",
        ...Object.fromEntries(
          [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
            [`buka_${day}`, "10:00"],
            [`tutup_${day}`, "22:00"],
          ]),
        ),
      },
      { session: adminToken },
    ),
  );

const send = (attempt: Attempt, session?: string) =>
  attempt.upload
    ? multipart(attempt.path, attempt.values, session)
    : Promise.resolve(post(attempt.path, attempt.values, session ? { session } : {}));

describe(`restaurant operations routes (${testDatabaseKind()})`, () => {
  it("answer 401 to nobody and 403 to a customer, whatever the action, and change nothing", async () => {
    const before = await snapshot();
    for (const attempt of attempts()) {
      const anonymous = await call(attempt.handler, await send(attempt));
      expect(anonymous.status, attempt.name).toBe(401);
      expect(anonymous.body, attempt.name).toContain("Anda harus login terlebih dahulu!");
      const customer = await call(attempt.handler, await send(attempt, customerToken));
      expect(customer.status, attempt.name).toBe(403);
    }
    for (const loader of [menuLoader, reportLoader, auditLoader] as Handler[]) {
      expect((await call(loader, get("/admin/laporan"))).status).toBe(401);
      expect((await call(loader, get("/admin/laporan", { session: customerToken }))).status).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it("refuse an admin's bad input with an Indonesian message and a 4xx, and change nothing", async () => {
    const before = await snapshot();
    const bad: [Attempt, number, string][] = [
      [
        {
          name: "menu: price too low",
          handler: menuAction,
          path: "/admin/menu",
          upload: true,
          values: {
            intent: "update",
            id: "es-nyala",
            nama: "Es Nyala",
            kategori: "Minuman",
            harga: "500",
            tersedia: "on",
          },
        },
        400,
        "Harga harus antara Rp 1.000 dan Rp 1.000.000.",
      ],
      [
        {
          name: "menu: name too long",
          handler: menuAction,
          path: "/admin/menu",
          upload: true,
          values: {
            intent: "update",
            id: "es-nyala",
            nama: "x".repeat(61),
            kategori: "Minuman",
            harga: "9000",
          },
        },
        400,
        "60",
      ],
      [
        {
          name: "menu: unknown item",
          handler: menuAction,
          path: "/admin/menu",
          upload: true,
          values: { intent: "delete", id: "tidak-ada" },
        },
        404,
        "Menu tidak ditemukan. Mungkin sudah dihapus.",
      ],
      [
        { name: "menu: no intent", handler: menuAction, path: "/admin/menu", upload: true, values: {} },
        400,
        "Permintaan tidak dikenal.",
      ],
      [
        {
          name: "menu-populer: unknown item",
          handler: rankingAction,
          path: "/admin/menu-populer",
          values: { intent: "save", featured: "tidak-ada" },
        },
        400,
        "Ada menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
      ],
      [
        {
          name: "promo: unknown id",
          handler: promoAction,
          path: "/admin/menu-diskon",
          upload: true,
          values: { intent: "delete", id: "99999" },
        },
        404,
        "Promo tidak ditemukan",
      ],
      [
        {
          name: "banner: bad id",
          handler: bannerAction,
          path: "/admin/banner",
          upload: true,
          values: { intent: "delete", id: "-1" },
        },
        404,
        "Banner tidak ditemukan. Mungkin sudah dihapus.",
      ],
      [
        {
          name: "outlet: bad number",
          handler: outletAction,
          path: "/admin/outlet",
          values: { intent: "save", brand: "Mie Nyala", whatsapp: "12", address: "Jl. Contoh" },
        },
        400,
        "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890.",
      ],
      [
        {
          name: "pesanan: unknown code",
          handler: ordersAction,
          path: "/admin/pesanan",
          values: { code: "NY-AAAA", status: "batal", alasan: "Pelanggan tidak jadi datang" },
        },
        404,
        "Pesanan tidak ditemukan.",
      ],
    ];
    for (const [attempt, status, message] of bad) {
      const answer = await call(attempt.handler, await send(attempt, adminToken));
      expect(answer.status, attempt.name).toBe(status);
      expect(answer.body, attempt.name).toContain(message);
      expect(answer.body, attempt.name).not.toMatch(/\bError\b|at .*\.ts:\d+/);
    }
    expect(await snapshot()).toBe(before);
  });

  it("refuse a promo or banner id beyond the database's integers with a 404, storing no photo", async () => {
    const before = await snapshot();
    const files = await uploadedFiles();
    const promoFields = { title: "Promo Besar", aktif: "on" };
    const slideFields = { title: "Banner Besar", aktif: "on" };
    for (const id of ["3000000000", "2147483648", "99999999999999", "1e3", "12abc", "0"]) {
      for (const [handler, pathname, fields, message] of [
        [promoAction, "/admin/menu-diskon", promoFields, "Promo tidak ditemukan. Mungkin sudah dihapus."],
        [bannerAction, "/admin/banner", slideFields, "Banner tidak ditemukan. Mungkin sudah dihapus."],
      ] as const) {
        for (const intent of ["update", "delete"]) {
          const body = { intent, id, ...fields, foto: await picture("#0f766e") };
          const answer = await call(handler, await multipart(pathname, body, adminToken));
          expect(answer.status, `${pathname} ${intent} ${id}`).toBe(404);
          expect(answer.json, `${pathname} ${intent} ${id}`).toMatchObject({ status: "error", message });
        }
      }
    }
    // An id in range that no row has: refused before the photo is stored.
    for (const [handler, pathname, fields] of [
      [promoAction, "/admin/menu-diskon", promoFields],
      [bannerAction, "/admin/banner", slideFields],
    ] as const) {
      const body = { intent: "update", id: "2147483647", ...fields, foto: await picture("#0f766e") };
      expect((await call(handler, await multipart(pathname, body, adminToken))).status).toBe(404);
    }
    expect(await snapshot()).toBe(before);
    expect(await uploadedFiles()).toEqual(files);
  });

  it("refuse a promo shown from a day after its last day, and keep the saved promo", async () => {
    const created = await call(
      promoAction,
      await multipart(
        "/admin/menu-diskon",
        { intent: "create", title: "Promo Akhir Pekan", aktif: "on", foto: await picture("#7c3aed") },
        adminToken,
      ),
    );
    expect(created.status, created.body).toBe(200);
    const [promo] = await handle.db.select().from(promos).where(eq(promos.title, "Promo Akhir Pekan"));
    const before = await snapshot();
    const refused = await call(
      promoAction,
      await multipart(
        "/admin/menu-diskon",
        {
          intent: "update",
          id: String(promo!.id),
          title: "Promo Akhir Pekan",
          aktif: "on",
          active_from: "2026-11-22",
          active_until: "2026-11-21",
        },
        adminToken,
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      status: "error",
      message: "Tanggal selesai tidak boleh sebelum tanggal mulai.",
      result: { error: { active_until: ["Tanggal selesai tidak boleh sebelum tanggal mulai."] } },
    });
    expect(await snapshot()).toBe(before);
  });

  it("refuse an order code over 20 characters and a new order marked done, in Indonesian", async () => {
    const recorded = await (
      await new Shopper({ address: "198.51.100.78" }).fill([{ id: "es-nyala" }])
    ).checkout();
    expect(recorded.status, recorded.body).toBe(201);
    const code = recorded.json?.code as string;
    const before = await snapshot();
    const tooLong = await call(
      ordersAction,
      post(
        "/admin/pesanan",
        { code: `${code}-${"X".repeat(20)}`, status: "diterima" },
        { session: adminToken },
      ),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({
      status: "error",
      message: "Kode pesanan paling banyak 20 karakter, misalnya NY-7K3Q.",
    });
    const skipped = await call(
      ordersAction,
      post("/admin/pesanan", { code, status: "selesai" }, { session: adminToken }),
    );
    expect(skipped.status).toBe(409);
    expect(skipped.json).toMatchObject({
      status: "error",
      message: "Status baru tidak bisa diubah menjadi selesai. Langkah berikutnya: diterima.",
    });
    expect(await snapshot()).toBe(before);
  });

  it("refuse upload bodies that are not a form, too large, or a photo that is not an image", async () => {
    const before = await snapshot();
    const json = new Request(`${ORIGIN}/admin/menu`, {
      method: "POST",
      body: JSON.stringify({ intent: "delete", id: "es-nyala" }),
      headers: {
        "content-type": "application/json",
        host: new URL(ORIGIN).host,
        origin: ORIGIN,
        cookie: `nyala_session=${adminToken}`,
      },
    });
    const unsupported = await call(menuAction, json);
    expect(unsupported.status).toBe(415);
    expect(unsupported.body).toContain("Jenis isi permintaan tidak didukung.");

    const huge = await multipart(
      "/admin/menu",
      {
        intent: "create",
        nama: "Besar",
        kategori: "Makanan",
        harga: "10000",
        foto: new Blob([new Uint8Array(6 * 1024 * 1024)]),
      },
      adminToken,
    );
    const tooLarge = await call(menuAction, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain("Ukuran foto paling besar 5 MB.");

    const notAnImage = await call(
      menuAction,
      await multipart(
        "/admin/menu",
        {
          intent: "create",
          nama: "Bukan Foto",
          kategori: "Makanan",
          harga: "10000",
          foto: new Blob(["bukan gambar"]),
        },
        adminToken,
      ),
    );
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.json).toMatchObject({
      status: "error",
      result: { error: { foto: [expect.any(String)] } },
    });
    expect(await snapshot()).toBe(before);
  });

  it("save an admin's good input: a new item with its photo, a sold-out switch, the store settings, an order's status", async () => {
    const auditBefore = (await handle.db.select({ n: count() }).from(auditLog))[0]!.n;
    const created = await call(
      menuAction,
      await multipart(
        "/admin/menu",
        {
          intent: "create",
          nama: "Mie Nyala Keju Level 4",
          kategori: "Makanan",
          harga: "14.000",
          deskripsi: "Mie pedas berlapis keju.",
          tersedia: "on",
          level_family: "Mie Nyala Keju",
          level: "4",
          foto: await picture(),
        },
        adminToken,
      ),
    );
    expect(created.status, created.body).toBe(200);
    expect(created.json).toMatchObject({ status: "success", message: "Menu ditambahkan." });
    const [item] = await handle.db.select().from(menuItems).where(eq(menuItems.id, "mie-nyala-keju-level-4"));
    expect(item).toMatchObject({
      nama: "Mie Nyala Keju Level 4",
      harga: 14_000,
      level_family: "Mie Nyala Keju",
      level: 4,
      tersedia: true,
    });
    expect(item?.gambar).toMatch(/^\/gambar\/menu\/[a-f0-9]{64}\.webp$/);

    const soldOut = await call(
      menuAction,
      await multipart("/admin/menu", { intent: "habis", id: "mie-nyala-keju-level-4" }, adminToken),
    );
    expect(soldOut.json).toMatchObject({ status: "success", message: "Menu ditandai habis." });
    const [after] = await handle.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.id, "mie-nyala-keju-level-4"));
    expect(after?.tersedia).toBe(false);

    const outlet = await saveOutlet("0813-1111-2222");
    expect(outlet.status, outlet.body).toBe(200);
    const [settings] = await handle.db.select().from(storeSettings);
    expect(settings?.whatsapp).toBe("6281311112222");

    const recorded = await (
      await new Shopper({ address: "198.51.100.77" }).fill([{ id: "es-nyala", jumlah: 2 }])
    ).checkout();
    expect(recorded.status, recorded.body).toBe(201);
    const code = recorded.json?.code as string;
    // Typed in lower case without its prefix, the answer names the code as stored.
    const processed = await call(
      ordersAction,
      post(
        "/admin/pesanan",
        { intent: "status", code: code.slice(3).toLowerCase(), status: "diterima" },
        { session: adminToken },
      ),
    );
    expect(processed.json).toMatchObject({ status: "success", message: `Pesanan ${code} kini diterima.` });
    const [order] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(order?.status).toBe("diterima");
    // A cancelled order cannot go back.
    await call(
      ordersAction,
      post("/admin/pesanan", { code, status: "batal", alasan: "Es sedang habis." }, { session: adminToken }),
    );
    const back = await call(
      ordersAction,
      post("/admin/pesanan", { code, status: "baru" }, { session: adminToken }),
    );
    expect(back.status).toBeGreaterThanOrEqual(400);
    expect(back.status).toBeLessThan(500);

    const auditAfter = (await handle.db.select({ n: count() }).from(auditLog))[0]!.n;
    expect(auditAfter).toBe(auditBefore + 5);
  });
});

const storedNumber = async () => (await handle.db.select().from(storeSettings))[0]?.whatsapp ?? null;
const auditCount = async () => (await handle.db.select({ n: count() }).from(auditLog))[0]!.n;

const LETTERS = "Nomor WhatsApp hanya boleh berisi angka, spasi, dan tanda + - ( ) . (tanpa huruf).";
const NOT_INDONESIAN =
  "Nomor WhatsApp harus nomor Indonesia (kode negara 62). Contoh: 0812-3456-7890 atau +62 812-3456-7890.";
const INVALID = "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890.";

/**
 * The store's WhatsApp number in /admin/outlet: only an Indonesian number typed without letters
 * is saved; anything else is refused with a 400 and a message saying what is wrong, and the
 * storefront keeps the number it had.
 */
describe(`/admin/outlet: the store's WhatsApp number (${testDatabaseKind()})`, () => {
  it("saves an Indonesian number, mobile or landline, normalised", async () => {
    const mobile = await saveOutlet("+62 813-1111-2222");
    expect(mobile.status, mobile.body).toBe(200);
    expect(await storedNumber()).toBe("6281311112222");
    const landline = await saveOutlet("(0401) 312-345");
    expect(landline.status, landline.body).toBe(200);
    expect(await storedNumber()).toBe("62401312345");
    invalidateContentCache();
    expect((await getStoreSettings(handle.db)).whatsapp).toBe("62401312345");
  });

  it.each([
    ["a letter O for a zero", "0812-3456-789O", LETTERS],
    ["a name after the number", "0812 3456 7890 a.n. Budi", LETTERS],
    ["a URL", "https://wa.me/6281234567890", LETTERS],
    ["slashes", "0812/3456/7890", LETTERS],
    ["a Malaysian number", "+60 12-345 6789", NOT_INDONESIAN],
    ["a US number", "+1 415 555 0100", NOT_INDONESIAN],
    [
      "a 0 after the country code",
      "+62 0812 3456 7890",
      "Setelah kode negara 62, tulis nomor tanpa angka 0. Contoh: +62 812-3456-7890.",
    ],
    ["too few digits", "0812-3456", INVALID],
    ["too many digits", "+62 812 3456 7890 123", INVALID],
    ["nothing", "", INVALID],
  ])("refuses %s (%j) with 400, its own message, and saves nothing", async (_name, whatsapp, message) => {
    const before = { number: await storedNumber(), audits: await auditCount() };
    const answer = await saveOutlet(whatsapp);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      status: "error",
      message,
      result: { error: { whatsapp: [message] } },
    });
    expect({ number: await storedNumber(), audits: await auditCount() }).toEqual(before);
  });
});

const LEAD_MESSAGE = "Waktu persiapan diisi 0 sampai 240 menit, kelipatan 5.";
const storedLead = async () => (await handle.db.select().from(storeSettings))[0]?.lead_minutes ?? null;
const saveLead = (minutes: string, session = adminToken) =>
  call(outletAction, post("/admin/outlet", { intent: "pesanan", lead_minutes: minutes }, { session }));

/**
 * The kitchen's lead time ("Waktu pesanan" on /admin/outlet), a form of its own: saved with its
 * audit entry, refused with its message when it is not 0-240 in fives, and left alone by the
 * store settings form.
 */
describe(`/admin/outlet: the kitchen's lead time (${testDatabaseKind()})`, () => {
  it("saves minutes in fives, which the checkout's slots use, and the settings form keeps them", async () => {
    const audits = await auditCount();
    const saved = await saveLead(" 35 ");
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json).toMatchObject({ status: "success", intent: "pesanan" });
    expect(await storedLead()).toBe(35);
    expect(await auditCount()).toBe(audits + 1);
    invalidateContentCache();
    expect((await getStoreSettings(handle.db)).leadMinutes).toBe(35);

    expect((await saveOutlet("081311112222")).status).toBe(200);
    expect(await storedLead()).toBe(35);
  });

  it.each([["7"], ["245"], ["-5"], ["1e2"], ["tiga puluh"], [""]])(
    "refuses %j with 400 and its message beside the field, and saves nothing",
    async (minutes) => {
      await saveLead("20");
      const before = { lead: await storedLead(), audits: await auditCount() };
      const answer = await saveLead(minutes);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({
        status: "error",
        intent: "pesanan",
        message: LEAD_MESSAGE,
        result: { error: { lead_minutes: [LEAD_MESSAGE] } },
      });
      expect({ lead: await storedLead(), audits: await auditCount() }).toEqual(before);
    },
  );

  it("is refused to a customer (403) and changes nothing", async () => {
    const before = await storedLead();
    expect((await saveLead("60", customerToken)).status).toBe(403);
    expect(await storedLead()).toBe(before);
  });
});
