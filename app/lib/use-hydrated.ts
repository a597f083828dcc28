import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False during the server render and hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
