import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../database/client.server.ts";
import { dailyPortions, menuItems, orderPortions, orders } from "../../database/schema.ts";
import { PORTION_MESSAGES } from "../../app/features/catalog/portions.ts";
import {
  CHECKOUT_DETAILS,
  dropDatabases,
  freshDatabase,
  orderCodeIn,
  startServer,
  type ExtraHeaders,
  type Server,
} from "./servers.ts";

/**
 * Daily portions under simultaneous checkouts (docs/decisions/0044-daily-portions.md): two
 * production servers on one PostgreSQL database, 50 customers (each its own address behind the
 * load balancer) check out a dish with 10 portions at once, half on each server. Exactly 10
 * orders are recorded, the other 40 are told it is sold out and record nothing, the count is 0.
 */
afterAll(dropDatabases);

const ITEM = "es-nyala";
const PORTIONS = 10;
const CUSTOMERS = 50;
const SOLD_OUT = PORTION_MESSAGES.runOut("Es Nyala");

let a: Server;
let b: Server;
let handle: DatabaseHandle;

/** One Es Nyala in a new cart, as "Tambah" without JavaScript puts it; the cart's cookie. */
async function cartWithOne(server: Server, headers: ExtraHeaders): Promise<string> {
  const added = await fetch(`${server.url}/keranjang`, {
    method: "POST",
    body: new URLSearchParams({ intent: "tambah", menu: ITEM }),
    headers,
    redirect: "manual",
  });
  await added.arrayBuffer();
  if (added.status !== 303) throw new Error(`adding to the cart: ${added.status}`);
  return added.headers.getSetCookie()[0]!.split(";")[0]!;
}

async function checkOut(server: Server, headers: ExtraHeaders, cookie: string) {
  const response = await fetch(`${server.url}/pesanan`, {
    method: "POST",
    body: new URLSearchParams(CHECKOUT_DETAILS),
    headers: { ...headers, cookie },
    redirect: "manual",
  });
  const page = await response.text();
  return { status: response.status, code: response.status === 201 ? orderCodeIn(page) : null, page };
}

beforeAll(async () => {
  const databaseUrl = await freshDatabase();
  const env = { TRUST_PROXY: "1" };
  // One after the other: the first runs the migrations.
  a = await startServer({ databaseUrl }, env);
  b = await startServer({ databaseUrl }, env);
  handle = await openDatabase({ databaseUrl });
  await handle.db.update(menuItems).set({ porsi_harian: PORTIONS }).where(eq(menuItems.id, ITEM));
});
afterAll(async () => {
  await handle?.close();
  await Promise.all([a?.stop(), b?.stop()]);
});

describe("daily portions on two servers sharing PostgreSQL", () => {
  it(`records exactly ${PORTIONS} of ${CUSTOMERS} simultaneous checkouts; the rest are told it is sold out`, async () => {
    const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
      server: i % 2 === 0 ? a : b,
      headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
    }));
    const carts = await Promise.all(customers.map(({ server, headers }) => cartWithOne(server, headers)));
    const answers = await Promise.all(
      customers.map(({ server, headers }, i) => checkOut(server, headers, carts[i]!)),
    );

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const recorded = answers.filter((answer) => answer.status === 201 && answer.code);
    expect(recorded).toHaveLength(PORTIONS);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, answer.page.includes(SOLD_OUT)])).toEqual(
      Array.from({ length: CUSTOMERS - PORTIONS }, () => [409, true]),
    );
    const codes = recorded.map((answer) => answer.code!);
    expect(new Set(codes).size).toBe(PORTIONS);

    const [left] = await handle.db
      .select({ sisa: sql<number>`coalesce(sum(${dailyPortions.sisa}), -1)::int` })
      .from(dailyPortions)
      .where(eq(dailyPortions.menu_item_id, ITEM));
    expect(left?.sisa).toBe(0);
    const [held] = await handle.db
      .select({ n: sql<number>`coalesce(sum(${orderPortions.jumlah}), 0)::int` })
      .from(orderPortions)
      .where(eq(orderPortions.menu_item_id, ITEM));
    expect(held?.n).toBe(PORTIONS);
    const rows = await handle.db.select({ code: orders.code }).from(orders);
    expect(rows.map((row) => row.code).sort()).toEqual([...codes].sort());
  });
});
