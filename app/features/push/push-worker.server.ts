/**
 * The push worker every app server runs (docs/decisions/0036-web-push.md): woken by each new
 * order's notice (orders/live.server.ts, announced after the order's commit) and by a timer
 * (reminders, retries, a notice lost), it plans, claims and sends the due pushes
 * (push-queue.server.ts), all at once, each with its time limit. Nothing here runs inside a
 * checkout or a board request: a slow or failing push service only delays pushes.
 */
import type { Database } from "../../../database/client.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { listenOrderChanges } from "../orders/live.server.ts";
import { orderPushMessage } from "./push-message.ts";
import {
  claimPushes,
  planPushes,
  prunePushes,
  recordOutcome,
  type ClaimedPush,
} from "./push-queue.server.ts";
import { sendPush, type SendOptions } from "./send-push.server.ts";

export interface PushWorkerOptions {
  /** How often the timer wakes the worker. */
  intervalMs?: number;
  timeoutMs?: number;
}

const TICK_MS = 5_000;
const PRUNE_EVERY_MS = 60 * 60_000;

async function deliver(db: Database, push: ClaimedPush, options: SendOptions) {
  try {
    const message = orderPushMessage(push.order, push.round);
    const outcome = await sendPush(push.target, message, {
      ...options,
      topic: push.order.code.replace(/[^\w-]/g, ""),
    });
    await recordOutcome(db, push, outcome);
    if (outcome.kind !== "sent")
      console.warn(
        `Push ${push.order.code} (putaran ${push.round}, percobaan ${push.attempts}): ${outcome.kind} ${outcome.error}`,
      );
  } catch (error) {
    // The lease runs out and the push is tried again.
    console.error(`Push ${push.order.code} gagal dicatat:`, (error as Error).message);
  }
}

/** Plans the due pushes and leases them all to this server. */
async function claimDuePushes(db: Database): Promise<ClaimedPush[]> {
  await planPushes(db);
  const claimed: ClaimedPush[] = [];
  for (;;) {
    const batch = await claimPushes(db);
    if (batch.length === 0) return claimed;
    claimed.push(...batch);
  }
}

/** One pass, waiting for every push service's answer (tests, the bench); returns how many were tried. */
export async function runPushRound(db: Database, options: SendOptions = {}): Promise<number> {
  const claimed = await claimDuePushes(db);
  await Promise.all(claimed.map((push) => deliver(db, push, options)));
  return claimed.length;
}

/** Starts this server's worker; returns the function that stops it (a pass in flight finishes). */
export function startPushWorker(options: PushWorkerOptions = {}): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  let prunedAt = 0;
  const wake = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const db = await getDb();
          // Sent without waiting: a slow push service holds up none of the next orders' pushes.
          for (const push of await claimDuePushes(db))
            void deliver(db, push, { timeoutMs: options.timeoutMs });
          if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
            prunedAt = Date.now();
            await prunePushes(db);
          }
        } while (again);
      } catch (error) {
        console.error("Push pesanan gagal diproses:", (error as Error).message);
      } finally {
        running = null;
      }
    })();
  };
  const stopListening = listenOrderChanges((notice) => {
    if (notice.kind === "baru") wake();
  }, wake);
  const timer = setInterval(wake, options.intervalMs ?? TICK_MS);
  timer.unref();
  wake();
  return () => {
    clearInterval(timer);
    stopListening();
  };
}
