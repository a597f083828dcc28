// The push queue in the database (0036, 0047): a row per order, subscription and round, written when a
// server leases the push, so a backlog costs no rows and a paused host no rewrites.
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orders, pushDeliveries, pushSubscriptions, storeSettings, users } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { mayUse, seesPrices, STAFF_ROLES } from "../accounts/access.ts";
import { confirmedOrder } from "../orders/confirmed-order.server.ts";
import { orderLineLevel } from "../orders/order-line-level.ts";
import { linesOfOrders } from "../orders/order-rows.server.ts";
import type { PushOrder } from "./push-message.ts";
import type { JobResult } from "./push-pool.server.ts";
import { DEFAULT_PUSH_REPEATS } from "./push-repeats-schema.ts";
import { pushTargetColumns, type PushTarget } from "./subscriptions.server.ts";

// Every role that sees the board gets its pushes (0056); the kitchen's say lines, never the total.
const BOARD_ROLES = STAFF_ROLES.filter((role) => mayUse(role, "/admin/pesanan/langsung"));

const REPEAT_GAP = sql`interval '2 minutes'`;
// No first push for an older order (a device added later, a long outage).
const FRESH_FOR = sql`interval '1 hour'`;
const LEASE = sql`interval '30 seconds'`;
const GIVE_UP_AFTER = sql`interval '10 minutes'`;
export const RETRY_DELAYS_S = [5, 15, 30, 60, 120];

export interface ClaimedPush {
  id: number;
  round: number;
  attempts: number;
  order: PushOrder;
  target: PushTarget;
}

interface LeasedRow {
  id: number;
  round: number;
  attempts: number;
  order_id: number;
  subscription_id: number;
}

const rowsOf = (result: unknown) => (result as { rows: LeasedRow[] }).rows;

const notPaused = (paused: string[]) => sql`not exists (
  select 1 from jsonb_array_elements_text(${JSON.stringify(paused)}::jsonb) as p(origin)
  where starts_with(s.endpoint, p.origin || '/'))`;

// Retries first, then new pushes; an unconfirmed anonymous order gets no reminders (0047).
export async function claimPushes(
  db: Database,
  limit: number,
  { now = storeDate(), paused = [] }: { now?: Date; paused?: string[] } = {},
): Promise<ClaimedPush[]> {
  if (limit <= 0) return [];
  const retried = rowsOf(
    await db.execute(sql`
      update ${pushDeliveries} d set claimed_until = now() + ${LEASE}, attempts = d.attempts + 1
      where d.id in (
        select r.id from ${pushDeliveries} r
        join ${pushSubscriptions} s on s.id = r.subscription_id
        where r.state = 'pending' and r.due_at <= now()
          and (r.claimed_until is null or r.claimed_until < now())
          and exists (select 1 from ${orders} o where o.id = r.order_id and o.status = 'baru')
          and ${notPaused(paused)}
        order by r.due_at, r.id
        limit ${limit}
        for update of r skip locked)
      returning d.id, d.round, d.attempts, d.order_id, d.subscription_id`),
  );
  const planned =
    retried.length < limit
      ? rowsOf(
          await db.execute(sql`
            insert into ${pushDeliveries} (order_id, subscription_id, round, attempts, claimed_until)
            select o.id, s.id, coalesce(last.round + 1, 0), 1, now() + ${LEASE}
            from ${orders} o
            join ${pushSubscriptions} s on s.created_at <= o.created_at and ${notPaused(paused)}
            join ${users} u on u.id = s.user_id and u.role in (${sql.join(
              BOARD_ROLES.map((role) => sql`${role}`),
              sql`, `,
            )})
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
                  ${confirmedOrder("o")}
                  and last.round < coalesce((select ${storeSettings.push_repeats} from ${storeSettings} where ${storeSettings.id} = 1), ${DEFAULT_PUSH_REPEATS})
                  and last.state <> 'pending'
                  and last.at <= now() - ${REPEAT_GAP}
                )
              )
            limit ${limit - retried.length}
            on conflict do nothing
            returning id, round, attempts, order_id, subscription_id`),
        )
      : [];
  const claimed = [...retried, ...planned];
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
      .where(inArray(orders.id, [...new Set(claimed.map((row) => row.order_id))])),
    db
      .select({ ...pushTargetColumns, role: users.role })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.user_id))
      .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((row) => row.subscription_id))])),
  ]);
  const kitchenOrders = [
    ...new Set(
      claimed
        .filter((row) => targets.some((t) => t.id === row.subscription_id && !seesPrices(t.role)))
        .map((row) => row.order_id),
    ),
  ];
  const linesByOrder = new Map<number, string[]>();
  for (const line of await linesOfOrders(db, kitchenOrders)) {
    const level = orderLineLevel(line.nama, line.level);
    const list = linesByOrder.get(line.order_id) ?? [];
    list.push(`${line.jumlah}x ${line.nama}${level ? ` (${level})` : ""}`);
    linesByOrder.set(line.order_id, list);
  }
  const orderById = new Map(orderRows.map((row) => [row.id, row]));
  const targetById = new Map(targets.map((row) => [row.id, row]));
  return claimed.flatMap((row) => {
    const order = orderById.get(row.order_id);
    const target = targetById.get(row.subscription_id);
    if (!order || !target) return [];
    const { role, ...pushTarget } = target;
    const kitchen = seesPrices(role) ? null : (linesByOrder.get(order.id) ?? []);
    const shown: PushOrder = kitchen ? { ...order, total: null, lines: kitchen } : order;
    return [{ id: row.id, round: row.round, attempts: row.attempts, order: shown, target: pushTarget }];
  });
}

export interface PushResult {
  push: ClaimedPush;
  result: JobResult;
}

interface RowChange {
  id: number;
  // null: it is over (failed).
  delay: number | null;
  error: string | null;
  // The attempt did not happen: it is not counted.
  uncounted: boolean;
}

function changeFor({ push, result }: PushResult): RowChange | null {
  if (result.kind === "released") return { id: push.id, delay: 0, error: null, uncounted: true };
  if (result.kind === "deferred") return { id: push.id, delay: result.seconds, error: null, uncounted: true };
  const { outcome } = result;
  if (outcome.kind === "sent" || outcome.kind === "gone") return null;
  const delay = outcome.kind === "retry" ? RETRY_DELAYS_S[push.attempts - 1] : undefined;
  return { id: push.id, delay: delay ?? null, error: outcome.error, uncounted: false };
}

export async function recordResults(db: Database, results: PushResult[]) {
  const outcomes = results.flatMap(({ push, result }) =>
    result.kind === "done" ? [{ push, outcome: result.outcome }] : [],
  );
  const sent = outcomes.filter(({ outcome }) => outcome.kind === "sent").map(({ push }) => push.id);
  if (sent.length > 0)
    await db
      .update(pushDeliveries)
      .set({ state: "sent", sent_at: sql`now()`, claimed_until: null, last_error: null })
      .where(inArray(pushDeliveries.id, sent));
  const gone = outcomes.filter(({ outcome }) => outcome.kind === "gone").map(({ push }) => push.target.id);
  if (gone.length > 0)
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...new Set(gone)]));
  const changes = results.flatMap((result) => changeFor(result) ?? []);
  if (changes.length === 0) return;
  await db.execute(sql`
    update ${pushDeliveries} d set
      state = case when c.delay is null then 'failed' else d.state end,
      due_at = case when c.delay is null then d.due_at
        else greatest(d.due_at, now() + make_interval(secs => c.delay)) end,
      attempts = d.attempts - case when c.uncounted then 1 else 0 end,
      last_error = coalesce(c.error, d.last_error),
      claimed_until = null
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
      as c(id int, delay float8, error text, uncounted boolean)
    where d.id = c.id and d.state = 'pending'
  `);
}

export async function giveUpStalePushes(db: Database) {
  await db
    .update(pushDeliveries)
    .set({
      state: "failed",
      last_error: sql`coalesce(${pushDeliveries.last_error} || ' · ', '') || 'kedaluwarsa'`,
    })
    .where(
      and(
        eq(pushDeliveries.state, "pending"),
        lt(pushDeliveries.created_at, sql`now() - ${GIVE_UP_AFTER}`),
        or(isNull(pushDeliveries.claimed_until), lt(pushDeliveries.claimed_until, sql`now()`)),
      ),
    );
}

export async function prunePushes(db: Database) {
  await db.delete(pushDeliveries).where(lt(pushDeliveries.created_at, sql`now() - interval '2 days'`));
}
