// What a login without JavaScript may cost (0041, 0049): a program reads the picture, so one from an unknown
// device counts per address and, within that limit, over the shop; a spent shop leaves each address one.
import type { Database } from "../../../database/client.server.ts";
import { getEnv } from "../../lib/env.server.ts";
import { formatWait, hitOwnThenShared, peek, type RateLimitState } from "../../lib/rate-limit.server.ts";

const PICTURE_WINDOW_MS = 60 * 60 * 1000;
const WHILE_SPENT = 1;

// Server-side only: the page gets them as data, so they add nothing to its first-load code.
export const PICTURE_MESSAGES = {
  unavailable:
    "Masuk tanpa JavaScript tidak tersedia di toko ini. Aktifkan JavaScript di browser kamu, lalu muat ulang halaman ini.",
  spent: (resetAt: Date) =>
    `Batas masuk tanpa JavaScript sudah tercapai. Aktifkan JavaScript untuk masuk sekarang, atau coba lagi dalam ${formatWait(resetAt)}.`,
};

function refusedUntil(
  address: { used: number; limit: number; resetAt: Date },
  shop: RateLimitState | null,
  shopSpent: boolean,
): Date | null {
  if (address.used > address.limit) return address.resetAt;
  if (shop && shopSpent && address.used > WHILE_SPENT)
    return new Date(Math.min(address.resetAt.getTime(), shop.resetAt.getTime()));
  return null;
}

export function pictureBudget(address: string, env = getEnv()) {
  const own = {
    key: `login-gambar:address:${address}`,
    limit: env.RATE_LIMIT_LOGIN_PICTURE_ADDRESS,
    windowMs: PICTURE_WINDOW_MS,
  };
  const shop = {
    key: "login-gambar:toko",
    limit: env.RATE_LIMIT_LOGIN_PICTURE_TOTAL,
    windowMs: PICTURE_WINDOW_MS,
  };
  return {
    async blocked(db: Database): Promise<Date | null> {
      const [mine, shops] = await Promise.all([peek(db, own), peek(db, shop)]);
      if (!mine) return null;
      const used = { used: mine.count + 1, limit: own.limit, resetAt: mine.resetAt };
      return refusedUntil(used, shops, Boolean(shops && shops.count >= shop.limit));
    },
    async count(db: Database): Promise<Date | null> {
      const states = await hitOwnThenShared(db, [own], [shop]);
      const mine = states.own[0]!;
      const shops = states.shared[0] ?? null;
      return refusedUntil(
        { used: mine.count, limit: own.limit, resetAt: mine.resetAt },
        shops,
        Boolean(shops?.blocked),
      );
    },
  };
}
