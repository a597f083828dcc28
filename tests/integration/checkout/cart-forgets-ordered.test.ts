import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { users } from "../../../database/schema.ts";
import type { Actor } from "../../../app/features/audit/audit-log.server.ts";
import { startSession } from "../../../app/features/accounts/auth.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { changeOrderStatus } from "../../../app/features/kitchen/board/board.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { uniqueEmail } from "../accounts/auth-support.ts";
import { Shopper } from "../cart/cart-support.ts";
import { openAllDay } from "../../support/orders.ts";

/**
 * An order's portions leave the cart it was checked out from, once: when the restaurant accepts
 * it or the customer confirms sending it. Portions added after the checkout stay (0043).
 */
let handle: DatabaseHandle;
let admin: Actor;

beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_ORDER_ADDRESS", "1000");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await openAllDay(handle.db);
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: "Kasir", email: uniqueEmail("kasir"), provider: "password", role: "pemilik" });
  admin = { id, email: "kasir@contoh.test" };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

async function signedIn() {
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: "Pelanggan", email: uniqueEmail("p"), provider: "password" });
  return new Shopper({ session: /nyala_session=([^;]+)/.exec(await startSession(handle.db, id))![1]! });
}

const lines = async (shopper: Shopper) =>
  (await shopper.cart()).cart.lines.map((line) => `${line.key}×${line.jumlah}`);

/** Checks out es-nyala ×2 and Mie Level 3 ×1, then adds one more es-nyala and a pangsit. */
async function checkedOutThenAdded(shopper: Shopper) {
  await shopper.fill([
    { id: "es-nyala", jumlah: 2 },
    { id: "mie-nyala-level-3", level: 3 },
  ]);
  const recorded = await shopper.checkout();
  expect(recorded.status, recorded.body).toBe(201);
  await shopper.fill([{ id: "es-nyala" }, { id: "pangsit-goreng" }]);
  return recorded.json?.code as string;
}

const accept = (code: string) => changeOrderStatus(handle.db, admin, { code, status: "diterima" });

describe(`the cart forgets what was ordered (${testDatabaseKind()})`, () => {
  for (const who of ["a guest", "a signed-in customer"]) {
    it(`${who}: accepting the order takes its portions out, once; later portions stay`, async () => {
      const shopper = who === "a guest" ? new Shopper() : await signedIn();
      const code = await checkedOutThenAdded(shopper);
      expect(await lines(shopper)).toEqual(["es-nyala×3", "mie-nyala-level-3#3×1", "pangsit-goreng×1"]);
      expect((await accept(code)).ok).toBe(true);
      expect(await lines(shopper)).toEqual(["es-nyala×1", "pangsit-goreng×1"]);
      // Confirming afterwards takes nothing more.
      const sent = await shopper.sent();
      expect(sent.json).toMatchObject({ status: "success", code, cart: { count: 2 } });
      expect(await lines(shopper)).toEqual(["es-nyala×1", "pangsit-goreng×1"]);
    });
  }

  it("confirming first takes the portions out; accepting afterwards takes nothing more", async () => {
    const shopper = new Shopper();
    const code = await checkedOutThenAdded(shopper);
    expect((await shopper.sent()).json).toMatchObject({ code, cart: { count: 2 } });
    expect((await accept(code)).ok).toBe(true);
    expect(await lines(shopper)).toEqual(["es-nyala×1", "pangsit-goreng×1"]);
  });

  it("a cancelled order leaves the cart as it is", async () => {
    const shopper = new Shopper();
    const code = await checkedOutThenAdded(shopper);
    const cancelled = await changeOrderStatus(handle.db, admin, {
      code,
      status: "batal",
      alasan: "Bahan habis",
    });
    expect(cancelled.ok).toBe(true);
    expect(await lines(shopper)).toEqual(["es-nyala×3", "mie-nyala-level-3#3×1", "pangsit-goreng×1"]);
  });
});
