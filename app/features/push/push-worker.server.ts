/**
 * The push worker every app server runs (docs/decisions/0036-web-push.md): woken by new orders'
 * notices and a timer, it plans, claims, sends and records due pushes (push-queue.server.ts). It
 * never runs inside a checkout or board request.
 */
import { setImmediate } from "node:timers/promises";
import type { Database } from "../../../database/client.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { listenOrderChanges } from "../orders/live.server.ts";
import { orderPushMessage } from "./push-message.ts";
import {
  claimPushes,
  planPushes,
  prunePushes,
  recordOutcomes,
  type ClaimedPush,
  type PushResult,
} from "./push-queue.server.ts";
import { sendPush, type PushOutcome, type SendOptions } from "./send-push.server.ts";

export interface PushWorkerOptions {
  /** How often the timer wakes the worker. */
  intervalMs?: number;
  timeoutMs?: number;
}

const TICK_MS = 5_000;
/** The least time between two passes' starts: pushes still leave well within 2 s of the order. */
const PASS_GAP_MS = 250;
const PRUNE_EVERY_MS = 60 * 60_000;

async function send(push: ClaimedPush, options: SendOptions): Promise<PushResult> {
  // Each push's encryption waits its turn behind the requests in flight (a checkout's page).
  await setImmediate();
  const message = orderPushMessage(push.order, push.round);
  const topic = push.order.code.replace(/[^\w-]/g, "");
  const outcome = await sendPush(push.target, message, { ...options, topic }).catch(
    (error: Error): PushOutcome => ({ kind: "retry", error: error.message.slice(0, 200) }),
  );
  if (outcome.kind !== "sent")
    console.warn(
      `Push ${push.order.code} (putaran ${push.round}, percobaan ${push.attempts}): ${outcome.kind} ${outcome.error}`,
    );
  return { push, outcome };
}

/** Sends a batch at once and records the answers together (one write for all that were sent). */
async function deliver(db: Database, batch: ClaimedPush[], options: SendOptions) {
  try {
    await recordOutcomes(db, await Promise.all(batch.map((push) => send(push, options))));
  } catch (error) {
    // The claims run out and the pushes are tried again.
    console.error("Hasil push gagal dicatat:", (error as Error).message);
  }
}

/** Plans the due pushes and leases them to this server, in batches. */
async function claimDuePushes(db: Database): Promise<ClaimedPush[][]> {
  await planPushes(db);
  const batches: ClaimedPush[][] = [];
  for (;;) {
    const batch = await claimPushes(db);
    if (batch.length === 0) return batches;
    batches.push(batch);
  }
}

/** One pass, waiting for every push service's answer (tests); returns how many pushes were tried. */
export async function runPushRound(db: Database, options: SendOptions = {}): Promise<number> {
  const batches = await claimDuePushes(db);
  await Promise.all(batches.map((batch) => deliver(db, batch, options)));
  return batches.flat().length;
}

/** The worker of this process: the dev server's module reloads start it again. */
const processWide = globalThis as typeof globalThis & { __nyalaPushWorker?: () => void };

/** Starts this server's worker; returns the function that stops it (a pass in flight finishes). */
export function startPushWorker(options: PushWorkerOptions = {}): () => void {
  processWide.__nyalaPushWorker?.();
  let running: Promise<void> | null = null;
  let again = false;
  let prunedAt = 0;
  let passedAt = 0;
  let waiting: ReturnType<typeof setTimeout> | null = null;
  const wake = () => {
    if (running) {
      again = true;
      return;
    }
    // Orders that come together are planned in one pass: a pass per order kept the embedded
    // database busy with planning under a rush (a quarter of the checkout rate, decision 0045).
    const wait = passedAt + PASS_GAP_MS - Date.now();
    if (wait > 0) {
      waiting ??= setTimeout(() => {
        waiting = null;
        wake();
      }, wait).unref();
      return;
    }
    passedAt = Date.now();
    running = (async () => {
      try {
        const db = await getDb();
        // Sent without waiting: a slow push service holds up none of the next orders' pushes.
        for (const batch of await claimDuePushes(db))
          void deliver(db, batch, { timeoutMs: options.timeoutMs });
        if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
          prunedAt = Date.now();
          await prunePushes(db);
        }
      } catch (error) {
        console.error("Push pesanan gagal diproses:", (error as Error).message);
      } finally {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      }
    })();
  };
  const stopListening = listenOrderChanges((notice) => {
    if (notice.kind === "baru") wake();
  }, wake);
  const timer = setInterval(wake, options.intervalMs ?? TICK_MS);
  timer.unref();
  wake();
  const stop = () => {
    clearInterval(timer);
    if (waiting) clearTimeout(waiting);
    stopListening();
    if (processWide.__nyalaPushWorker === stop) delete processWide.__nyalaPushWorker;
  };
  processWide.__nyalaPushWorker = stop;
  return stop;
}
