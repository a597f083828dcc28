// Keeps the screen on while the board is open; the browser drops the lock when hidden, so it is taken again.
import { useEffect } from "react";

export function useWakeLock() {
  useEffect(() => {
    if (!("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (document.visibilityState !== "visible" || (lock && !lock.released)) return;
      try {
        const taken = await navigator.wakeLock.request("screen");
        if (stopped) void taken.release();
        else lock = taken;
      } catch {
        // Refused (battery saver, a browser policy): the screen dims as usual.
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisibility);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}
