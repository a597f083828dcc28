// Auto-cetak: the server decides who prints (prints.server.ts), so the board asks at start, on each order
// change and (re)connect, and every RETRY_MS. A failure ends the round and stays shown.
import { useCallback, useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useAdminLive } from "../live/admin-live.tsx";
import { usePrint } from "./use-print.tsx";

const RETRY_MS = 30_000;

export function useAutoPrint(): { on: boolean; failure: string | null } {
  const { settings, print } = usePrint();
  const { connected, changes } = useAdminLive();
  const eventId = (useRouteLoaderData("routes/admin/layout") as { eventId?: number } | undefined)?.eventId;
  const [failure, setFailure] = useState<string | null>(null);
  const round = useRef<{ again: boolean } | null>(null);
  const printRef = useRef(print);
  useEffect(() => {
    printRef.current = print;
  });

  const printNew = useCallback(async () => {
    if (round.current) {
      round.current.again = true;
      return;
    }
    const state = { again: true };
    round.current = state;
    try {
      while (state.again) {
        state.again = false;
        for (;;) {
          const outcome = await printRef.current({ kind: "dapur" });
          setFailure(outcome.result === "failed" ? outcome.message : null);
          if (outcome.result === "failed") return;
          if (outcome.result !== "printed") break;
        }
      }
    } finally {
      round.current = null;
    }
  }, []);

  const on = settings.autoPrint;
  useEffect(() => {
    if (!on) return;
    void printNew();
    const timer = setInterval(() => void printNew(), RETRY_MS);
    return () => clearInterval(timer);
  }, [on, printNew, eventId, connected, changes]);

  // A failure of before Auto-cetak was switched off is no longer news.
  return { on, failure: on ? failure : null };
}
