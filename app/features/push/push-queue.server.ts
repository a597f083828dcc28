/**
 * The push queue in the database (docs/decisions/0036-web-push.md): `planPushes` adds due pushes
 * (one row per order, subscription and round), `claimPushes` leases them to one server (SKIP
 * LOCKED), `recordOutcomes` keeps the answers.
 */
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orders, pushDeliveries, pushSubscriptions, storeSettings, users } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import type { PushOrder } from "./push-message.ts";
import { DEFAULT_PUSH_REPEATS } from "./push-repeats-schema.ts";
import type { PushOutcome } from "./send-push.server.ts";
import { pushTargetColumns, type PushTarget } from "./subscriptions.server.ts";

const REPEAT_GAP = sql`interval '2 minutes'`;
/** A new order older than this gets no first push (a device added later, a long outage). */
const FRESH_FOR = sql`interval '1 hour'`;
/** How long a claim holds: longer than a send with its time limit. */
const LEASE = sql`interval '30 seconds'`;
const BATCH = 200;
/** Waits after the 1st, 2nd, … failed attempt; after the last one the push counts as failed. */
export const RETRY_DELAYS_S = [5, 15, 30, 60, 120];

export interface ClaimedPush {
  id: number;
  round: number;
  attempts: number;
  order: PushOrder;
  target: PushTarget;
}

/** Adds the pushes now due. An order's age is read on the store's clock, as its time was written. */
export async function planPushes(db: Database, now: Date = storeDate()) {
  await db.execute(sql`
    insert into ${pushDeliveries} (order_id, subscription_id, round)
    select o.id, s.id, coalesce(last.round + 1, 0)
    from ${orders} o
    join ${pushSubscriptions} s on s.created_at <= o.created_at
    join ${users} u on u.id = s.user_id and u.role = 'admin'
    left join lateral (
      select d.round, d.state, coalesce(d.sent_at, d.created_at) as at
      from ${pushDeliveries} d
      where d.order_id = o.id and d.subscription_id = s.id
      order by d.round desc
      limit 1
    ) last on true
    where o.status = 'baru'
      and o.created_at > ${now.toISOString()}::timestamptz - ${FRESH_FOR}
      and (
        last.round is null
        or (
          last.round < coalesce((select ${storeSettings.push_repeats} from ${storeSettings} where ${storeSettings.id} = 1), ${DEFAULT_PUSH_REPEATS})
          and last.state <> 'pending'
          and last.at <= now() - ${REPEAT_GAP}
        )
      )
    on conflict do nothing
  `);
}

/** Leases the due pushes of orders still `baru` to this server, with what sending them needs. */
export async function claimPushes(db: Database): Promise<ClaimedPush[]> {
  const due = db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .innerJoin(orders, eq(orders.id, pushDeliveries.order_id))
    .where(
      and(
        eq(pushDeliveries.state, "pending"),
        lte(pushDeliveries.due_at, sql`now()`),
        or(isNull(pushDeliveries.claimed_until), lt(pushDeliveries.claimed_until, sql`now()`)),
        eq(orders.status, "baru"),
      ),
    )
    .orderBy(pushDeliveries.id)
    .limit(BATCH)
    .for("update", { of: pushDeliveries, skipLocked: true });
  const claimed = await db
    .update(pushDeliveries)
    .set({ claimed_until: sql`now() + ${LEASE}`, attempts: sql`${pushDeliveries.attempts} + 1` })
    .where(inArray(pushDeliveries.id, due))
    .returning({
      id: pushDeliveries.id,
      round: pushDeliveries.round,
      attempts: pushDeliveries.attempts,
      orderId: pushDeliveries.order_id,
      subscriptionId: pushDeliveries.subscription_id,
    });
  if (claimed.length === 0) return [];
  const [orderRows, targets] = await Promise.all([
    db
      .select({
        id: orders.id,
        code: orders.code,
        total: orders.total,
        fulfilment: orders.fulfilment,
        created_at: orders.created_at,
      })
      .from(orders)
      .where(inArray(orders.id, [...new Set(claimed.map((row) => row.orderId))])),
    db
      .select(pushTargetColumns)
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((row) => row.subscriptionId))])),
  ]);
  const orderById = new Map(orderRows.map((row) => [row.id, row]));
  const targetById = new Map(targets.map((row) => [row.id, row]));
  return claimed.flatMap((row) => {
    const order = orderById.get(row.orderId);
    const target = targetById.get(row.subscriptionId);
    return order && target ? [{ id: row.id, round: row.round, attempts: row.attempts, order, target }] : [];
  });
}

export interface PushResult {
  push: ClaimedPush;
  outcome: PushOutcome;
}

/** Keeps what the push services answered: sent, to be tried again later, failed, or gone. */
export async function recordOutcomes(db: Database, results: PushResult[]) {
  const sent = results.filter(({ outcome }) => outcome.kind === "sent").map(({ push }) => push.id);
  if (sent.length > 0)
    await db
      .update(pushDeliveries)
      .set({ state: "sent", sent_at: sql`now()`, claimed_until: null, last_error: null })
      .where(inArray(pushDeliveries.id, sent));
  const gone = results.filter(({ outcome }) => outcome.kind === "gone").map(({ push }) => push.target.id);
  // Their pushes go with them (on delete cascade).
  if (gone.length > 0)
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...new Set(gone)]));
  for (const { push, outcome } of results) {
    if (outcome.kind !== "retry" && outcome.kind !== "refused") continue;
    const delay = outcome.kind === "retry" ? RETRY_DELAYS_S[push.attempts - 1] : undefined;
    await db
      .update(pushDeliveries)
      .set(
        delay === undefined
          ? { state: "failed", claimed_until: null, last_error: outcome.error }
          : {
              due_at: sql`now() + make_interval(secs => ${delay})`,
              claimed_until: null,
              last_error: outcome.error,
            },
      )
      .where(eq(pushDeliveries.id, push.id));
  }
}

/** Forgets pushes older than two days (nothing reads them after their order's evening). */
export async function prunePushes(db: Database) {
  await db.delete(pushDeliveries).where(lt(pushDeliveries.created_at, sql`now() - interval '2 days'`));
}
