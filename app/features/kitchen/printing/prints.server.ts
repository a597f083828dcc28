// Who prints a ticket first (0037): without the reprint banner it comes out at most once, on any device or
// server; one `order_prints` row per order and kind, claimed with a lease on the database's clock.
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../../database/client.server.ts";
import { orderEvents, orderPrints, orders } from "../../../../database/schema.ts";
import { storeDate } from "../../../lib/clock.server.ts";
import { confirmedOrder } from "../../orders/confirmed-order.server.ts";
import { clockTime } from "../../store/order-time.ts";
import type { OrderPrints, TicketKind } from "./print-api.ts";

/** Longer than the browser waits for its printer (print-job.ts), so a live claimer keeps its lease. */
export const LEASE_SECONDS = 60;
const leaseEnd = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
const claimable = and(
  isNull(orderPrints.printed_at),
  or(isNull(orderPrints.lease_until), lt(orderPrints.lease_until, sql`now()`)),
);

/** Accepted within this long: an unconfirmed order's kitchen ticket comes out once accepted. */
const ACCEPTED_WITHIN = sql`interval '1 hour'`;

// Auto-cetak prints a new order from a known customer, or an unconfirmed one the staff just accepted (0047).
const kitchenReady = (now: Date) =>
  or(
    and(eq(orders.status, "baru"), confirmedOrder()),
    and(
      inArray(orders.status, ["diterima", "dimasak"]),
      sql`not ${confirmedOrder()}`,
      sql`exists (select 1 from ${orderEvents} e where e.order_id = "orders"."id" and e.status = 'diterima' and e.created_at > ${now.toISOString()}::timestamptz - ${ACCEPTED_WITHIN})`,
    ),
  )!;

// The order's row is shared-locked meanwhile, so a checkout replacing it either sees this claim or cancels
// first. A cancelled order's ticket is never claimed.
export async function claimFirstPrint(
  db: Database,
  orderId: number,
  kind: TicketKind,
  deviceId: string,
  only?: SQL,
): Promise<string | null> {
  const token = randomUUID();
  const claim = { claim_token: token, device_id: deviceId, lease_until: leaseEnd };
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), ne(orders.status, "batal"), only))
      .for("share");
    if (!order) return null;
    const won = await tx
      .insert(orderPrints)
      .values({ order_id: orderId, kind, ...claim })
      .onConflictDoUpdate({
        target: [orderPrints.order_id, orderPrints.kind],
        set: { ...claim, updated_at: sql`now()` },
        setWhere: claimable,
      })
      .returning({ id: orderPrints.id });
    return won.length > 0 ? token : null;
  });
}

export async function claimNextNewOrder(
  db: Database,
  deviceId: string,
  now: Date = storeDate(),
): Promise<{ orderId: number; token: string } | null> {
  const ready = kitchenReady(now);
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(orderPrints, and(eq(orderPrints.order_id, orders.id), eq(orderPrints.kind, "dapur")))
    .where(and(ready, or(isNull(orderPrints.id), claimable)))
    .orderBy(asc(orders.created_at), asc(orders.id))
    .limit(5);
  for (const { id } of candidates) {
    const token = await claimFirstPrint(db, id, "dapur", deviceId, ready);
    if (token) return { orderId: id, token };
  }
  return null;
}

export async function confirmPrint(db: Database, token: string, userId: string) {
  const [row] = await db
    .update(orderPrints)
    .set({
      printed_at: sql`now()`,
      printed_by: userId,
      claim_token: null,
      lease_until: null,
      updated_at: sql`now()`,
    })
    .where(and(eq(orderPrints.claim_token, token), isNull(orderPrints.printed_at)))
    .returning({ orderId: orderPrints.order_id });
  return row ?? null;
}

export async function releasePrint(db: Database, token: string): Promise<void> {
  await db
    .update(orderPrints)
    .set({ claim_token: null, lease_until: null, updated_at: sql`now()` })
    .where(and(eq(orderPrints.claim_token, token), isNull(orderPrints.printed_at)));
}

export async function recordReprint(db: Database, orderId: number, kind: TicketKind): Promise<boolean> {
  const rows = await db
    .update(orderPrints)
    .set({ reprints: sql`${orderPrints.reprints} + 1`, last_reprint_at: sql`now()`, updated_at: sql`now()` })
    .where(
      and(eq(orderPrints.order_id, orderId), eq(orderPrints.kind, kind), isNotNull(orderPrints.printed_at)),
    )
    .returning({ id: orderPrints.id });
  return rows.length > 0;
}

export async function isPrinted(db: Database, orderId: number, kind: TicketKind): Promise<boolean> {
  const [row] = await db
    .select({ id: orderPrints.id })
    .from(orderPrints)
    .where(
      and(eq(orderPrints.order_id, orderId), eq(orderPrints.kind, kind), isNotNull(orderPrints.printed_at)),
    );
  return Boolean(row);
}

export async function printStates(
  db: Database,
  list: readonly { id: number; code: string }[],
  timezone: string,
): Promise<Record<string, OrderPrints>> {
  const states: Record<string, OrderPrints> = {};
  if (list.length === 0) return states;
  const codes = new Map(list.map((order) => [order.id, order.code]));
  const rows = await db
    .select()
    .from(orderPrints)
    .where(and(inArray(orderPrints.order_id, [...codes.keys()]), isNotNull(orderPrints.printed_at)));
  for (const row of rows) {
    const state = (states[codes.get(row.order_id)!] ??= {});
    state[row.kind] = { at: clockTime(row.printed_at!, timezone), reprints: row.reprints };
  }
  return states;
}

// Its kitchen ticket may come out once more, marked changed (0039).
export async function ticketChanged(db: Pick<Database, "update">, orderId: number): Promise<void> {
  await db
    .update(orderPrints)
    .set({ printed_at: null, claim_token: null, lease_until: null, updated_at: sql`now()` })
    .where(and(eq(orderPrints.order_id, orderId), eq(orderPrints.kind, "dapur")));
}
