/**
 * A component the browser fetches when it first renders but the server renders in the page: the
 * server loads the module at start and hands React it resolved, since React.lazy would stream it in
 * with a script (docs/decisions/0022-checkout-details.md).
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
