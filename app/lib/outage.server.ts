// Outages (the database away, the disk full): the server answers 503 and /healthz tells (0030).
import { DrizzleQueryError } from "drizzle-orm";

export type Outage = "database" | "disk";

const DISK_CODES = new Set(["53100", "ENOSPC", "EDQUOT"]);
const DATABASE_CODES = /^(08|57P0[123]$|53300$)/;
const DATABASE_WORDS =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;
// A network error is the database's only where its driver raised it (not a fetch to Google).
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

export function outageWords(error: unknown): string {
  let current = error as ErrorShape | undefined;
  for (let depth = 0; current?.cause && typeof current.cause === "object" && depth < 8; depth++)
    current = current.cause as ErrorShape;
  return String(current?.message ?? error);
}

const noted = new WeakMap<Request, Outage>();
const lastSeen: Record<Outage, number> = { database: 0, disk: 0 };

export function noteOutage(request: Request, error: unknown): boolean {
  const outage = outageOf(error);
  if (!outage) return false;
  noted.set(request, outage);
  lastSeen[outage] = Date.now();
  return true;
}

export const requestOutage = (request: Request): Outage | null => noted.get(request) ?? null;

export const outageSeenWithin = (kind: Outage, ms: number) => Date.now() - lastSeen[kind] < ms;
