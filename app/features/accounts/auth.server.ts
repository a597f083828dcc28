// Who is asking (0005): the signed-in user, resolved once per request; it never carries the password hash.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { sessions, users } from "../../../database/schema.ts";
import { getDb } from "../../lib/db.server.ts";
import type { Role } from "./access.ts";
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
  role: Role;
  provider: "password" | "google" | "perangkat";
  photo_url: string | null;
  phone_number: string | null;
  created_at: Date;
}

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

// Cached briefly; logout and account deletion forget them on every server before anything can use them.
const recentSessions = createTaggedCache<FoundSession>("nyala_sessions");

const SEEN_EVERY_MS = 5 * 60 * 1000;

async function noteSeen(db: Database, sessionId: string, lastSeenAt: Date | null) {
  if (lastSeenAt && Date.now() - lastSeenAt.getTime() < SEEN_EVERY_MS) return;
  await db.update(sessions).set({ last_seen_at: new Date() }).where(eq(sessions.id, sessionId));
}

async function lookUpSession(db: Database, token: string) {
  const parsed = parseSessionToken(token);
  if (!parsed) return null;
  const [row] = await db
    .select({
      ...sessionUserColumns,
      secret_hash: sessions.secret_hash,
      expires_at: sessions.expires_at,
      last_seen_at: sessions.last_seen_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(liveSession(parsed.id))
    .limit(1);
  if (!row || !sessionSecretMatches(row.secret_hash, parsed.secret)) return null;
  const { secret_hash: _hash, expires_at: expiresAt, last_seen_at: lastSeenAt, ...user } = row;
  await noteSeen(db, parsed.id, lastSeenAt);
  return { user, sessionId: parsed.id, ...(await slideSession(db, parsed.id, expiresAt)) };
}

async function findSessionUser(token: string): Promise<FoundSession | null> {
  const recent = recentSessions.get(token);
  if (recent && recent.expiresAt.getTime() > Date.now()) return { ...recent, renewed: false };
  const found = await lookUpSession(await getDb(), token);
  if (found) recentSessions.set(token, found, [`s:${found.sessionId}`, `u:${found.user.id}`]);
  return found;
}

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

export async function startSession(db: Database, userId: string, days?: number): Promise<string> {
  const { token, session } = await createSession(db, userId, days);
  return serializeSessionCookie(token, session.expiresAt);
}

export async function endSession(db: Database, context: Context): Promise<string> {
  const sessionId = getSessionId(context);
  if (sessionId) {
    await invalidateSession(db, sessionId);
    recentSessions.forget(`s:${sessionId}`);
  }
  return serializeBlankSessionCookie();
}
