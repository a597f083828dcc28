/**
 * A local OpenID Connect provider standing in for Google in tests (oauth2-mock-server).
 *
 * Who signs in is chosen by the browser: a cookie `oidc_identity` (base64url JSON of
 * {@link TestIdentity}) sent to the provider's /authorize. Each authorization code remembers the
 * identity it was issued for, and the ID token for that code carries its claims. Cookies are
 * per test (per browser context), so parallel tests never see each other's identities.
 * `{ "error": "access_denied" }` answers like a user who cancels; `{ "tokenError": true }` makes
 * the token endpoint fail.
 */
import type { IncomingMessage } from "node:http";
import { Events, OAuth2Server } from "oauth2-mock-server";

export interface TestIdentity {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  phone_number?: string;
  /** Redirect back with this OAuth error instead of a code (e.g. access_denied). */
  error?: string;
  /** Make the token endpoint answer 500. */
  tokenError?: boolean;
}

export const IDENTITY_COOKIE = "oidc_identity";

export const encodeIdentity = (identity: TestIdentity) =>
  Buffer.from(JSON.stringify(identity)).toString("base64url");

function identityFrom(request: IncomingMessage): TestIdentity {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === IDENTITY_COOKIE && value) {
      try {
        return JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as TestIdentity;
      } catch {
        break;
      }
    }
  }
  return { sub: "google-demo", email: "demo@gmail.test", email_verified: true, name: "Demo Google" };
}

export async function startOidcProvider(port = 0, host = "127.0.0.1") {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const byCode = new Map<string, TestIdentity>();

  server.service.on(Events.BeforeAuthorizeRedirect, (redirect: { url: URL }, request: IncomingMessage) => {
    const identity = identityFrom(request);
    const code = redirect.url.searchParams.get("code");
    if (identity.error) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", identity.error);
      return;
    }
    if (code) byCode.set(code, identity);
  });

  server.service.on(
    Events.BeforeTokenSigning,
    (
      token: { payload: Record<string, unknown> },
      request: IncomingMessage & { body?: Record<string, unknown> },
    ) => {
      const code = request.body?.code;
      const identity = typeof code === "string" ? byCode.get(code) : undefined;
      if (!identity) return;
      const { error: _error, tokenError: _tokenError, email_verified = true, ...claims } = identity;
      Object.assign(token.payload, claims, { email_verified });
    },
  );

  server.service.on(
    Events.BeforeResponse,
    (
      response: { statusCode: number; body: unknown },
      request: IncomingMessage & { body?: Record<string, unknown> },
    ) => {
      const code = request.body?.code;
      if (typeof code === "string" && byCode.get(code)?.tokenError) {
        response.statusCode = 500;
        response.body = { error: "server_error" };
      }
    },
  );

  await server.start(port, host);
  const url = server.issuer.url;
  if (!url) throw new Error("the OIDC provider did not start");
  return { url, stop: () => server.stop() };
}
