/**
 * Which failed-login counters (lib/rate-limit.server.ts) a password attempt counts on: on a known
 * device only its own, elsewhere the account per address and the address, then the account in
 * total only for attempts within those two (docs/decisions/0016, 0049).
 */
import type { Database } from "../../../database/client.server.ts";
import { getEnv } from "../../lib/env.server.ts";
import {
  clear,
  giveBack,
  hit,
  hitOwnThenShared,
  LOGIN_WINDOW_MS,
  peek,
  type RateLimitState,
} from "../../lib/rate-limit.server.ts";

interface Attempt {
  /** The e-mail tried, normalised. */
  email: string;
  /** The client address (client-address.server.ts). */
  address: string;
  /** The browser's id when the account knows it (knownDeviceId), else null. */
  deviceId: string | null;
}

/** The latest reset among the blocked counters, or null when none is blocked. */
export function blockedUntil(states: (RateLimitState | null)[]): Date | null {
  const blocked = states.filter((state): state is RateLimitState => Boolean(state?.blocked));
  if (blocked.length === 0) return null;
  return new Date(Math.max(...blocked.map((state) => state.resetAt.getTime())));
}

export function loginLimits({ email, address, deviceId }: Attempt, env = getEnv()) {
  const rule = (key: string, limit: number) => ({ key, limit, windowMs: LOGIN_WINDOW_MS });
  const addressRule = rule(`login:address:${address}`, env.RATE_LIMIT_LOGIN_ADDRESS);
  const pairRule = rule(`login:account-address:${address} ${email}`, env.RATE_LIMIT_LOGIN_ACCOUNT);
  const accountRule = rule(`login:account:${email}`, env.RATE_LIMIT_LOGIN_ACCOUNT_TOTAL);
  // The address's own counters first; the account's total is shared by every address.
  const own = deviceId
    ? [rule(`login:device:${deviceId} ${email}`, env.RATE_LIMIT_LOGIN_ACCOUNT)]
    : [pairRule, addressRule];
  const shared = deviceId ? [] : [accountRule];
  const rules = [...own, ...shared];
  /** This attempt and the earlier ones in the window on the first counter (device or address). */
  let ownAttempts = 1;

  return {
    /** Until when this attempt is refused without counting it (an early answer), or null. */
    async blocked(db: Database): Promise<Date | null> {
      return blockedUntil(await Promise.all(rules.map((each) => peek(db, each))));
    },
    /**
     * Counts the attempt on its counters, before the password is checked: each of several
     * simultaneous attempts gets its own count, so no more than the limit reach the check, and
     * attempts over this address's limits never reach the account's total.
     * Returns until when it is refused, or null when the password may be checked.
     */
    async count(db: Database): Promise<Date | null> {
      const states = await hitOwnThenShared(db, own, shared);
      ownAttempts = states.own[0]?.count ?? 1;
      return blockedUntil([...states.own, ...states.shared]);
    },
    async captchaFailed(db: Database) {
      await hit(db, addressRule);
    },
    /**
     * The password was right, so whoever tried from this device (or this address) knows it:
     * their failures at the account are forgotten, on the shared counters too. Anyone else's
     * failures still count: an owner signing in gives an attacker nothing back.
     */
    async succeeded(db: Database) {
      const [first, ...others] = rules;
      await Promise.all([clear(db, first!.key), ...others.map((each) => giveBack(db, each, ownAttempts))]);
    },
  };
}
