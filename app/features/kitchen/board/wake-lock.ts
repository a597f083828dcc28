/**
 * The board keeps the phone's screen on while it is open (#24), through the Screen Wake Lock API
 * where the browser has it. The browser drops the lock whenever the page is hidden; it is taken
 * again each time the page is shown.
 */
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
