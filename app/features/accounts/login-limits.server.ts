// Which failed-login counters a password attempt counts on (0016, 0049): on a known device only its own,
// elsewhere the account per address and the address, then the account's total only within those two.
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
  email: string;
  address: string;
  deviceId: string | null;
}

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
  const own = deviceId
    ? [rule(`login:device:${deviceId} ${email}`, env.RATE_LIMIT_LOGIN_ACCOUNT)]
    : [pairRule, addressRule];
  const shared = deviceId ? [] : [accountRule];
  const rules = [...own, ...shared];
  let ownAttempts = 1;

  return {
    async blocked(db: Database): Promise<Date | null> {
      return blockedUntil(await Promise.all(rules.map((each) => peek(db, each))));
    },
    // Counted before the password is checked: of simultaneous attempts, no more than the limit reach it.
    async count(db: Database): Promise<Date | null> {
      const states = await hitOwnThenShared(db, own, shared);
      ownAttempts = states.own[0]?.count ?? 1;
      return blockedUntil([...states.own, ...states.shared]);
    },
    async captchaFailed(db: Database) {
      await hit(db, addressRule);
    },
    // Anyone else's failures still count: an owner signing in gives an attacker nothing back.
    async succeeded(db: Database) {
      const [first, ...others] = rules;
      await Promise.all([clear(db, first!.key), ...others.map((each) => giveBack(db, each, ownAttempts))]);
    },
  };
}
