/**
 * Live orders: a change to an order (recorded, moved to another status, confirmed as sent)
 * reaches the customer's open order page and the staff board on every app server.
 *
 * A change is announced after its transaction committed (`announceOrderChange`), through the
 * cross-server notices (lib/notices.server.ts). Each server then reads the order's state from
 * the database once and writes it to every one of its watchers of that order; the board's
 * watchers get the code and the count of new orders, and reload their list. Watchers get the
 * whole current state on every (re)connect, and again after the server's notice connection had a
 * gap, so a change announced while anyone was away is never lost.
 */
import { count, eq, max } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderEvents, orders } from "../../../database/schema.ts";
import { getDb } from "../../lib/db.server.ts";
import type { EventStream } from "../../lib/event-stream.server.ts";
import { announce, listen } from "../../lib/notices.server.ts";
import { getStoreSettings } from "../store/settings.server.ts";
import { loadLiveState } from "./order-page-data.server.ts";

const CHANNEL = "nyala_orders";

export interface OrderNotice {
  code: string;
  /**
   * `baru`: a new order (the board may ring); `status`: moved on; `terkirim`: confirmed as sent;
   * `dicetak`: a ticket came out of a printer (printing/prints.server.ts).
   */
  kind: "baru" | "status" | "terkirim" | "dicetak";
}

/** After the change is committed: tells every server's watchers. */
export function announceOrderChange(notice: OrderNotice) {
  announce(CHANNEL, JSON.stringify({ code: notice.code, kind: notice.kind }));
}

interface OrderWatcher {
  stream: EventStream;
  orderId: number;
  lastSent: number;
}

/** The customers' open order pages on this server, by order code. */
const orderWatchers = new Map<string, Set<OrderWatcher>>();
/** The staff boards open on this server. */
const boardWatchers = new Set<EventStream>();
/** One database read per order at a time; a change arriving meanwhile reads once more after it. */
const refreshing = new Map<string, { again: boolean }>();

async function refreshOrder(code: string) {
  const running = refreshing.get(code);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: true };
  refreshing.set(code, state);
  try {
    while (state.again) {
      state.again = false;
      const watchers = orderWatchers.get(code);
      const first = watchers?.values().next().value;
      if (!first) break;
      const db = await getDb();
      const live = await loadLiveState(db, first.orderId, (await getStoreSettings(db)).timezone);
      if (!live) continue;
      const payload = JSON.stringify(live);
      for (const watcher of orderWatchers.get(code) ?? []) {
        if (watcher.lastSent >= live.eventId) continue;
        watcher.lastSent = live.eventId;
        watcher.stream.send("status", payload, live.eventId);
      }
    }
  } catch (error) {
    console.error(`Status pesanan ${code} tidak bisa dikirim:`, (error as Error).message);
  } finally {
    refreshing.delete(code);
  }
}

/** What the board needs to know after any change: how many orders wait to be taken up. */
export async function boardSummary(db: Database) {
  const [[waiting], [last]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.status, "baru")),
    db.select({ id: max(orderEvents.id) }).from(orderEvents),
  ]);
  return { baru: waiting?.n ?? 0, eventId: last?.id ?? 0 };
}

let boardPending: Promise<void> | null = null;
let boardAgain = false;
const boardNotices: OrderNotice[] = [];

async function refreshBoards(notice: OrderNotice | null) {
  if (notice) boardNotices.push(notice);
  if (boardWatchers.size === 0) {
    boardNotices.length = 0;
    return;
  }
  if (boardPending) {
    boardAgain = true;
    return boardPending;
  }
  boardPending = (async () => {
    try {
      do {
        boardAgain = false;
        const notices = boardNotices.splice(0);
        const summary = await boardSummary(await getDb());
        const payload = JSON.stringify({ ...summary, changes: notices });
        for (const stream of boardWatchers)
          stream.send(notices.length ? "pesanan" : "halo", payload, summary.eventId);
      } while (boardAgain);
    } catch (error) {
      console.error("Papan pesanan tidak bisa diperbarui:", (error as Error).message);
    } finally {
      boardPending = null;
    }
  })();
  return boardPending;
}

function readNotice(payload: string): OrderNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<OrderNotice>;
    if (
      typeof value.code !== "string" ||
      !["baru", "status", "terkirim", "dicetak"].includes(String(value.kind))
    )
      return null;
    return { code: value.code, kind: value.kind as OrderNotice["kind"] };
  } catch {
    return null;
  }
}

listen(
  CHANNEL,
  (payload) => {
    const notice = readNotice(payload);
    if (!notice) return;
    if (orderWatchers.has(notice.code)) void refreshOrder(notice.code);
    void refreshBoards(notice);
  },
  {
    // Notices may have been lost while the connection was down: everyone reads the truth again.
    onGap() {
      for (const code of orderWatchers.keys()) void refreshOrder(code);
      void refreshBoards(null);
    },
  },
);

/** Runs `listener` for every order change announced on any server, and `onGap` after a lost notice. */
export function listenOrderChanges(listener: (notice: OrderNotice) => void, onGap?: () => void) {
  const onNotice = (payload: string) => {
    const notice = readNotice(payload);
    if (notice) listener(notice);
  };
  return listen(CHANNEL, onNotice, { onGap });
}

/** Keeps `stream` up to date with order `code` (id `orderId`), starting with its state now. */
export function watchOrder(stream: EventStream, code: string, orderId: number): () => void {
  const watcher: OrderWatcher = { stream, orderId, lastSent: -1 };
  let set = orderWatchers.get(code);
  if (!set) {
    set = new Set();
    orderWatchers.set(code, set);
  }
  set.add(watcher);
  void (async () => {
    const db = await getDb();
    const live = await loadLiveState(db, orderId, (await getStoreSettings(db)).timezone).catch(() => null);
    if (!live || watcher.lastSent >= live.eventId) return;
    watcher.lastSent = live.eventId;
    stream.send("status", JSON.stringify(live), live.eventId);
  })();
  return () => {
    set.delete(watcher);
    if (set.size === 0 && orderWatchers.get(code) === set) orderWatchers.delete(code);
  };
}

/** Keeps a staff board's `stream` told of every order change, starting with the count now. */
export function watchBoard(stream: EventStream): () => void {
  boardWatchers.add(stream);
  void (async () => {
    const summary = await boardSummary(await getDb()).catch(() => null);
    if (summary) stream.send("halo", JSON.stringify({ ...summary, changes: [] }), summary.eventId);
  })();
  return () => void boardWatchers.delete(stream);
}

/** How many watchers this server holds (the bench reports it). */
export const watcherCount = () =>
  boardWatchers.size + [...orderWatchers.values()].reduce((sum, set) => sum + set.size, 0);
