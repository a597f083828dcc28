/**
 * Keeps an open order page up to date over one EventSource (lib/live-source.ts); each (re)connect
 * and each change sends the order's whole state, so a page that lost its connection catches up
 * (docs/decisions/0020-live-orders.md).
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
