/**
 * GET /healthz, for load balancers and supervisors: 200 when the database answers, 503 while the
 * server starts, while it stops, or when the database does not answer within PING_TIMEOUT_MS.
 * Answered by the server before React Router (no session, no page cache, never cached), so it
 * works while the app's database is still opening. It tells nothing secret: state, uptime and
 * how often the supervisor restarted the server.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export const HEALTH_PATH = "/healthz";
const PING_TIMEOUT_MS = 2000;

export type Phase = "starting" | "ready" | "stopping";

export interface HealthSource {
  phase(): Phase;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  startedAt: number;
  /** How often the supervisor (scripts/start.sh) has started the server again after a crash. */
  restarts: number;
}

const NOTES = {
  ok: "Server siap.",
  starting: "Server sedang dinyalakan.",
  stopping: "Server sedang dihentikan.",
  "database-unavailable": "Database tidak menjawab.",
} as const;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function status(source: HealthSource): Promise<keyof typeof NOTES> {
  const phase = source.phase();
  if (phase !== "ready") return phase;
  try {
    await withTimeout(source.ping(), PING_TIMEOUT_MS);
    return "ok";
  } catch {
    return "database-unavailable";
  }
}

export async function answerHealth(request: IncomingMessage, response: ServerResponse, source: HealthSource) {
  response.setHeader("Cache-Control", "no-store");
  response.setHeader("X-Content-Type-Options", "nosniff");
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { Allow: "GET, HEAD" }).end();
    return;
  }
  const state = await status(source);
  const body = JSON.stringify({
    status: state,
    keterangan: NOTES[state],
    uptimeSeconds: Math.round((Date.now() - source.startedAt) / 1000),
    restarts: source.restarts,
  });
  response.writeHead(state === "ok" ? 200 : 503, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    ...(state === "ok" ? {} : { "Retry-After": "5" }),
  });
  response.end(request.method === "HEAD" ? undefined : body);
}
