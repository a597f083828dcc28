/**
 * Keeps an open order page up to date: one EventSource on the order's live stream. Every
 * (re)connect starts with the order's whole current state, each change sends it again (with the
 * id of its last status change), so a page that lost its connection (a dropped network, a
 * restarted server) shows every change it missed as soon as it is back. Without JavaScript the
 * page shows what was true when it loaded, and a reload shows the truth.
 */
import { useEffect, useState } from "react";

/** A refused stream (a 404 during a deploy, a proxy's 502) is tried again after this long. */
const RETRY_CLOSED_MS = 5_000;

/** The live state as the server writes it (order-page-data.server.ts): only its id is read here. */
export function useOrderLive<State extends { eventId: number }>(url: string, initial: State) {
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
        try {
          const next = JSON.parse((event as MessageEvent<string>).data) as State;
          if (typeof next.eventId === "number") setState((now) => (next.eventId >= now.eventId ? next : now));
        } catch {
          // not an event of ours: the next one, or the next connect, brings the state
        }
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

  return { state, connected };
}
