// Components the server renders and the browser fetches later: at first render or at first use (0022, 0042).
import { createElement, lazy, memo, Suspense, useEffect, type ComponentType } from "react";

type Loader<Props> = () => Promise<{ default: ComponentType<Props> }>;

export function lazyComponent<Props>(load: Loader<Props>): ComponentType<Props> {
  let loaded: { default: ComponentType<Props> } | undefined;
  // The server hands React the module already loaded: React.lazy would stream it in with a script.
  if (typeof document === "undefined") void load().then((module) => (loaded = module));
  const resolved = () => ({
    then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve(loaded!),
  });
  return lazy(() =>
    loaded ? (resolved() as unknown as Promise<{ default: ComponentType<Props> }>) : load(),
  );
}

const USE_EVENTS = ["pointerdown", "keydown", "focusin", "click"] as const;
let used: Promise<void> | null = null;
let markUsed = () => {};
let pageHydrated = false;

export function firstUse(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  used ??= new Promise<void>((resolve) => {
    markUsed = () => {
      for (const type of USE_EVENTS) window.removeEventListener(type, markUsed, true);
      resolve();
    };
    // On window, capturing: React stops these events at the document while the tapped part awaits its code.
    for (const type of USE_EVENTS) window.addEventListener(type, markUsed, { capture: true, passive: true });
  });
  return used;
}

export function startUse() {
  void firstUse();
  markUsed();
}

const sameProps = (before: object, after: object) => {
  const keys = Object.keys(before);
  return (
    keys.length === Object.keys(after).length &&
    keys.every((key) => Object.is(before[key as keyof object], after[key as keyof object]))
  );
};

export function firstUseComponent<Props extends object>(load: Loader<Props>): ComponentType<Props> {
  const Part = lazyComponent<Props>(() => firstUse().then(() => load()));
  function FirstUse(props: Props) {
    if (pageHydrated) startUse();
    useEffect(() => void (pageHydrated = true), []);
    return createElement(Suspense, { fallback: null }, createElement(Part as ComponentType<object>, props));
  }
  return memo(
    FirstUse,
    (before, after) => sameProps(before, after) || (startUse(), false),
  ) as unknown as ComponentType<Props>;
}
