import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { notifications, orders, users } from "../../../database/schema.ts";
import { loader as pageLoader } from "../../../app/routes/_site/pesanan-detail.tsx";
import { loader as liveLoader } from "../../../app/routes/resources/pesanan-langsung.tsx";
import { authMiddleware } from "../../../app/features/accounts/auth.server.ts";
import { startSession } from "../../../app/features/accounts/auth.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { changeOrderStatus } from "../../../app/features/kitchen/board/board.server.ts";
import { listCustomerOrders } from "../../../app/features/orders/my-orders.server.ts";
import { orderSlots } from "../../../app/features/store/order-slots.ts";
import { clearBusy, setBusy } from "../../../app/features/store/ordering-settings.server.ts";
import { getStoreSettings } from "../../../app/features/store/settings.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { openEventStreams } from "../../../app/lib/event-stream.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { PICK_UP_FORM, openAllDay } from "../../support/orders.ts";
import { call, get, uniqueEmail, type RequestOptions } from "../accounts/auth-support.ts";
import { Shopper } from "../cart/cart-support.ts";

let handle: DatabaseHandle;
let admin: { id: string; email: string; token: string };
let addressCounter = 0;

beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_ORDER_ADDRESS", "1000");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  // Open all day every day, so the tests do not depend on the hour they run at.
  await openAllDay(handle.db);
  admin = await account("Admin Dapur", "pemilik");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

async function account(nama: string, role: "pemilik" | "customer" = "customer") {
  const id = newUserId();
  const email = uniqueEmail(role);
  await handle.db.insert(users).values({ id, nama, email, provider: "password", role });
  const token = /nyala_session=([^;]+)/.exec(await startSession(handle.db, id))![1]!;
  return { id, email, token };
}

const ES = [{ id: "es-nyala", jumlah: 2 }];

/**
 * A browser of its own (its own address) fills its cart and checks out with `details` (a guest
 * picking up as soon as possible, unless the test says otherwise; "" is a field left empty).
 */
async function checkout(details: Record<string, string> = PICK_UP_FORM, options: { session?: string } = {}) {
  const shopper = new Shopper({ address: `198.51.100.${++addressCounter}`, session: options.session });
  await shopper.fill(ES);
  return Object.assign(await shopper.checkout(details), { shopper });
}

/** What a successful checkout gives the browser: the code, the link's secret and the view cookie. */
async function placed(details: Record<string, string> = PICK_UP_FORM, options: { session?: string } = {}) {
  const answer = await checkout(details, options);
  expect(answer.status, answer.body).toBe(201);
  const code = answer.json?.code as string;
  const secret = /\?kunci=([A-Za-z0-9_-]+)$/m.exec(answer.json?.message as string)![1]!;
  const viewCookie = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("nyala_lihat="))!;
  return { code, secret, viewCookie, answer };
}

/** GET /pesanan/<code> behind the root middleware, as the page's loader answers it. */
const openPage = (code: string, path = `/pesanan/${code}`, options: RequestOptions = {}) =>
  call((args) => pageLoader({ ...args, params: { kode: code } } as never), get(path, options));

describe(`checkout details (${testDatabaseKind()})`, () => {
  it("refuses a checkout without them: 400, each field's message, nothing stored", async () => {
    const before = (await handle.db.select().from(orders)).length;
    const answer = await checkout({ nama: "", cara: "antar", waktu: "secepatnya", whatsapp: "0812" });
    expect(answer.status).toBe(400);
    const page = await answer.shopper.cart();
    expect(answer.json).toEqual({
      status: "error",
      message: "Isi nama pemesan.",
      // Conform's reply: each field's message, and what was typed, the cart as it is and the
      // total the page showed: the page without JavaScript asks again with them.
      result: {
        status: "error",
        error: {
          nama: ["Isi nama pemesan."],
          whatsapp: ["Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890."],
          alamat: ["Isi alamat pengantaran."],
          patokan: ["Isi patokan agar kurir mudah menemukan alamatmu, misalnya: depan masjid."],
        },
        fields: ["nama", "whatsapp", "cara", "waktu", "keranjang", "total"],
        initialValue: {
          whatsapp: "0812",
          cara: "antar",
          waktu: "secepatnya",
          keranjang: page.cart.fingerprint,
          total: String(page.pricing.total),
        },
      },
    });
    expect((await handle.db.select().from(orders)).length).toBe(before);
  });

  it("stores a delivery for a chosen slot, and the message tells the kitchen everything once", async () => {
    const store = await getStoreSettings(handle.db);
    const slot = orderSlots({
      hours: store.openingHours,
      timezone: store.timezone,
      leadMinutes: store.leadMinutes,
      now: new Date(),
    })[2]!;
    const { code, answer } = await placed({
      nama: "Siti",
      whatsapp: "+62 813 1111 2222",
      cara: "antar",
      alamat: "Jl. Mawar No. 5",
      patokan: "depan masjid",
      waktu: slot.value,
    });
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(row).toMatchObject({
      customer_name: "Siti",
      customer_phone: "6281311112222",
      fulfilment: "antar",
      address: "Jl. Mawar No. 5",
      landmark: "depan masjid",
      table_number: null,
    });
    expect(row?.scheduled_for?.toISOString()).toBe(slot.at.toISOString());
    const message = answer.json?.message as string;
    expect(message).toContain(
      "\nAtas nama: Siti\nWhatsApp: +62 813-1111-2222\nCara: Diantar\nAlamat: Jl. Mawar No. 5 (patokan: depan masjid)\nWaktu: ",
    );
    expect(message).not.toContain("Waktu: Secepatnya");
  });

  it("refuses a slot that has passed, with the message that says so", async () => {
    const answer = await checkout({ ...PICK_UP_FORM, waktu: "2020-01-01T10:00" });
    expect(answer.status).toBe(400);
    expect((answer.json?.result as { error?: unknown } | undefined)?.error).toEqual({
      waktu: ["Jam yang kamu pilih sudah lewat atau di luar jam buka. Pilih jam lain."],
    });
  });

  it("remembers a guest's details in this browser only (a cookie for the cart page), and offers them next time", async () => {
    const { answer } = await placed({ ...PICK_UP_FORM, nama: "Rina", cara: "makan", meja: "7" });
    const cookie = answer.headers.getSetCookie().find((value) => value.startsWith("nyala_pemesan="))!;
    expect(cookie).toMatch(/; Path=\/keranjang; HttpOnly; SameSite=Lax; Max-Age=31536000$/);
    // The same browser's cart page (its lines are still there until "sudah terkirim").
    const next = await answer.shopper.cart();
    expect(next.details.remembered).toEqual({
      nama: "Rina",
      whatsapp: "+62 812-3456-7890",
      cara: "makan",
      alamat: "",
      patokan: "",
      meja: "7",
    });
    // A tampered cookie is simply not offered.
    answer.shopper.cookies.set("nyala_pemesan", "e30");
    expect((await answer.shopper.cart()).details.remembered).toBeNull();
  });

  it("remembers a signed-in customer's details on the account, offered on any browser; the name from the account at first", async () => {
    const customer = await account("Dewi Lestari");
    const shopper = await new Shopper({ session: customer.token }).fill(ES);
    expect((await shopper.cart()).details.remembered).toEqual({ nama: "Dewi Lestari" });
    await placed(
      {
        nama: "Dewi",
        whatsapp: "0813-2222-3333",
        cara: "antar",
        alamat: "Jl. Melati 2",
        patokan: "rumah biru",
        waktu: "secepatnya",
      },
      { session: customer.token },
    );
    // Another browser of the same account.
    const later = await new Shopper({ session: customer.token }).cart();
    expect(later.details.remembered).toMatchObject({
      nama: "Dewi",
      whatsapp: "+62 813-2222-3333",
      cara: "antar",
      alamat: "Jl. Melati 2",
    });
  });
});

describe(`the order page and who may see it (${testDatabaseKind()})`, () => {
  it("the link's secret is stored only as its SHA-256; opening the link keeps it in a cookie for that order and drops it from the address", async () => {
    const { code, secret } = await placed();
    const [row] = await handle.db.select().from(orders).where(eq(orders.code, code));
    expect(row?.view_token_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    const opened = await openPage(code, `/pesanan/${code}?kunci=${secret}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/pesanan/${code}`);
    // One cookie for the page (and its live stream below it), one for its data URL.
    expect(opened.headers.getSetCookie()).toEqual([
      `nyala_lihat=${secret}; Path=/pesanan/${code}; HttpOnly; SameSite=Lax; Max-Age=5184000`,
      `nyala_lihat=${secret}; Path=/pesanan/${code}.data; HttpOnly; SameSite=Lax; Max-Age=5184000`,
    ]);
    const page = await openPage(code, `/pesanan/${code}`, { cookies: [`nyala_lihat=${secret}`] });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.json?.order).toMatchObject({
      code,
      total: 16_000,
      details: [
        { label: "Atas nama", value: "Pelanggan Uji" },
        { label: "WhatsApp", value: "+62 812-3456-7890" },
        { label: "Cara", value: "Ambil sendiri" },
        { label: "Waktu", value: "Secepatnya" },
      ],
      lines: [{ title: "2x Es Nyala", level: null, catatan: "", subtotal: 16_000 }],
      live: {
        status: "baru",
        label: "Baru",
        explanation: "Pesananmu sudah tercatat dan menunggu diterima dapur.",
        steps: [
          { status: "baru", label: "Baru", state: "current", reason: null },
          { status: "diterima", state: "ahead", time: null },
          { status: "dimasak", state: "ahead" },
          { status: "siap", label: "Siap diambil", state: "ahead" },
          { status: "selesai", state: "ahead" },
        ],
      },
    });
    expect((page.json?.order as { live: { steps: { time: string }[] } }).live.steps[0]!.time).toMatch(
      /^pukul \d\d\.\d\d$/,
    );
    expect(page.body).not.toContain(secret);
  });

  it("the browser that placed the order sees it at once (the checkout's cookie)", async () => {
    const { code, viewCookie } = await placed();
    expect(viewCookie).toMatch(new RegExp(`; Path=/pesanan/${code}; HttpOnly; SameSite=Lax;`));
    const page = await openPage(code, `/pesanan/${code}`, { cookies: [viewCookie.split(";")[0]!] });
    expect(page.status).toBe(200);
  });

  it("an unknown code, a wrong secret, another order's secret or none: the same 404, saying nothing about the code", async () => {
    const mine = await placed();
    const other = await placed();
    const attempts = [
      openPage("NY-AAAA", `/pesanan/NY-AAAA?kunci=${mine.secret}`),
      openPage(mine.code, `/pesanan/${mine.code}?kunci=${"A".repeat(32)}`),
      openPage(mine.code, `/pesanan/${mine.code}?kunci=${other.secret}`),
      openPage(mine.code, `/pesanan/${mine.code}?kunci=`),
      openPage(mine.code),
      openPage(mine.code, `/pesanan/${mine.code}`, { cookies: [`nyala_lihat=${other.secret}`] }),
      openPage("NY-AAAA", "/pesanan/NY-AAAA", { cookies: [`nyala_lihat=${mine.secret}`] }),
      openPage("'; drop table orders; --"),
      openPage("x".repeat(5000)),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe('"Pesanan tidak ditemukan."');
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
  });

  it("a signed-in customer sees their own orders without the link, never another account's; Pesanan saya lists only theirs", async () => {
    const owner = await account("Pemilik Pesanan");
    const stranger = await account("Orang Lain");
    const first = await placed(PICK_UP_FORM, { session: owner.token });
    const { code } = first;
    // Sent: its lines leave the account's cart, so the next order holds only its own.
    await first.answer.shopper.sent();
    const older = await placed(PICK_UP_FORM, { session: owner.token });
    expect((await openPage(code, `/pesanan/${code}`, { session: owner.token })).status).toBe(200);
    expect((await openPage(code, `/pesanan/${code}`, { session: stranger.token })).status).toBe(404);
    // An admin runs the kitchen from the board; the customer's page is not theirs either.
    expect((await openPage(code, `/pesanan/${code}`, { session: admin.token })).status).toBe(404);
    const mine = await listCustomerOrders(handle.db, owner.id);
    expect(mine.orders.map((row) => row.code).sort()).toEqual([code, older.code].sort());
    expect(mine.orders[0]?.lines).toEqual([
      { menu_item_id: "es-nyala", nama: "Es Nyala", harga: 8_000, jumlah: 2, level: null, catatan: "" },
    ]);
    expect((await listCustomerOrders(handle.db, stranger.id)).orders).toEqual([]);
  });
});

/** Opens the live stream as the page's EventSource does; reads its events as they come. */
async function openLive(code: string, options: RequestOptions) {
  const controller = new AbortController();
  const request = new Request(
    get(`/pesanan/${code}/langsung`, { ...options, headers: { accept: "text/event-stream" } }),
    { signal: controller.signal },
  );
  const context = new RouterContextProvider();
  let response: Response | undefined;
  await authMiddleware({ request, context } as never, async () => {
    try {
      response = (await liveLoader({ request, context, params: { kode: code } } as never)) as Response;
    } catch (thrown) {
      response = new Response(JSON.stringify((thrown as { data?: unknown }).data), {
        status: (thrown as { init?: ResponseInit }).init?.status ?? 500,
      });
    }
    return response;
  });
  const reader = response!.body!.getReader();
  let buffer = "";
  const decoder = new TextDecoder();
  /** The next `status` event: its id and the state it carries. */
  async function next(): Promise<{
    id: number;
    data: {
      status: string;
      eventId: number;
      label: string;
      steps: { status: string; state: string; reason: string | null }[];
    };
  }> {
    for (;;) {
      const match = /id: (\d+)\nevent: status\ndata: (.*)\n\n/.exec(buffer);
      if (match) {
        buffer = buffer.slice(match.index + match[0].length);
        return { id: Number(match[1]), data: JSON.parse(match[2]!) };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      buffer += decoder.decode(value);
    }
  }
  return { response: response!, next, close: () => controller.abort() };
}

describe(`live order page (${testDatabaseKind()})`, () => {
  it("opens with the whole current state, then sends every status change with its id; closing frees the watcher", async () => {
    const { code, viewCookie } = await placed();
    const before = openEventStreams();
    const live = await openLive(code, { cookies: [viewCookie.split(";")[0]!] });
    expect(live.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(live.response.headers.get("cache-control")).toBe("no-store, no-transform");
    const first = await live.next();
    expect(first.data).toMatchObject({ status: "baru", label: "Baru" });
    expect(first.data.steps[0]).toMatchObject({ status: "baru", state: "current" });
    expect(openEventStreams()).toBe(before + 1);

    await changeOrderStatus(handle.db, admin, { code, status: "diterima" });
    const second = await live.next();
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.data.status).toBe("diterima");
    await changeOrderStatus(handle.db, admin, { code, status: "batal", alasan: "Es sedang habis." });
    const third = await live.next();
    expect(third.data.steps.map((step) => [step.status, step.state])).toEqual([
      ["baru", "done"],
      ["diterima", "done"],
      ["batal", "cancelled"],
    ]);
    expect(third.data.steps.at(-1)?.reason).toBe("Es sedang habis.");

    live.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(openEventStreams()).toBe(before);
  });

  it("a page that reconnects gets everything it missed at once", async () => {
    const { code, viewCookie } = await placed();
    const cookies = [viewCookie.split(";")[0]!];
    const live = await openLive(code, { cookies });
    await live.next();
    live.close();
    await changeOrderStatus(handle.db, admin, { code, status: "diterima" });
    await changeOrderStatus(handle.db, admin, { code, status: "dimasak" });
    const again = await openLive(code, { cookies });
    const state = await again.next();
    expect(state.data.steps.filter((step) => step.state !== "ahead").map((step) => step.status)).toEqual([
      "baru",
      "diterima",
      "dimasak",
    ]);
    again.close();
  });

  it("refuses anyone who may not see the order with the page's 404, and opens no stream", async () => {
    const { code, secret } = await placed();
    const other = await placed();
    const before = openEventStreams();
    for (const cookies of [[], [`nyala_lihat=${other.secret}`]]) {
      const live = await openLive(code, { cookies });
      expect(live.response.status).toBe(404);
    }
    // Allowed, but not an EventSource (a crawler, a script reading to the end): 406, no stream.
    const plain = await call(
      (args) => liveLoader({ ...args, params: { kode: code } } as never),
      get(`/pesanan/${code}/langsung`, { cookies: [`nyala_lihat=${secret}`] }),
    );
    expect(plain.status).toBe(406);
    expect(openEventStreams()).toBe(before);
  });
});

describe(`Toko sibuk (${testDatabaseKind()})`, () => {
  it("pauses new orders for the chosen time: checkout refuses with when it opens again; opening again lets orders in", async () => {
    const now = new Date();
    expect(await setBusy(handle.db, admin, { menit: "30" }, "Asia/Makassar", now)).toMatchObject({
      ok: true,
    });
    const store = await getStoreSettings(handle.db, now);
    expect(store.busy?.until).toBe(new Date(now.getTime() + 30 * 60_000).toISOString());
    expect(store.busyText).toMatch(/^Toko sedang sibuk\. Pesanan baru dibuka lagi pukul \d\d\.\d\d\.$/);
    const before = (await handle.db.select().from(orders)).length;
    const refused = await checkout();
    expect(refused.status).toBe(409);
    expect(refused.json?.message).toBe(`${store.busyText} Coba lagi nanti, ya.`);
    expect((await handle.db.select().from(orders)).length).toBe(before);
    // The pause ends by itself.
    expect((await getStoreSettings(handle.db, new Date(now.getTime() + 31 * 60_000))).busy).toBeNull();

    await setBusy(handle.db, admin, { menit: "0" }, "Asia/Makassar", now);
    expect((await getStoreSettings(handle.db, new Date(now.getTime() + 24 * 60 * 60_000))).busy).toEqual({
      until: null,
    });
    expect((await checkout()).status).toBe(409);
    expect(await setBusy(handle.db, admin, { menit: "45" }, "Asia/Makassar")).toMatchObject({
      ok: false,
      status: 400,
    });
    await clearBusy(handle.db, admin);
    expect((await checkout()).status).toBe(201);
  });
});

describe(`"Pesanan baru" notifications (${testDatabaseKind()})`, () => {
  it("one per order for every admin whose switch is on, telling who, how, what and how much", async () => {
    const quiet = await account("Admin Sepi", "pemilik");
    await handle.db
      .insert((await import("../../../database/schema.ts")).notificationSettings)
      .values({ user_id: quiet.id, pesanan_baru: false });
    const { code } = await placed({ ...PICK_UP_FORM, nama: "Andi" });
    const forAdmin = await handle.db.select().from(notifications).where(eq(notifications.user_id, admin.id));
    expect(forAdmin.map((item) => [item.judul, item.pesan])).toContainEqual([
      "Pesanan baru",
      `${code} · Andi · Ambil sendiri: 2x Es Nyala — Rp 16.000`,
    ]);
    expect(await handle.db.select().from(notifications).where(eq(notifications.user_id, quiet.id))).toEqual(
      [],
    );
  });
});
