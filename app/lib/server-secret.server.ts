// The signing secret and one derived key per purpose (0016). Never logged or sent.
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { serverSecrets } from "../../database/schema.ts";
import { getDb } from "./db.server.ts";
import { getEnv } from "./env.server.ts";

const STORED_SECRET_NAME = "session";

export type KeyPurpose = "known-device" | "altcha" | "client-address" | "order-submission" | "device-pairing";

let secret: Promise<string> | undefined;

// Of several servers creating it at once, the first insert wins and all read that row.
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

export async function deriveKey(purpose: KeyPurpose): Promise<Buffer> {
  return createHmac("sha256", await serverSecret())
    .update(`nyala:${purpose}`)
    .digest();
}
