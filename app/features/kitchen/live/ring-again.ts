// While any order waits in Baru, the admin pages ring again a minute after the last ring, and vibrate.
import { useCallback, useEffect, useRef } from "react";

export const RING_AGAIN_MS = 60_000;
const CHECK_MS = 5_000;
/** Three long pulses: felt through a pocket, unlike one short buzz. */
const VIBRATION = [300, 120, 300, 120, 300];

// `chime` says whether it played; `ring` chimes, vibrates with it and starts the minute again.
export function useRingAgain(waiting: number | null, chime: () => boolean): () => void {
  const lastRing = useRef(0);
  const ring = useCallback(() => {
    lastRing.current = Date.now();
    // Browsers allow vibration only after a tap on the page (the sound switch is one).
    if (chime()) navigator.vibrate?.(VIBRATION);
  }, [chime]);

  const waits = (waiting ?? 0) > 0;
  useEffect(() => {
    if (!waits) return;
    // Orders found waiting on opening the page ring a minute later, not at once.
    lastRing.current = Math.max(lastRing.current, Date.now());
    const timer = setInterval(() => {
      if (Date.now() - lastRing.current >= RING_AGAIN_MS) ring();
    }, CHECK_MS);
    return () => clearInterval(timer);
  }, [waits, ring]);
  return ring;
}
