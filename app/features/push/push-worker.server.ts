// The push worker every app server runs (0036, 0047): it leases only what its pool can send now, never
// inside a request, and its stop waits (bounded) for its work before the database closes.
import type { Database } from "../../../database/client.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { listenOrderChanges } from "../orders/live.server.ts";
import { orderPushMessage } from "./push-message.ts";
import { PushPool, POOL_LIMITS, setProcessPushPool, type PoolLimits } from "./push-pool.server.ts";
import {
  claimPushes,
  giveUpStalePushes,
  prunePushes,
  recordResults,
  type ClaimedPush,
  type PushResult,
} from "./push-queue.server.ts";
import { sendPush, type SendOptions } from "./send-push.server.ts";

export interface PushWorkerOptions {
  intervalMs?: number;
  timeoutMs?: number;
  limits?: Partial<PoolLimits>;
}

const TICK_MS = 5_000;
const PASS_GAP_MS = 250;
const DRAIN_GAP_MS = 50;
const GIVE_UP_EVERY_MS = 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const FAILURE_LOG_EVERY_MS = 60_000;
const RECORD_BATCH = 32;
const RECORD_WAIT_MS = 100;
export const STOP_GRACE_MS = 6_000;

async function within(work: Promise<unknown> | null, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

const originOf = (endpoint: string) => new URL(endpoint).origin;

function sendJob(push: ClaimedPush, options: SendOptions) {
  const message = orderPushMessage(push.order, push.round);
  const topic = push.order.code.replace(/[^\w-]/g, "");
  return (signal: AbortSignal) => sendPush(push.target, message, { ...options, topic, signal });
}

function recorder(db: () => Promise<Database>) {
  let waiting: PushResult[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    waiting = [];
    if (batch.length > 0)
      writing = writing.then(async () => {
        try {
          await recordResults(await db(), batch);
        } catch (error) {
          // The claims run out and the pushes are tried again.
          console.error("Hasil push gagal dicatat:", (error as Error).message);
        }
      });
    return writing;
  };
  return {
    add(result: PushResult) {
      waiting.push(result);
      if (waiting.length >= RECORD_BATCH) void flush();
      else timer ??= setTimeout(() => void flush(), RECORD_WAIT_MS);
    },
    flush,
  };
}

export async function runPushRound(db: Database, options: SendOptions = {}): Promise<number> {
  const pool = new PushPool();
  let tried = 0;
  for (;;) {
    const paused = pool.paused().map((host) => host.origin);
    const batch = await claimPushes(db, pool.room(), { paused });
    if (batch.length === 0) break;
    const results = await Promise.all(
      batch.map(
        (push) =>
          new Promise<PushResult>((resolve) =>
            pool.submit({
              origin: originOf(push.target.endpoint),
              run: sendJob(push, options),
              done: (result) => resolve({ push, result }),
            }),
          ),
      ),
    );
    await recordResults(db, results);
    tried += results.filter(({ result }) => result.kind === "done").length;
  }
  await pool.close(0, { summary: false });
  return tried;
}

export interface PushWorker {
  stop(graceMs?: number): Promise<void>;
}

// One worker per process: the dev server's module reloads start it again, stopping the last one.
const processWide = globalThis as typeof globalThis & { __nyalaPushWorker?: PushWorker };

export function startPushWorker(options: PushWorkerOptions = {}): PushWorker {
  void processWide.__nyalaPushWorker?.stop(0);
  let stopping = false;
  let running: Promise<void> | null = null;
  let again = false;
  let draining = false;
  let passedAt = 0;
  let gaveUpAt = Date.now();
  let prunedAt = 0;
  let failedAt = 0;
  let unlogged = 0;
  let waiting: ReturnType<typeof setTimeout> | null = null;
  const record = recorder(getDb);
  const sendOptions: SendOptions = options.timeoutMs ? { timeoutMs: options.timeoutMs } : {};

  const pool = new PushPool({ ...POOL_LIMITS, ...options.limits }, { onRoom: () => wake() });
  setProcessPushPool(pool);

  async function pass() {
    const db = await getDb();
    const paused = pool.paused().map((host) => host.origin);
    const room = pool.room();
    const batch = await claimPushes(db, room, { paused });
    draining = room > 0 && batch.length === room;
    for (const push of batch)
      pool.submit({
        origin: originOf(push.target.endpoint),
        run: sendJob(push, sendOptions),
        done: (result) => record.add({ push, result }),
      });
    if (Date.now() - gaveUpAt > GIVE_UP_EVERY_MS) {
      gaveUpAt = Date.now();
      await giveUpStalePushes(db);
    }
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await prunePushes(db);
    }
  }

  function wake() {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    // Orders that come together are planned in one pass (0045).
    const wait = passedAt + (draining ? DRAIN_GAP_MS : PASS_GAP_MS) - Date.now();
    if (wait > 0) {
      waiting ??= setTimeout(() => {
        waiting = null;
        wake();
      }, wait).unref();
      return;
    }
    passedAt = Date.now();
    running = pass()
      .catch((error: Error) => {
        if (stopping) return;
        // A database away fails every pass: one line a minute.
        if (Date.now() - failedAt < FAILURE_LOG_EVERY_MS) return void unlogged++;
        const more = unlogged ? ` (dan ${unlogged}× lagi sebelumnya)` : "";
        console.error(`Push pesanan gagal diproses${more}:`, error.message);
        failedAt = Date.now();
        unlogged = 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  const stopListening = listenOrderChanges((notice) => {
    if (notice.kind === "baru") wake();
  }, wake);
  const timer = setInterval(wake, options.intervalMs ?? TICK_MS);
  timer.unref();
  wake();

  const worker: PushWorker = {
    async stop(graceMs = STOP_GRACE_MS) {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      if (waiting) clearTimeout(waiting);
      stopListening();
      if (processWide.__nyalaPushWorker === worker) delete processWide.__nyalaPushWorker;
      setProcessPushPool(undefined);
      const started = Date.now();
      await within(running, graceMs);
      await pool.close(Math.max(0, graceMs - (Date.now() - started)));
      await within(record.flush(), graceMs);
    },
  };
  processWide.__nyalaPushWorker = worker;
  return worker;
}

export async function stopPushWorker(graceMs = STOP_GRACE_MS) {
  await processWide.__nyalaPushWorker?.stop(graceMs);
}
