// One EventSource per order page; each (re)connect and change sends the whole state to catch up on (0020).
import { useEffect, useState } from "react";
import { keepEventSource } from "~/lib/live-source.ts";

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
