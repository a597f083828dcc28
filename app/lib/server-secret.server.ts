/**
 * The server's signing secret and the keys derived from it.
 *
 * SESSION_SECRET when it is set (at least 32 characters; every app server needs the same value).
 * Otherwise a random secret is created once and kept in the database (`server_secrets`): the
 * first server to need it inserts it, every other server sharing the database reads the same
 * row, and a restart keeps it. Each use gets its own key, HMAC-SHA256(secret, purpose), so a
 * signature made for one purpose is never valid for another.
 * Never logged, never sent to a browser.
 */
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { serverSecrets } from "../../database/schema.ts";
import { getDb } from "./db.server.ts";
import { getEnv } from "./env.server.ts";

const STORED_SECRET_NAME = "session";

export type KeyPurpose = "known-device" | "altcha";

let secret: Promise<string> | undefined;

/**
 * The value kept in `server_secrets` under `name`, made by `create` by whichever server needs
 * it first: of several servers creating it at once, the first insert wins and all read that row.
 */
export async function sharedSecret(name: string, create: () => string): Promise<string> {
  const db = await getDb();
  await db.insert(serverSecrets).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`the stored secret ${name} could not be read`);
  return row.value;
}

function serverSecret(): Promise<string> {
  const configured = getEnv().SESSION_SECRET;
  if (configured) return Promise.resolve(configured);
  if (!secret) {
    secret = sharedSecret(STORED_SECRET_NAME, () => randomBytes(32).toString("hex"));
    secret.catch(() => (secret = undefined));
  }
  return secret;
}

/** The key for `purpose`, derived from the signing secret. */
export async function deriveKey(purpose: KeyPurpose): Promise<Buffer> {
  return createHmac("sha256", await serverSecret())
    .update(`nyala:${purpose}`)
    .digest();
}
