/**
 * A component whose code the browser fetches when it first renders, while the server renders it
 * in the page itself. React.lazy alone would suspend on the server too, and React then streams the
 * part in later with a script, which a browser without JavaScript never runs; here the server
 * loads the module as it starts, and hands it to React already resolved.
 */
import { lazy, type ComponentType } from "react";

export function lazyComponent<Props>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): ComponentType<Props> {
  let loaded: { default: ComponentType<Props> } | undefined;
  if (typeof document === "undefined") void load().then((module) => (loaded = module));
  // A thenable that answers at once: React.lazy takes the module without suspending.
  const resolved = () => ({
    then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve(loaded!),
  });
  return lazy(() =>
    loaded ? (resolved() as unknown as Promise<{ default: ComponentType<Props> }>) : load(),
  );
}
