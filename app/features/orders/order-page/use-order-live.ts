/**
 * Keeps an open order page up to date: one EventSource on the order's live stream. Every
 * (re)connect starts with the order's whole current state, each change sends it again (with the
 * id of its last status change), so a page that lost its connection (a dropped network, a
 * restarted server) shows every change it missed as soon as it is back (lib/live-source.ts).
 * Without JavaScript the page shows what was true when it loaded, and a reload shows the truth.
 */
import { useEffect, useState } from "react";
import { keepEventSource } from "~/lib/live-source.ts";

/** The live state as the server writes it (order-page-data.server.ts): only its id is read here. */
export function useOrderLive<State extends { eventId: number }>(url: string, initial: State) {
  const [state, setState] = useState(initial);
  const [connected, setConnected] = useState(false);

  useEffect(
    () =>
      keepEventSource(
        url,
        {
          status(event) {
            try {
              const next = JSON.parse(event.data) as State;
              if (typeof next.eventId === "number")
                setState((now) => (next.eventId >= now.eventId ? next : now));
            } catch {
              // not an event of ours: the next one, or the next connect, brings the state
            }
          },
        },
        setConnected,
      ),
    [url],
  );

  return { state, connected };
}
