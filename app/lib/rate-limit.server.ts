/**
 * Fixed-window counters in `rate_limits`, shared by all app servers. `hit` is one atomic upsert
 * giving each request its own count; `peek` only refuses early, never the only check
 * (docs/decisions/0016-login-throttling-and-known-devices.md).
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../database/client.server.ts";
import { rateLimits } from "../../database/schema.ts";

interface RateLimitRule {
  /** Counter name, e.g. `login:account:<email>`. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  count: number;
  resetAt: Date;
  /** True when this counter is over its limit. */
  blocked: boolean;
}

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const REGISTER_WINDOW_MS = 60 * 60 * 1000;

/** Adds one to the counter and returns its state after the hit. */
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

/** The counter's state without counting; a key with no live window is not blocked. */
export async function peek(db: Database, rule: RateLimitRule): Promise<RateLimitState | null> {
  const [row] = await db
    .select({ count: rateLimits.count, reset_at: rateLimits.reset_at })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, rule.key), gt(rateLimits.reset_at, new Date())))
    .limit(1);
  if (!row) return null;
  return { count: row.count, resetAt: row.reset_at, blocked: row.count >= rule.limit };
}

/** Takes back `hits` hits of a live window (attempts that turned out fine); never below zero. */
export async function giveBack(db: Database, rule: RateLimitRule, hits = 1) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - ${hits}, 0)` })
    .where(and(eq(rateLimits.key, rule.key), gt(rateLimits.reset_at, new Date())));
}

export async function clear(db: Database, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops windows that ended (and used captcha solutions); called now and then, not per request. */
export async function deleteExpiredRateLimits(db: Database) {
  await db.delete(rateLimits).where(lt(rateLimits.reset_at, new Date()));
}

/** "5 menit", "1 jam 5 menit": whole minutes, rounded up, at least one. */
export function formatWait(resetAt: Date, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} menit`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} jam ${rest} menit` : `${hours} jam`;
}

/** The 429 answer's message (SPEC.md style: says when to try again). */
export function tooManyAttemptsMessage(resetAt: Date, now = new Date()): string {
  return `Terlalu banyak percobaan. Coba lagi dalam ${formatWait(resetAt, now)}.`;
}
