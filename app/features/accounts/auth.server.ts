/**
 * Who is asking: the signed-in user, resolved once per request by `authMiddleware` from the session
 * cookie, and the `require*` guards every protected loader and action calls
 * (docs/decisions/0005-admin-access.md). A user here never carries the password hash.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { sessions, users } from "../../../database/schema.ts";
import { getDb } from "../../lib/db.server.ts";
import { createTaggedCache } from "../../lib/tagged-cache.server.ts";
import {
  createSession,
  invalidateSession,
  liveSession,
  parseSessionToken,
  readSessionToken,
  serializeBlankSessionCookie,
  serializeSessionCookie,
  sessionSecretMatches,
  slideSession,
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

type FoundSession = NonNullable<Awaited<ReturnType<typeof lookUpSession>>>;

/**
 * Sessions just looked up, by their token, for a moment (lib/tagged-cache.server.ts): every page a
 * signed-in visitor loads asks, cached pages too. Logging out and deleting the account forget
 * them on every server (`s:<session id>`, `u:<user id>`) before anything else can use them.
 */
const recentSessions = createTaggedCache<FoundSession>("nyala_sessions");

/** The session's user, in one query (session and account joined). */
async function lookUpSession(db: Database, token: string) {
  const parsed = parseSessionToken(token);
  if (!parsed) return null;
  const [row] = await db
    .select({ ...sessionUserColumns, secret_hash: sessions.secret_hash, expires_at: sessions.expires_at })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(liveSession(parsed.id))
    .limit(1);
  if (!row || !sessionSecretMatches(row.secret_hash, parsed.secret)) return null;
  const { secret_hash: _hash, expires_at: expiresAt, ...user } = row;
  return { user, sessionId: parsed.id, ...(await slideSession(db, parsed.id, expiresAt)) };
}

async function findSessionUser(token: string): Promise<FoundSession | null> {
  const recent = recentSessions.get(token);
  if (recent && recent.expiresAt.getTime() > Date.now()) return { ...recent, renewed: false };
  const found = await lookUpSession(await getDb(), token);
  if (found) recentSessions.set(token, found, [`s:${found.sessionId}`, `u:${found.user.id}`]);
  return found;
}

/** After the account was deleted (or changed what its sessions may do): its sessions end everywhere. */
export const forgetUserSessions = (userId: string) => recentSessions.forget(`u:${userId}`);

export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = readSessionToken(request);
  let setCookie: string | null = null;
  if (token) {
    const found = await findSessionUser(token);
    if (found) {
      context.set(authContext, { user: found.user, sessionId: found.sessionId });
      if (found.renewed) setCookie = serializeSessionCookie(token, found.expiresAt);
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
  if (sessionId) {
    await invalidateSession(db, sessionId);
    recentSessions.forget(`s:${sessionId}`);
  }
  return serializeBlankSessionCookie();
}
