// Session tokens (`<id>.<secret>`): the database keeps the id and SHA-256(secret) only, so a copy of the
// sessions table opens nothing. A session is new at each login and ends everywhere with its row.
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

export async function createSession(db: Database, userId: string, days = SESSION_DAYS) {
  const id = randomToken(15);
  const secret = randomToken(24);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  await db.insert(sessions).values({
    id,
    secret_hash: hashSecret(secret),
    user_id: userId,
    expires_at: expiresAt,
    last_seen_at: now,
  });
  return { token: `${id}.${secret}`, session: { id, userId, expiresAt } satisfies SessionRecord };
}

export function parseSessionToken(token: string): { id: string; secret: string } | null {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 40 || secret.length > 64) return null;
  return { id, secret };
}

export function sessionSecretMatches(secretHash: string, secret: string): boolean {
  const expected = Buffer.from(secretHash, "hex");
  const actual = Buffer.from(hashSecret(secret), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

// A session used in its second half is extended; the cookie must then be sent again.
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
