/**
 * The local OIDC provider the end-to-end tests sign in with "Google" against; Playwright's
 * config starts it (`node tests/support/oidc-server.ts`) next to the app server.
 */
import { startOidcProvider } from "./oidc-provider.ts";

const port = Number(process.env.E2E_OIDC_PORT ?? 3211);
const provider = await startOidcProvider(port, "localhost");
console.log(`OIDC provider ready on ${provider.url}`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    void provider.stop().finally(() => process.exit(0));
  });
}
