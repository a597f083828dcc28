/**
 * Which failed-login counters (lib/rate-limit.server.ts) a password attempt counts on: on a known
 * device only its own, elsewhere the account per address, the account in total and the address
 * (docs/decisions/0016-login-throttling-and-known-devices.md).
 */
import type { Database } from "../../../database/client.server.ts";
import { getEnv } from "../../lib/env.server.ts";
import {
  clear,
  giveBack,
  hit,
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
  const rules = deviceId
    ? [rule(`login:device:${deviceId} ${email}`, env.RATE_LIMIT_LOGIN_ACCOUNT)]
    : [pairRule, accountRule, addressRule];
  /** This attempt and the earlier ones in the window on the first counter (device or address). */
  let ownAttempts = 1;

  return {
    /** Until when this attempt is refused without counting it (an early answer), or null. */
    async blocked(db: Database): Promise<Date | null> {
      return blockedUntil(await Promise.all(rules.map((each) => peek(db, each))));
    },
    /**
     * Counts the attempt on its counters, before the password is checked: each of several
     * simultaneous attempts gets its own count, so no more than the limit reach the check.
     * Returns until when it is refused, or null when the password may be checked.
     */
    async count(db: Database): Promise<Date | null> {
      const states = await Promise.all(rules.map((each) => hit(db, each)));
      ownAttempts = states[0]?.count ?? 1;
      return blockedUntil(states);
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
      const [own, ...shared] = rules;
      await Promise.all([clear(db, own!.key), ...shared.map((each) => giveBack(db, each, ownAttempts))]);
    },
  };
}
