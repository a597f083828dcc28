// Live orders (0020): a committed change reaches the order's pages and the board on every server.
import { count, eq, max } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderEvents, orders } from "../../../database/schema.ts";
import { getDb } from "../../lib/db.server.ts";
import { EventFanout, eventStreamResponse } from "../../lib/event-stream.server.ts";
import { announce, listen } from "../../lib/notices.server.ts";
import { getStoreSettings } from "../store/settings.server.ts";
import { findOrderAccess, mayView, type OrderAccess, type Viewer } from "./order-view.server.ts";

const CHANNEL = "nyala_orders";

export interface OrderNotice {
  code: string;
  kind: "baru" | "status" | "terkirim" | "dicetak" | "diubah";
}

export function announceOrderChange(notice: OrderNotice) {
  announce(CHANNEL, JSON.stringify({ code: notice.code, kind: notice.kind }));
}

export type LiveStateReader = (
  db: Database,
  orderId: number,
  timezone: string,
) => Promise<{ eventId: number } | null>;

interface OrderTopic {
  fanout: EventFanout;
  access: OrderAccess;
  read: LiveStateReader;
  eventId: number;
  sent?: string;
  reading: { again: boolean } | null;
}

const orderTopics = new Map<string, OrderTopic>();

function topicFor(code: string, access: OrderAccess, read: LiveStateReader): OrderTopic {
  let topic = orderTopics.get(code);
  if (!topic) {
    const created: OrderTopic = {
      access,
      read,
      eventId: -1,
      reading: null,
      fanout: new EventFanout({
        onJoin: () => {
          if (!created.fanout.hasGreeting) void refreshOrder(code);
        },
        onEmpty: () => {
          if (orderTopics.get(code) === created) orderTopics.delete(code);
        },
      }),
    };
    orderTopics.set(code, created);
    topic = created;
  }
  return topic;
}

async function refreshOrder(code: string) {
  const topic = orderTopics.get(code);
  if (!topic) return;
  if (topic.reading) {
    topic.reading.again = true;
    return;
  }
  const reading = { again: true };
  topic.reading = reading;
  try {
    while (reading.again && topic.fanout.size > 0) {
      reading.again = false;
      const db = await getDb();
      const live = await topic.read(db, topic.access.id, (await getStoreSettings(db)).timezone);
      if (!live) continue;
      const text = JSON.stringify(live);
      // A payment changes the state without a status change: the same id, other data.
      if (topic.fanout.hasGreeting && (live.eventId < topic.eventId || text === topic.sent)) continue;
      topic.eventId = live.eventId;
      topic.sent = text;
      topic.fanout.send({ event: "status", data: text, id: live.eventId });
    }
  } catch (error) {
    console.error(`Status pesanan ${code} tidak bisa dikirim:`, (error as Error).message);
  } finally {
    topic.reading = null;
  }
}

export async function boardSummary(db: Database) {
  const [[waiting], [last]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.status, "baru")),
    db.select({ id: max(orderEvents.id) }).from(orderEvents),
  ]);
  return { baru: waiting?.n ?? 0, eventId: last?.id ?? 0 };
}

const board = new EventFanout({
  onJoin: () => {
    if (!board.hasGreeting) void refreshBoards(null);
  },
});
let boardPending: Promise<void> | null = null;
let boardAgain = false;
const boardNotices: OrderNotice[] = [];

async function refreshBoards(notice: OrderNotice | null) {
  if (notice) boardNotices.push(notice);
  if (board.size === 0) {
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
        const hello = {
          event: "halo",
          data: JSON.stringify({ ...summary, changes: [] }),
          id: summary.eventId,
        };
        // A board joining later starts with the count (`halo`): it must not ring for old news.
        board.send(
          notices.length
            ? {
                event: "pesanan",
                data: JSON.stringify({ ...summary, changes: notices }),
                id: summary.eventId,
              }
            : hello,
          hello,
        );
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
      !["baru", "status", "terkirim", "dicetak", "diubah"].includes(String(value.kind))
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
    if (orderTopics.has(notice.code)) void refreshOrder(notice.code);
    void refreshBoards(notice);
  },
  {
    // Notices may have been lost while the connection was down: everyone reads the truth again.
    onGap() {
      for (const code of orderTopics.keys()) void refreshOrder(code);
      void refreshBoards(null);
    },
  },
);

export function listenOrderChanges(listener: (notice: OrderNotice) => void, onGap?: () => void) {
  const onNotice = (payload: string) => {
    const notice = readNotice(payload);
    if (notice) listener(notice);
  };
  return listen(CHANNEL, onNotice, { onGap });
}

// A refusal costs the one lookup every refusal gets (order-view.server.ts), so it tells nothing.
export async function watchableOrder(code: string, viewer: Viewer): Promise<OrderAccess | null> {
  const known = orderTopics.get(code)?.access ?? null;
  if (mayView(known, viewer)) return known;
  const access = await findOrderAccess(await getDb(), code);
  return mayView(access, viewer) ? access : null;
}

export const openOrderStream = (
  request: Request,
  code: string,
  access: OrderAccess,
  read: LiveStateReader,
  owner?: string,
) => eventStreamResponse(request, () => topicFor(code, access, read).fanout, owner);

/** `owner`: the user's id, so ending their access (end-access.server.ts) closes it. */
export const openBoardStream = (request: Request, owner: string) =>
  eventStreamResponse(request, () => board, owner);
