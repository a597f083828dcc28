/**
 * Session tokens (`<id>.<secret>`) and the session cookie: the database keeps the id and
 * SHA-256(secret) only, so a copy of the sessions table opens nothing. A session lasts 30 days,
 * slides in its second half, is new at each login and ends everywhere when its row is deleted.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { sessions } from "../../../database/schema.ts";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY_MS;

const randomToken = (bytes: number) => randomBytes(bytes).toString("base64url");
const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

const sessionCookieName = () => cookieName("nyala_session");

interface SessionRecord {
  id: string;
  userId: string;
  expiresAt: Date;
}

export async function createSession(db: Database, userId: string) {
  const id = randomToken(15);
  const secret = randomToken(24);
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db
    .insert(sessions)
    .values({ id, secret_hash: hashSecret(secret), user_id: userId, expires_at: expiresAt });
  return { token: `${id}.${secret}`, session: { id, userId, expiresAt } satisfies SessionRecord };
}

/** The id and secret a session token holds, or null for anything that cannot be one. */
export function parseSessionToken(token: string): { id: string; secret: string } | null {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 40 || secret.length > 64) return null;
  return { id, secret };
}

/** Whether `secret` is the one whose hash a session row holds (constant time). */
export function sessionSecretMatches(secretHash: string, secret: string): boolean {
  const expected = Buffer.from(secretHash, "hex");
  const actual = Buffer.from(hashSecret(secret), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A live session used in its second half is extended: returns its expiry and whether it moved
 * (then the cookie must be sent again).
 */
export async function slideSession(
  db: Database,
  id: string,
  expiresAt: Date,
): Promise<{ expiresAt: Date; renewed: boolean }> {
  if (expiresAt.getTime() - Date.now() >= SESSION_MS / 2) return { expiresAt, renewed: false };
  const renewedAt = new Date(Date.now() + SESSION_MS);
  await db.update(sessions).set({ expires_at: renewedAt }).where(eq(sessions.id, id));
  return { expiresAt: renewedAt, renewed: true };
}

/** Where a session row is live: its id, not expired. */
export const liveSession = (id: string) => and(eq(sessions.id, id), gt(sessions.expires_at, new Date()));

export async function invalidateSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Database) {
  await db.delete(sessions).where(lt(sessions.expires_at, new Date()));
}

export function readSessionToken(request: Request): string | null {
  return readCookie(request, sessionCookieName(), 128);
}

export function serializeSessionCookie(token: string, expiresAt: Date): string {
  return serializeCookie(sessionCookieName(), token, {
    expires: expiresAt,
    maxAge: (expiresAt.getTime() - Date.now()) / 1000,
  });
}

export function serializeBlankSessionCookie(): string {
  return serializeCookie(sessionCookieName(), "", { maxAge: 0 });
}
