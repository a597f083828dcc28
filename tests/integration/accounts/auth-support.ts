/**
 * Helpers for the accounts integration tests: call a route's action or loader the way the server
 * does (root middleware: cross-site check, then the session), read the answer as a browser
 * would (status, headers, JSON body), solve ALTCHA challenges, keep cookies between requests.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { RouterContextProvider } from "react-router";
import { authMiddleware, getOptionalUser } from "../../../app/features/accounts/auth.server.ts";
import { createAltchaChallenge } from "../../../app/features/accounts/captcha.server.ts";
import { PEER_ADDRESS_HEADER } from "../../../app/lib/client-address.server.ts";
import { csrfMiddleware } from "../../../app/lib/csrf.server.ts";

export const ORIGIN = "http://localhost:3000";

interface HandlerArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  url: URL;
  params: Record<string, string>;
  pattern: string;
}

type Handler = (args: HandlerArgs) => unknown;

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  /** The body's bytes as they travel (compressed when Content-Encoding says so). */
  bytes: Buffer;
  json: Record<string, unknown> | null;
  /** The session cookie this answer sets (value, or "" when it clears it), if any. */
  sessionCookie: string | null;
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "init" in value && "data" in value;
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isDataWithInit(value)) {
    return new Response(JSON.stringify(value.data), {
      ...value.init,
      headers: new Headers(value.init?.headers),
    });
  }
  return Response.json(value ?? null);
}

/**
 * What the server answers for something a handler or middleware threw: its own answer for a
 * thrown Response or `data()`, a 500 (as React Router answers) for any other error, so a test
 * that expects a 4xx sees a crash as one.
 */
function thrownToResponse(thrown: unknown): Response {
  if (thrown instanceof Response || isDataWithInit(thrown)) return toResponse(thrown);
  return new Response(`Unexpected error: ${thrown instanceof Error ? thrown.message : String(thrown)}`, {
    status: 500,
  });
}

function sessionCookieOf(headers: Headers): string | null {
  for (const cookie of headers.getSetCookie()) {
    const match = /^(?:__Host-)?nyala_session=([^;]*)/.exec(cookie);
    if (match) return match[1] ?? "";
  }
  return null;
}

/** Runs `handler` behind the root middleware and returns what the browser would receive. */
export async function call(handler: Handler, request: Request): Promise<Answer> {
  const context = new RouterContextProvider();
  const url = new URL(request.url);
  const args = { request, context, url, params: {}, pattern: url.pathname };
  const handle = async () => {
    try {
      return toResponse(await handler(args));
    } catch (thrown) {
      return thrownToResponse(thrown);
    }
  };
  type Middleware = (
    args: never,
    next: () => Promise<Response>,
  ) => Promise<Response | void> | Response | void;
  const run = (middleware: Middleware, next: () => Promise<Response>) =>
    Promise.resolve(middleware(args as never, next)).then((result) => result ?? toResponse(null));
  const response = await run(csrfMiddleware as Middleware, () =>
    run(authMiddleware as Middleware, handle),
  ).catch(thrownToResponse);
  const bytes = Buffer.from(await response.arrayBuffer());
  const body = bytes.toString("utf8");
  let json: Record<string, unknown> | null;
  try {
    json = JSON.parse(body) as Record<string, unknown>;
  } catch {
    json = null;
  }
  return {
    status: response.status,
    headers: response.headers,
    body,
    bytes,
    json,
    sessionCookie: sessionCookieOf(response.headers),
  };
}

export interface RequestOptions {
  /** The client's address as the server's socket saw it. */
  address?: string;
  /** The session token to send as the session cookie. */
  session?: string;
  /** Other cookies, as `name=value`. */
  cookies?: string[];
  headers?: Record<string, string>;
}

function baseHeaders({ address = "192.0.2.10", session, cookies = [], headers = {} }: RequestOptions) {
  const result = new Headers(headers);
  result.set("host", new URL(ORIGIN).host);
  result.set(PEER_ADDRESS_HEADER, address);
  const cookieList = [...cookies, ...(session ? [`nyala_session=${session}`] : [])];
  if (cookieList.length > 0) result.set("cookie", cookieList.join("; "));
  return result;
}

/** A form POST as the page's JavaScript sends it (`mode=fetch`, same origin). */
export function post(path: string, values: Record<string, string>, options: RequestOptions = {}) {
  const body = new URLSearchParams(values);
  if (!body.has("mode")) body.set("mode", "fetch");
  const headers = baseHeaders(options);
  headers.set("content-type", "application/x-www-form-urlencoded");
  if (!headers.has("origin")) headers.set("origin", ORIGIN);
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers });
}

export function get(path: string, options: RequestOptions = {}) {
  return new Request(path.startsWith("http") ? path : `${ORIGIN}${path}`, { headers: baseHeaders(options) });
}

/** A solved ALTCHA challenge from our own server, as the widget would submit it. */
export async function solvedAltcha(): Promise<string> {
  // Little work, so tests stay fast; the server checks solutions the same way at any cost.
  const challenge = await createAltchaChallenge({ cost: 1, minCounter: 10, maxCounter: 50 });
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the ALTCHA challenge");
  const payload = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/** `name=value` of each cookie a response sets (attributes dropped). */
export const cookiesSet = (headers: Headers) => headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@contoh.test`;

/** Who the server thinks is asking with this session token, as every loader sees it. */
export const whoAmI = async (token: string) =>
  (await call(({ context }) => ({ user: getOptionalUser(context) }), get("/beranda", { session: token })))
    .json?.user as { email: string; role: string } | null;
