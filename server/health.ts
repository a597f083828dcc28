// GET /healthz before React Router (0015): 200 (degraded on a near-full disk), else 503; nothing secret.
import type { IncomingMessage, ServerResponse } from "node:http";

export const HEALTH_PATH = "/healthz";
const PING_TIMEOUT_MS = 2000;
export const LOW_DISK_BYTES = 64 * 1024 * 1024;

export type Phase = "starting" | "ready" | "stopping";

export interface HealthSource {
  phase(): Phase;
  ping(): Promise<void>;
  freeDiskBytes(): Promise<number | null>;
  diskFullLately(): boolean;
  startedAt: number;
  restarts: number;
}

const NOTES = {
  ok: "Server siap.",
  degraded:
    "Penyimpanan (hampir) penuh: halaman tetap jalan, tetapi pesanan dan perubahan bisa gagal disimpan.",
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

async function check(source: HealthSource) {
  const phase = source.phase();
  if (phase !== "ready") return { status: phase, database: null, freeBytes: null };
  const [database, freeBytes] = await Promise.all([
    withTimeout(source.ping(), PING_TIMEOUT_MS).then(
      () => "ok" as const,
      () => "unavailable" as const,
    ),
    source.freeDiskBytes().catch(() => null),
  ]);
  const diskFull = source.diskFullLately() || (freeBytes !== null && freeBytes < LOW_DISK_BYTES);
  const status = database === "unavailable" ? "database-unavailable" : diskFull ? "degraded" : "ok";
  return { status, database, freeBytes } as const;
}

export async function answerHealth(request: IncomingMessage, response: ServerResponse, source: HealthSource) {
  response.setHeader("Cache-Control", "no-store");
  response.setHeader("X-Content-Type-Options", "nosniff");
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { Allow: "GET, HEAD" }).end();
    return;
  }
  const { status, database, freeBytes } = await check(source);
  const body = JSON.stringify({
    status,
    keterangan: NOTES[status],
    ...(database ? { database } : {}),
    ...(freeBytes !== null ? { diskFreeMb: Math.floor(freeBytes / 1024 / 1024) } : {}),
    uptimeSeconds: Math.round((Date.now() - source.startedAt) / 1000),
    restarts: source.restarts,
  });
  const serving = status === "ok" || status === "degraded";
  response.writeHead(serving ? 200 : 503, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    ...(serving ? {} : { "Retry-After": "5" }),
  });
  response.end(request.method === "HEAD" ? undefined : body);
}
