// Orders per client address and hour, counted alike for both checkouts (0038).
import type { Database } from "../../../database/client.server.ts";
import { getClientAddress } from "../../lib/client-address.server.ts";
import { getEnv } from "../../lib/env.server.ts";
import { formatWait, hit } from "../../lib/rate-limit.server.ts";
import { CHECKOUT_MESSAGES } from "./record-order.server.ts";

const ORDER_WINDOW_MS = 60 * 60 * 1000;

export async function orderLimit(
  db: Database,
  request: Request,
): Promise<{ message: string; retryAfter: number } | null> {
  const limit = await hit(db, {
    key: `order:address:${getClientAddress(request)}`,
    limit: getEnv().RATE_LIMIT_ORDER_ADDRESS,
    windowMs: ORDER_WINDOW_MS,
  });
  if (!limit.blocked) return null;
  return {
    message: CHECKOUT_MESSAGES.tooMany(formatWait(limit.resetAt)),
    retryAfter: Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000)),
  };
}
