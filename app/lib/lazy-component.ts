/**
 * Components the server renders in the page and the browser fetches later: at their first render
 * (lazyComponent) or at the visitor's first use of the page (firstUseComponent). See
 * docs/decisions/0022-checkout-details.md and 0042-page-weight.md.
 */
import { createElement, lazy, memo, Suspense, useEffect, type ComponentType } from "react";

type Loader<Props> = () => Promise<{ default: ComponentType<Props> }>;

export function lazyComponent<Props>(load: Loader<Props>): ComponentType<Props> {
  let loaded: { default: ComponentType<Props> } | undefined;
  // The server loads the module at start and hands React it resolved, since React.lazy would
  // stream it in with a script.
  if (typeof document === "undefined") void load().then((module) => (loaded = module));
  // A thenable that answers at once: React.lazy takes the module without suspending.
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

/** Resolves at the first tap, key or focus in the page (at once on the server), or at `startUse`. */
export function firstUse(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  used ??= new Promise<void>((resolve) => {
    markUsed = () => {
      for (const type of USE_EVENTS) window.removeEventListener(type, markUsed, true);
      resolve();
    };
    // On window, in the capture phase: React stops these events at the document while the
    // part tapped waits for its code.
    for (const type of USE_EVENTS) window.addEventListener(type, markUsed, { capture: true, passive: true });
  });
  return used;
}

/** Fetch the first-use components' code now (the page is about to change without a tap). */
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

/**
 * A part with nothing to do before the visitor touches the page: its server HTML stays as it is
 * (a dehydrated Suspense boundary) until the first use, then its code is fetched and hydrates it.
 * Re-rendered with the same props it is left alone; new props fetch its code at once, since React
 * holds the page's update until the part can hydrate.
 */
export function firstUseComponent<Props extends object>(load: Loader<Props>): ComponentType<Props> {
  const Part = lazyComponent<Props>(() => firstUse().then(() => load()));
  function FirstUse(props: Props) {
    // Mounted after the page hydrated (a client navigation): nothing to keep, fetch it now.
    if (pageHydrated) startUse();
    useEffect(() => void (pageHydrated = true), []);
    return createElement(Suspense, { fallback: null }, createElement(Part as ComponentType<object>, props));
  }
  return memo(
    FirstUse,
    (before, after) => sameProps(before, after) || (startUse(), false),
  ) as unknown as ComponentType<Props>;
}
