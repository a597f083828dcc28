/**
 * Who is asking: the signed-in user, resolved once per request by `authMiddleware` from the
 * session cookie, and the `require*` guards every protected loader and action calls.
 *
 * Invariants: a user object here never carries the password hash; roles are checked on the
 * server on every request (hiding a link is never the check); a login always starts a new
 * session (see session.server.ts). Roles: permissions.server.ts.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { users } from "../../../database/schema.ts";
import { getDb } from "../../lib/db.server.ts";
import {
  createSession,
  invalidateSession,
  readSessionToken,
  serializeBlankSessionCookie,
  serializeSessionCookie,
  validateSessionToken,
} from "./session.server.ts";

export interface SessionUser {
  id: string;
  nama: string;
  email: string;
  role: "customer" | "admin";
  provider: "password" | "google";
  photo_url: string | null;
  phone_number: string | null;
  created_at: Date;
}

/** The columns a SessionUser is made of: never `password_hash`. */
const sessionUserColumns = {
  id: users.id,
  nama: users.nama,
  email: users.email,
  role: users.role,
  provider: users.provider,
  photo_url: users.photo_url,
  phone_number: users.phone_number,
  created_at: users.created_at,
};

interface AuthState {
  user: SessionUser | null;
  sessionId: string | null;
}

const authContext = createContext<AuthState>({ user: null, sessionId: null });

export type Context = Readonly<RouterContextProvider>;

export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = readSessionToken(request);
  let setCookie: string | null = null;
  if (token) {
    const db = await getDb();
    const result = await validateSessionToken(db, token);
    const [user] = result
      ? await db.select(sessionUserColumns).from(users).where(eq(users.id, result.session.userId)).limit(1)
      : [];
    if (result && user) {
      context.set(authContext, { user, sessionId: result.session.id });
      if (result.renewed) setCookie = serializeSessionCookie(token, result.session.expiresAt);
    } else {
      setCookie = serializeBlankSessionCookie(); // stale or forged cookie: clear it
    }
  }
  const response = await next();
  // An action that logged in or out sets its own cookie; do not overwrite it.
  if (setCookie && !response.headers.get("set-cookie")?.includes("nyala_session")) {
    response.headers.append("Set-Cookie", setCookie);
  }
  return response;
};

export function getOptionalUser(context: Context): SessionUser | null {
  return context.get(authContext).user;
}

function getSessionId(context: Context): string | null {
  return context.get(authContext).sessionId;
}

/** Starts a fresh session for `userId` and returns the Set-Cookie header value. */
export async function startSession(db: Database, userId: string): Promise<string> {
  const { token, session } = await createSession(db, userId);
  return serializeSessionCookie(token, session.expiresAt);
}

/** Deletes the current session on the server and returns the Set-Cookie that clears it. */
export async function endSession(db: Database, context: Context): Promise<string> {
  const sessionId = getSessionId(context);
  if (sessionId) await invalidateSession(db, sessionId);
  return serializeBlankSessionCookie();
}
