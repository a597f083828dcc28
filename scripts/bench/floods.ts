/**
 * Hostile clients for abuse.mjs and tests/reliability/floods.test.ts: trickling bodies and event
 * streams by the thousand, from one loopback address or many (the server counts the TCP peer with
 * TRUST_PROXY=0). Raw sockets, as light as an attacker's.
 */
import { readFile } from "node:fs/promises";
import net from "node:net";

export interface Flood {
  /** First status line's code of each answered connection (`"429": 2992`). */
  statuses: Record<string, number>;
  /** Connections still open. */
  open(): number;
  /** Resolves once `count` connections have an answer (or after `waitMs`). */
  answered(count: number, waitMs?: number): Promise<void>;
  /** Closes every connection. */
  stop(): void;
}

/** `count` loopback addresses other than 127.0.0.1, from `127.0.<block>.2` on. */
export const loopbackAddresses = (count: number, block = 1) =>
  Array.from(
    { length: count },
    (_, index) => `127.0.${block + Math.floor(index / 250)}.${2 + (index % 250)}`,
  );

interface FloodOptions {
  port: number;
  count: number;
  /** Where the connections come from, taken in turn. */
  addresses: string[];
  /** The request's head, written at once. */
  head: string;
  /** Written every `everyMs` while the connection stays open (a trickling body). */
  trickle?: { bytes: string; everyMs: number };
}

const BATCH = 200;

function flood(options: FloodOptions): Flood & { opened: Promise<void> } {
  const statuses: Record<string, number> = {};
  const sockets = new Set<net.Socket>();
  const timers: ReturnType<typeof setInterval>[] = [];
  let stopped = false;
  const connect = (index: number) => {
    const socket = net.connect({
      host: "127.0.0.1",
      port: options.port,
      localAddress: options.addresses[index % options.addresses.length],
    });
    sockets.add(socket);
    let answered = false;
    socket.setEncoding("latin1");
    socket.on("data", (text: string) => {
      if (answered) return;
      answered = true;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? "?";
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
    socket.write(options.head);
  };
  const opened = (async () => {
    for (let index = 0; index < options.count && !stopped; index += BATCH) {
      for (let next = index; next < Math.min(options.count, index + BATCH); next++) connect(next);
      // The server's listen backlog is 511: a pause between batches lets it accept them.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  if (options.trickle) {
    const { bytes, everyMs } = options.trickle;
    timers.push(
      setInterval(() => {
        for (const socket of sockets) if (!socket.destroyed) socket.write(bytes);
      }, everyMs),
    );
  }
  return {
    statuses,
    opened,
    open: () => sockets.size,
    async answered(count, waitMs = 30_000) {
      const deadline = Date.now() + waitMs;
      const total = () => Object.values(statuses).reduce((sum, n) => sum + n, 0);
      while (total() < count && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** POST `path` declaring `length` bytes, then 4 bytes every 10 s (issue #26's attack). */
export const slowBodies = (
  port: number,
  count: number,
  addresses: string[],
  path = "/kontak",
  length = 900_000,
) =>
  flood({
    port,
    count,
    addresses,
    head: `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`,
    trickle: { bytes: "nama", everyMs: 10_000 },
  });

/** GET `path` as an EventSource does, with `cookie`, held open. */
export const streamFlood = (port: number, count: number, addresses: string[], path: string, cookie = "") =>
  flood({
    port,
    count,
    addresses,
    head: `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}\r\n`,
  });

/** The server's resident memory (MB), from /proc. */
export async function serverRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** How long one GET of `url` takes (ms), and its status. */
export async function timedGet(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    return { status: response.status, ms: Math.round(performance.now() - started) };
  } catch {
    return { status: 0, ms: Math.round(performance.now() - started) };
  }
}
