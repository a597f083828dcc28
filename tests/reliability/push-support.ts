/**
 * What the Web Push reliability tests do to a production server: an admin's settings panel
 * posting to /admin/notifikasi-push, guests' quick checkouts from several addresses, and a watch
 * on /healthz and the server's memory meanwhile.
 */
import { readFile } from "node:fs/promises";
import { CHECKOUT_DETAILS, type Server } from "./servers.ts";

export interface DeviceKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** POST /admin/notifikasi-push as the settings panel's fetcher does; the status and JSON answer. */
export async function pushPost(server: Server, cookie: string, values: Record<string, string>) {
  const response = await fetch(`${server.url}/admin/notifikasi-push`, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { cookie, origin: server.url },
  });
  return { status: response.status, json: (await response.json()) as { ok: boolean; message: string } };
}

/** Turns push on for each device, as each browser's switch does. */
export async function subscribeDevices(server: Server, cookie: string, devices: DeviceKeys[]) {
  for (const { endpoint, p256dh, auth } of devices) {
    const answer = await pushPost(server, cookie, { intent: "nyalakan", endpoint, p256dh, auth });
    if (answer.status !== 200) throw new Error(`turning push on for ${endpoint}: ${answer.status}`);
  }
}

/** The shop's VAPID public key as the settings panel reads it. */
export async function publicKeyOf(server: Server, cookie: string): Promise<string> {
  const response = await fetch(`${server.url}/admin/notifikasi-push`, { headers: { cookie } });
  return ((await response.json()) as { publicKey: string }).publicKey;
}

/**
 * `count` guests' quick checkouts ("Pesan" on a dish: one request each), never confirmed sent, from
 * `addresses` client addresses side by side (X-Forwarded-For; the server trusts one proxy), each
 * address waiting `gapMs` between its orders. Returns the statuses.
 */
export async function quickOrders(
  server: Server,
  count: number,
  { addresses = 8, gapMs = 0 }: { addresses?: number; gapMs?: number } = {},
): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: addresses }, async (_, index) => {
      while (next < count) {
        next++;
        const response = await fetch(`${server.url}/keranjang/pesan/es-nyala`, {
          method: "POST",
          body: new URLSearchParams({
            menu: "es-nyala",
            "harga-es-nyala": "8000",
            jumlah: "1",
            ...CHECKOUT_DETAILS,
          }),
          headers: { "x-forwarded-for": `10.38.0.${index + 1}` },
        });
        await response.arrayBuffer();
        statuses.push(response.status);
        if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
    }),
  );
  return statuses;
}

export interface HealthFigures {
  /** /healthz answers' times (ms): median, 99th percentile, slowest, how many. */
  p50: number;
  p99: number;
  max: number;
  count: number;
}

export interface Watched {
  /** /healthz's times in each phase the watcher was told of, by name. */
  health: Record<string, HealthFigures>;
  /** Answers that were not 200 (or no answer), with when they came. */
  healthFailures: string[];
  /** The server's largest resident memory seen (MB, sampled every 250 ms). */
  rssMaxMb: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

function figures(times: number[]): HealthFigures {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    count: sorted.length,
  };
}

/** Asks /healthz every 100 ms and samples the server's RSS until `stop()`; `phase` starts a new count. */
export function watchServer(server: Server, firstPhase = "all") {
  const phases = new Map<string, number[]>([[firstPhase, []]]);
  let times = phases.get(firstPhase)!;
  const healthFailures: string[] = [];
  let rssMaxMb = 0;
  let watching = true;
  const started = Date.now();
  const asking = (async () => {
    while (watching) {
      const at = performance.now();
      try {
        const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status !== 200) healthFailures.push(`${response.status} at ${Date.now() - started} ms`);
      } catch (error) {
        healthFailures.push(`${(error as Error).message} at ${Date.now() - started} ms`);
      }
      times.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const sampling = setInterval(() => {
    readFile(`/proc/${server.process.pid}/status`, "utf8").then(
      (status) => {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        rssMaxMb = Math.max(rssMaxMb, Math.round(kb / 1024));
      },
      () => undefined,
    );
  }, 250);
  return {
    phase(name: string) {
      times = [];
      phases.set(name, times);
    },
    async stop(): Promise<Watched> {
      watching = false;
      clearInterval(sampling);
      await asking;
      return {
        health: Object.fromEntries([...phases].map(([name, phaseTimes]) => [name, figures(phaseTimes)])),
        healthFailures,
        rssMaxMb,
      };
    },
  };
}
