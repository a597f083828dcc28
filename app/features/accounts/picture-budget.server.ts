/**
 * What a login without JavaScript may cost (docs/decisions/0041-captcha-without-javascript.md): a
 * program reads the picture, so a picture login from a device the account does not know is also
 * counted per client address and over the whole shop, per hour, on top of 0016's login limits.
 */
import type { Database } from "../../../database/client.server.ts";
import { getEnv } from "../../lib/env.server.ts";
import { formatWait, hit, peek } from "../../lib/rate-limit.server.ts";
import { blockedUntil } from "./login-limits.server.ts";

const PICTURE_WINDOW_MS = 60 * 60 * 1000;

/** Server-side only: the page gets them as data, so they add nothing to its first-load code. */
export const PICTURE_MESSAGES = {
  unavailable:
    "Masuk tanpa JavaScript tidak tersedia di toko ini. Aktifkan JavaScript di browser kamu, lalu muat ulang halaman ini.",
  spent: (resetAt: Date) =>
    `Batas masuk tanpa JavaScript sudah tercapai. Aktifkan JavaScript untuk masuk sekarang, atau coba lagi dalam ${formatWait(resetAt)}.`,
};

export function pictureBudget(address: string, env = getEnv()) {
  const rules = [
    { key: `login-gambar:address:${address}`, limit: env.RATE_LIMIT_LOGIN_PICTURE_ADDRESS },
    { key: "login-gambar:toko", limit: env.RATE_LIMIT_LOGIN_PICTURE_TOTAL },
  ].map((rule) => ({ ...rule, windowMs: PICTURE_WINDOW_MS }));
  return {
    /** Until when picture logins from here are refused without counting, or null. */
    async blocked(db: Database): Promise<Date | null> {
      return blockedUntil(await Promise.all(rules.map((rule) => peek(db, rule))));
    },
    /** Counts a picture login whose captcha passed; until when it is refused, or null. */
    async count(db: Database): Promise<Date | null> {
      return blockedUntil(await Promise.all(rules.map((rule) => hit(db, rule))));
    },
  };
}
