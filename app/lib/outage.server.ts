/**
 * Errors that are neither the request's fault nor a bug: the database away or the disk full.
 * `handleError` (app/entry.server.tsx) notes them per request, so the server answers 503 with its
 * own message and /healthz tells (docs/decisions/0030-connection-budget-and-outages.md).
 */
import { DrizzleQueryError } from "drizzle-orm";

export type Outage = "database" | "disk";

/** SQLSTATE 53100 disk_full, and the system's own words for it. */
const DISK_CODES = new Set(["53100", "ENOSPC", "EDQUOT"]);
/**
 * SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, crashed, starting up), 53300
 * (too many connections).
 */
const DATABASE_CODES = /^(08|57P0[123]$|53300$)/;
/** The pg driver's words for a connection that died or never came. */
const DATABASE_WORDS =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;
/**
 * A network error counts where the database driver raised it: thrown as it is (a connection the
 * pool could not open) or inside a failed query. Inside anything else (a fetch to Google) it is
 * that service's.
 */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);

interface ErrorShape {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

export function outageOf(error: unknown, driver = true, depth = 0): Outage | null {
  if (!error || typeof error !== "object" || depth > 8) return null;
  const { code, message, cause, errors } = error as ErrorShape;
  if (typeof code === "string") {
    if (DISK_CODES.has(code)) return "disk";
    if (DATABASE_CODES.test(code) || (driver && NETWORK_CODES.has(code))) return "database";
  }
  if (typeof message === "string" && DATABASE_WORDS.test(message)) return "database";
  const fromDriver = error instanceof DrizzleQueryError || (driver && error instanceof AggregateError);
  for (const inner of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const found = outageOf(inner, fromDriver, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The innermost message of `error` (the driver's or the system's words), for a one-line log. */
export function outageWords(error: unknown): string {
  let current = error as ErrorShape | undefined;
  for (let depth = 0; current?.cause && typeof current.cause === "object" && depth < 8; depth++)
    current = current.cause as ErrorShape;
  return String(current?.message ?? error);
}

const noted = new WeakMap<Request, Outage>();
const lastSeen: Record<Outage, number> = { database: 0, disk: 0 };

/** Notes `error` for `request` when it is an outage; whether it was one. */
export function noteOutage(request: Request, error: unknown): boolean {
  const outage = outageOf(error);
  if (!outage) return false;
  noted.set(request, outage);
  lastSeen[outage] = Date.now();
  return true;
}

/** The outage `request` ran into, if any (the server asks after React Router's answer). */
export const requestOutage = (request: Request): Outage | null => noted.get(request) ?? null;

/** Whether an outage of `kind` was seen in the last `ms` milliseconds (/healthz). */
export const outageSeenWithin = (kind: Outage, ms: number) => Date.now() - lastSeen[kind] < ms;
