// The bounded pool every push goes through (0047): a few in flight, a few per host, a failing host
// paused as a whole, then probed one push at a time; a queue whose overflow drops the oldest.
import type { PushOutcome } from "./send-push.server.ts";
import { PER_HOST_CONNECTIONS } from "./send-push.server.ts";

export interface PoolLimits {
  size: number;
  perHost: number;
  queue: number;
  // Taken beyond its places, to start as places come free (`room`).
  ahead: number;
  failuresToPause: number;
  firstPauseMs: number;
  longestPauseMs: number;
  summaryMs: number;
}

export const POOL_LIMITS: PoolLimits = {
  size: 6,
  perHost: PER_HOST_CONNECTIONS,
  queue: 64,
  ahead: 12,
  failuresToPause: 3,
  firstPauseMs: 5_000,
  longestPauseMs: 5 * 60_000,
  summaryMs: 60_000,
};

export type JobResult =
  { kind: "done"; outcome: PushOutcome } | { kind: "deferred"; seconds: number } | { kind: "released" };

export interface PoolJob {
  origin: string;
  run(signal: AbortSignal): Promise<PushOutcome>;
  // Called exactly once.
  done(result: JobResult): void;
}

interface Host {
  running: number;
  failures: number;
  pauses: number;
  pausedUntil: number;
  probing: boolean;
}

interface Running {
  job: PoolJob;
  controller: AbortController;
  settled: Promise<void>;
}

export interface PoolEvents {
  // A host was paused: the caller puts its waiting pushes off too.
  onPause?(origin: string, seconds: number): void;
  onRoom?(): void;
}

const hostOf = (origin: string) => origin.replace(/^\w+:\/\//, "");

export class PushPool {
  private readonly queue: PoolJob[] = [];
  private readonly running = new Set<Running>();
  private readonly hosts = new Map<string, Host>();
  private closed = false;
  private counts = { sent: 0, failed: new Map<string, number>(), dropped: 0 };
  private overflowing = false;
  private summaryTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly limits: PoolLimits = POOL_LIMITS,
    private readonly events: PoolEvents = {},
  ) {}

  room(): number {
    const taken = this.running.size + this.queue.length;
    return this.closed ? 0 : Math.max(0, this.limits.size + this.limits.ahead - taken);
  }

  paused(): { origin: string; seconds: number }[] {
    const now = Date.now();
    return [...this.hosts]
      .filter(([, host]) => host.pausedUntil > now)
      .map(([origin, host]) => ({ origin, seconds: (host.pausedUntil - now) / 1000 }));
  }

  submit(job: PoolJob) {
    if (this.closed) return job.done({ kind: "released" });
    this.queue.push(job);
    if (this.queue.length > this.limits.queue) {
      this.queue.shift()!.done({ kind: "released" });
      this.counts.dropped++;
      this.startSummaries();
      if (!this.overflowing)
        console.warn(
          `Antrean push penuh (${this.limits.queue}): push yang paling lama menunggu dilepas dan dicoba lagi nanti.`,
        );
      this.overflowing = true;
    }
    this.pump();
  }

  run(origin: string, run: PoolJob["run"]): Promise<JobResult> {
    return new Promise((resolve) => this.submit({ origin, run, done: resolve }));
  }

  private host(origin: string): Host {
    let host = this.hosts.get(origin);
    if (!host) {
      host = { running: 0, failures: 0, pauses: 0, pausedUntil: 0, probing: false };
      this.hosts.set(origin, host);
    }
    return host;
  }

  private pump() {
    const now = Date.now();
    for (let index = 0; index < this.queue.length && this.running.size < this.limits.size;) {
      const job = this.queue[index]!;
      const host = this.host(job.origin);
      if (host.pausedUntil > now) {
        this.queue.splice(index, 1);
        job.done({ kind: "deferred", seconds: (host.pausedUntil - now) / 1000 });
        continue;
      }
      if (host.running >= (host.probing ? 1 : this.limits.perHost)) {
        index++;
        continue;
      }
      this.queue.splice(index, 1);
      this.start(job, host);
    }
    if (this.queue.length === 0) this.overflowing = false;
  }

  private start(job: PoolJob, host: Host) {
    host.running++;
    const controller = new AbortController();
    const entry: Running = {
      job,
      controller,
      settled: job
        .run(controller.signal)
        .catch((error: Error): PushOutcome => ({ kind: "retry", error: error.message.slice(0, 200) }))
        .then((outcome) => {
          host.running--;
          this.running.delete(entry);
          this.note(job.origin, host, outcome);
          job.done({ kind: "done", outcome });
          this.pump();
          this.events.onRoom?.();
        }),
    };
    this.running.add(entry);
  }

  private note(origin: string, host: Host, outcome: PushOutcome) {
    if (outcome.kind !== "retry") {
      if (outcome.kind === "sent") this.counts.sent++;
      else this.countFailure(origin, outcome.error);
      // The host answered: whatever it said about this push, it is up.
      Object.assign(host, { failures: 0, pauses: 0, probing: false });
      return;
    }
    this.countFailure(origin, outcome.error);
    host.failures++;
    if (host.pausedUntil > Date.now()) return;
    if (outcome.retryAfterS) this.pause(origin, host, outcome.retryAfterS * 1000, outcome.error);
    else if (host.probing || host.failures >= this.limits.failuresToPause)
      this.pause(
        origin,
        host,
        Math.min(this.limits.firstPauseMs * 2 ** host.pauses, this.limits.longestPauseMs),
        outcome.error,
      );
  }

  private pause(origin: string, host: Host, ms: number, reason: string) {
    if (host.pauses === 0)
      console.warn(
        `Layanan push ${hostOf(origin)} gagal ${host.failures}× berturut-turut (${reasonOf(reason)}): push ke sana dijeda ${Math.ceil(ms / 1000)} dtk, makin lama selama masih gagal.`,
      );
    Object.assign(host, {
      pausedUntil: Date.now() + ms,
      pauses: host.pauses + 1,
      probing: true,
      failures: 0,
    });
    this.events.onPause?.(origin, ms / 1000);
    this.pump();
  }

  private countFailure(origin: string, error: string) {
    const key = `${hostOf(origin)}: ${reasonOf(error)}`;
    this.counts.failed.set(key, (this.counts.failed.get(key) ?? 0) + 1);
    this.startSummaries();
  }

  private startSummaries() {
    this.summaryTimer ??= setInterval(() => this.summarise(), this.limits.summaryMs);
    this.summaryTimer.unref();
  }

  summarise() {
    const { sent, failed, dropped } = this.counts;
    this.counts = { sent: 0, failed: new Map(), dropped: 0 };
    if (failed.size === 0 && dropped === 0) {
      if (this.summaryTimer) clearInterval(this.summaryTimer);
      this.summaryTimer = null;
      return;
    }
    const total = [...failed.values()].reduce((sum, count) => sum + count, 0);
    const reasons = [...failed]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([key, count]) => `${key} ×${count}`)
      .join("; ");
    const paused = this.paused()
      .map(({ origin, seconds }) => `${hostOf(origin)} ${Math.ceil(seconds)} dtk`)
      .join(", ");
    console.warn(
      `Push sejak ringkasan terakhir: ${sent} terkirim, ${total} gagal${reasons ? ` (${reasons})` : ""}` +
        `${dropped ? `, ${dropped} dilepas karena antrean penuh` : ""}${paused ? `; dijeda: ${paused}` : ""}.`,
    );
  }

  // Ends the pushes still in flight after `graceMs`, each done with a retry.
  async close(graceMs: number, { summary = true } = {}) {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.done({ kind: "released" });
    const inFlight = [...this.running].map((entry) => entry.settled);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.all(inFlight), timeUp]);
    clearTimeout(timer);
    for (const entry of this.running) entry.controller.abort();
    await Promise.all(inFlight);
    if (summary) this.summarise();
    if (this.summaryTimer) clearInterval(this.summaryTimer);
    this.summaryTimer = null;
  }
}

const reasonOf = (error: string) => (/^\d{3}\b/.test(error) ? error.slice(0, 3) : error.slice(0, 60));

const processWide = globalThis as typeof globalThis & { __nyalaPushPool?: PushPool };

// The running worker's pool, so the settings page's test pushes share its places and pauses.
export function pushPool(): PushPool {
  processWide.__nyalaPushPool ??= new PushPool();
  return processWide.__nyalaPushPool;
}

export function setProcessPushPool(pool: PushPool | undefined) {
  processWide.__nyalaPushPool = pool;
}
