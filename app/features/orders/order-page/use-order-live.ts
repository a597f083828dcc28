/**
 * Keeps an open order page up to date: one EventSource on the order's live stream. Every
 * (re)connect starts with the order's whole current state, each change sends it again (with the
 * id of its last status change), so a page that lost its connection (a dropped network, a
 * restarted server) shows every change it missed as soon as it is back. Without JavaScript the
 * page shows what was true when it loaded, and a reload shows the truth.
 */
import { useEffect, useState } from "react";
import type { OrderStatus } from "../order-status.ts";

export interface LiveTimelineEntry {
  status: OrderStatus;
  at: string;
  reason: string | null;
}

export interface LiveOrderState {
  status: OrderStatus;
  timeline: LiveTimelineEntry[];
  eventId: number;
}

/** A refused stream (a 404 during a deploy, a proxy's 502) is tried again after this long. */
const RETRY_CLOSED_MS = 5_000;

function readState(data: string): LiveOrderState | null {
  try {
    const value = JSON.parse(data) as LiveOrderState;
    return typeof value.status === "string" &&
      Array.isArray(value.timeline) &&
      typeof value.eventId === "number"
      ? value
      : null;
  } catch {
    return null;
  }
}

/** The order's live state, starting from what the page was rendered with; and whether it is live now. */
export function useOrderLive(url: string, initial: LiveOrderState) {
  const [state, setState] = useState(initial);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      if (stopped) return;
      source = new EventSource(url);
      source.addEventListener("open", () => setConnected(true));
      source.addEventListener("status", (event) => {
        const next = readState((event as MessageEvent<string>).data);
        if (next) setState((current) => (next.eventId >= current.eventId ? next : current));
      });
      source.addEventListener("error", () => {
        setConnected(false);
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(connect, RETRY_CLOSED_MS);
        }
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [url]);

  return { ...state, connected };
}
