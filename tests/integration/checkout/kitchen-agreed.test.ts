/**
 * Nothing the kitchen agreed is lost (docs/decisions/0053): a browser's next checkout replaces
 * its earlier order only while nobody at the restaurant touched it; an accepted, edited, paid or
 * printed order stays and the new one follows it. Portions put in the cart after a checkout stay
 * when the earlier order is accepted. An unconfirmed guest order is printed once it is accepted.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { orders, users } from "../../../database/schema.ts";
import { action as myOrdersAction } from "../../../app/routes/_site/pesanan-saya.tsx";
import type { Actor } from "../../../app/features/audit/audit-log.server.ts";
import { startSession } from "../../../app/features/accounts/auth.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { changeOrderStatus, listOrders } from "../../../app/features/kitchen/board/board.server.ts";
import { readCheckoutContext } from "../../../app/features/checkout/checkout-context.server.ts";
import { editOrder } from "../../../app/features/kitchen/counter/order-edit.server.ts";
import { loadLiveState } from "../../../app/features/order-pages/order-page-data.server.ts";
import { markPaid } from "../../../app/features/payments/mark-paid.server.ts";
import {
  claimFirstPrint,
  claimNextNewOrder,
  confirmPrint,
} from "../../../app/features/kitchen/printing/prints.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { openAllDay } from "../../support/orders.ts";
import { uniqueEmail } from "../accounts/auth-support.ts";
import { Shopper } from "../cart/cart-support.ts";

let handle: DatabaseHandle;
let admin: Actor;

beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_ORDER_ADDRESS", "1000");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await openAllDay(handle.db);
  const id = newUserId();
  const email = uniqueEmail("dapur");
  await handle.db.insert(users).values({ id, nama: "Dapur", email, provider: "password", role: "pemilik" });
  admin = { id, email };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

const rowOf = async (code: string) =>
  (await handle.db.select().from(orders).where(eq(orders.code, code)))[0]!;
const boardCard = async (code: string) =>
  (await listOrders(handle.db, { q: code, status: "semua" }, "Asia/Makassar")).orders[0]!;
const lines = async (shopper: Shopper) =>
  (await shopper.cart()).cart.lines.map((line) => `${line.key}×${line.jumlah}`);

async function signedIn() {
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: "Rina", email: uniqueEmail("rina"), provider: "password" });
  return new Shopper({ session: /nyala_session=([^;]+)/.exec(await startSession(handle.db, id))![1]! });
}

/** A browser that checked out two Es Nyala: its shopper and the order's code. */
async function firstCheckout(shopper = new Shopper()) {
  await shopper.fill([{ id: "es-nyala", jumlah: 2 }]);
  const first = await shopper.checkout();
  expect(first.status, first.body).toBe(201);
  return { shopper, code: first.json?.code as string };
}

/** Ways the restaurant takes an order up, each of which keeps it from being replaced. */
const TAKE_UP: Record<string, (code: string) => Promise<unknown>> = {
  diterima: (code) => changeOrderStatus(handle.db, admin, { code, status: "diterima" }),
  diubah: async (code) => {
    const form = new FormData();
    const fields: [string, string][] = [
      ["menu", "es-nyala"],
      ["jumlah", "3"],
      ["catatan", ""],
      ["versi", "1"],
      ["waktu", "tetap"],
    ];
    for (const [name, value] of fields) form.append(name, value);
    const total = (await rowOf(code)).total + 8_000;
    form.append("total", String(total));
    const edited = await editOrder(handle.db, admin, code, form, await readCheckoutContext(handle.db));
    expect(edited.ok, JSON.stringify(edited)).toBe(true);
  },
  lunas: async (code) => expect((await markPaid(handle.db, admin, { code })).ok).toBe(true),
  dicetak: async (code) => {
    const token = await claimFirstPrint(handle.db, (await rowOf(code)).id, "dapur", "tablet-dapur-1");
    expect(await confirmPrint(handle.db, token!, admin.id)).not.toBeNull();
  },
  "sedang dicetak": async (code) =>
    expect(
      await claimFirstPrint(handle.db, (await rowOf(code)).id, "struk", "tablet-kasir-1"),
    ).not.toBeNull(),
};

describe(`a browser's next checkout (${testDatabaseKind()})`, () => {
  it("replaces an order nobody touched: the board says so, the old page blames nobody", async () => {
    const { shopper, code: first } = await firstCheckout();
    await shopper.fill([{ id: "pangsit-goreng" }]);
    const second = await shopper.checkout();
    expect(second.status, second.body).toBe(201);
    const code = second.json?.code as string;
    expect(second.json).toMatchObject({ replaced: first, follows: null });
    expect(second.json?.message).toContain(`Menggantikan pesanan ${first}.`);
    expect(await rowOf(first)).toMatchObject({ status: "batal", replaced_by: code });
    expect(await boardCard(code)).toMatchObject({ replaces: first, follows: null });

    const page = (await loadLiveState(handle.db, (await rowOf(first)).id, "Asia/Makassar"))!;
    expect(page.label).toBe("Diganti");
    expect(page.explanation).toContain(`Kamu mengganti pesanan ini dengan pesanan ${code}`);
    expect(page.steps.at(-1)).toMatchObject({ label: `Diganti pesanan ${code}`, reason: null });
    expect(JSON.stringify(page)).not.toMatch(/restoran membatalkan|Alasan/);
  });

  it.each(Object.keys(TAKE_UP))(
    "never replaces an order the restaurant %s: the next checkout is a new order that follows it",
    async (how) => {
      const { shopper, code: first } = await firstCheckout();
      await TAKE_UP[how]!(first);
      const before = await rowOf(first);
      await shopper.fill([{ id: "pangsit-goreng" }]);
      const second = await shopper.checkout();
      expect(second.status, second.body).toBe(201);
      const code = second.json?.code as string;
      expect(second.json).toMatchObject({ replaced: null, follows: first });
      expect(second.json?.message).toContain(`Pesanan tambahan: pesanan ${first} tetap berjalan.`);
      // The earlier order is exactly as the restaurant left it.
      const after = await rowOf(first);
      expect(after).toMatchObject({ status: before.status, version: before.version, total: before.total });
      expect(after.replaced_by).toBeNull();
      expect(await boardCard(code)).toMatchObject({ follows: first, replaces: null, status: "baru" });
    },
  );

  it("a print claimed while the customer checks out again: either the ticket or the replacement, never both", async () => {
    for (let round = 0; round < 8; round++) {
      const { shopper, code: first } = await firstCheckout();
      await shopper.fill([{ id: "pangsit-goreng" }]);
      const { id } = await rowOf(first);
      const [token, second] = await Promise.all([
        claimFirstPrint(handle.db, id, "dapur", `tablet-${round}`),
        shopper.checkout(),
      ]);
      expect(second.status, second.body).toBe(201);
      const row = await rowOf(first);
      if (token) {
        expect([row.status, second.json?.follows]).toEqual(["baru", first]);
      } else {
        expect([row.status, second.json?.replaced]).toEqual(["batal", first]);
      }
    }
  });
});

describe(`the cart after a checkout (${testDatabaseKind()})`, () => {
  it("Pesan lagi → Ganti isi keranjang while the first order is Baru: accepting it leaves the new cart", async () => {
    const shopper = await signedIn();
    await shopper.fill([
      { id: "es-nyala", jumlah: 3 },
      { id: "pangsit-goreng", jumlah: 2 },
    ]);
    const first = await shopper.checkout();
    const code = first.json?.code as string;
    const again = await shopper.send(
      myOrdersAction,
      "/pesanan-saya",
      { intent: "pesan-lagi", kode: code, cara: "ganti" },
      { plain: true },
    );
    expect(again.status).toBe(303);
    expect(await lines(shopper)).toEqual(["es-nyala×3", "pangsit-goreng×2"]);
    expect((await changeOrderStatus(handle.db, admin, { code, status: "diterima" })).ok).toBe(true);
    expect(await lines(shopper)).toEqual(["es-nyala×3", "pangsit-goreng×2"]);
  });

  it("portions lowered and added again by hand after the checkout stay; only those kept since it go", async () => {
    const { shopper, code } = await firstCheckout();
    expect((await shopper.edit("jumlah:es-nyala:1")).status).toBe(200);
    await shopper.fill([{ id: "es-nyala", jumlah: 2 }]);
    expect(await lines(shopper)).toEqual(["es-nyala×3"]);
    expect((await changeOrderStatus(handle.db, admin, { code, status: "diterima" })).ok).toBe(true);
    expect(await lines(shopper)).toEqual(["es-nyala×2"]);
  });
});

describe(`Auto-cetak and unconfirmed orders (${testDatabaseKind()})`, () => {
  /** Prints every ticket Auto-cetak would print now; returns the orders' codes. */
  async function printAll() {
    const printed: string[] = [];
    for (let claim = await claimNextNewOrder(handle.db, "tablet-dapur"); claim;) {
      await confirmPrint(handle.db, claim.token, admin.id);
      const [row] = await handle.db.select().from(orders).where(eq(orders.id, claim.orderId));
      printed.push(row!.code);
      claim = await claimNextNewOrder(handle.db, "tablet-dapur");
    }
    return printed;
  }

  it("prints an anonymous unconfirmed order once it is accepted, and known customers' orders at once", async () => {
    await printAll();
    const guest = await firstCheckout();
    expect(await printAll()).toEqual([]);
    expect((await boardCard(guest.code)).confirmed).toBe(false);
    expect((await changeOrderStatus(handle.db, admin, { code: guest.code, status: "diterima" })).ok).toBe(
      true,
    );
    expect(await printAll()).toEqual([guest.code]);

    const confirmed = await firstCheckout();
    expect((await confirmed.shopper.sent()).status).toBe(200);
    const account = await firstCheckout(await signedIn());
    expect((await printAll()).sort()).toEqual([confirmed.code, account.code].sort());
  });
});
