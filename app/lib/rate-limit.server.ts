// Fixed-window counters shared by all app servers (0016, 0049); peek only refuses early, never alone.
import { and, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../database/client.server.ts";
import { rateLimits } from "../../database/schema.ts";

export interface RateLimitRule {
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  count: number;
  resetAt: Date;
  blocked: boolean;
}

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const REGISTER_WINDOW_MS = 60 * 60 * 1000;

export async function hit(db: Database, rule: RateLimitRule): Promise<RateLimitState> {
  const now = new Date();
  const resetAt = new Date(now.getTime() + rule.windowMs);
  const expired = sql`${rateLimits.reset_at} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rule.key, count: 1, reset_at: resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        reset_at: sql`case when ${expired} then excluded.reset_at else ${rateLimits.reset_at} end`,
      },
    })
    .returning({ count: rateLimits.count, reset_at: rateLimits.reset_at });
  const count = row?.count ?? 1;
  return { count, resetAt: row?.reset_at ?? resetAt, blocked: count > rule.limit };
}

const upsertHits = (rows: SQL, now: Date) => {
  const expired = sql`rate_limits.reset_at <= ${now.toISOString()}::timestamptz`;
  return sql`insert into rate_limits (key, count, reset_at) select key, 1, reset_at from ${rows}
    on conflict (key) do update set
      count = case when ${expired} then 1 else rate_limits.count + 1 end,
      reset_at = case when ${expired} then excluded.reset_at else rate_limits.reset_at end
    returning key, count, reset_at`;
};

const ruleRows = (rules: RateLimitRule[], now: Date) =>
  sql.join(
    rules.map(
      (rule) =>
        sql`(${rule.key}::text, ${rule.limit}::int, ${new Date(now.getTime() + rule.windowMs).toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );

// Shared counters count only when no own one is over its limit: a client adds at most its own limit to them.
export async function hitOwnThenShared(
  db: Database,
  own: RateLimitRule[],
  shared: RateLimitRule[],
): Promise<{ own: RateLimitState[]; shared: (RateLimitState | null)[] }> {
  const now = new Date();
  const noShared = sql`(select null::text, null::int, null::timestamptz where false)`;
  const result = await db.execute(sql`
    with own_rules (key, lim, reset_at) as (values ${ruleRows(own, now)}),
    shared_rules (key, lim, reset_at) as (${shared.length ? sql`values ${ruleRows(shared, now)}` : noShared}),
    own_hits as (${upsertHits(sql`own_rules`, now)}),
    shared_hits as (${upsertHits(
      sql`shared_rules where not exists (
        select 1 from own_hits join own_rules using (key) where own_hits.count > own_rules.lim)`,
      now,
    )})
    select key, count, reset_at from own_hits
    union all select key, count, reset_at from shared_hits`);
  const rows = (result as unknown as { rows: { key: string; count: number; reset_at: Date | string }[] })
    .rows;
  const state = (rule: RateLimitRule): RateLimitState | null => {
    const row = rows.find((each) => each.key === rule.key);
    if (!row) return null;
    const count = Number(row.count);
    return { count, resetAt: new Date(row.reset_at), blocked: count > rule.limit };
  };
  const ownStates = own.map(state);
  if (ownStates.some((each) => !each)) throw new Error("a rate limit counter was not counted");
  return { own: ownStates as RateLimitState[], shared: shared.map(state) };
}

export async function peek(db: Database, rule: RateLimitRule): Promise<RateLimitState | null> {
  const [row] = await db
    .select({ count: rateLimits.count, reset_at: rateLimits.reset_at })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, rule.key), gt(rateLimits.reset_at, new Date())))
    .limit(1);
  if (!row) return null;
  return { count: row.count, resetAt: row.reset_at, blocked: row.count >= rule.limit };
}

export async function giveBack(db: Database, rule: RateLimitRule, hits = 1) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - ${hits}, 0)` })
    .where(and(eq(rateLimits.key, rule.key), gt(rateLimits.reset_at, new Date())));
}

export async function clear(db: Database, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function deleteExpiredRateLimits(db: Database) {
  await db.delete(rateLimits).where(lt(rateLimits.reset_at, new Date()));
}

export function formatWait(resetAt: Date, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} menit`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} jam ${rest} menit` : `${hours} jam`;
}

export function tooManyAttemptsMessage(resetAt: Date, now = new Date()): string {
  return `Terlalu banyak percobaan. Coba lagi dalam ${formatWait(resetAt, now)}.`;
}
