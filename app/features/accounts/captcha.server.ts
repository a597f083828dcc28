// The login captcha, always verified on the server (0003): ALTCHA by default, reCAPTCHA v2 if configured.
// A solved ALTCHA challenge is accepted once on every app server (`altcha:<signature>` in `rate_limits`).
import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Database } from "../../../database/client.server.ts";
import type { CaptchaWidget } from "./auth-rules.ts";
import { rateLimits } from "../../../database/schema.ts";
import { getEnv, type Env } from "../../lib/env.server.ts";
import { deriveKey as deriveServerKey } from "../../lib/server-secret.server.ts";

export type CaptchaConfig =
  { kind: "altcha" } | { kind: "recaptcha"; siteKey: string; secret: string; verifyUrl: string };

export function getCaptchaConfig(env: Env = getEnv()): CaptchaConfig {
  if (env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET) {
    return {
      kind: "recaptcha",
      siteKey: env.RECAPTCHA_SITE_KEY,
      secret: env.RECAPTCHA_SECRET,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
    };
  }
  return { kind: "altcha" };
}

const ALTCHA_CHALLENGE_PATH = "/captcha/altcha";

export function getCaptchaWidget(config = getCaptchaConfig()): CaptchaWidget {
  return config.kind === "recaptcha"
    ? { kind: "recaptcha", siteKey: config.siteKey }
    : { kind: "altcha", challengeUrl: ALTCHA_CHALLENGE_PATH };
}

const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
const ALTCHA_TTL_MS = 10 * 60 * 1000;
const ALTCHA_WORK = { cost: 500, minCounter: 500, maxCounter: 2_000 };

async function altchaSecrets() {
  const signature = getEnv().ALTCHA_HMAC_KEY ?? (await deriveServerKey("altcha")).toString("hex");
  const key = createHmac("sha256", signature).update("nyala-altcha-key-signature").digest("hex");
  return { signature, key };
}

export const captchaKey = async () => (await altchaSecrets()).signature;

export async function createAltchaChallenge(work = ALTCHA_WORK): Promise<Challenge> {
  const { signature, key } = await altchaSecrets();
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: work.cost,
    counter: randomInt(work.maxCounter, work.minCounter),
    deriveKey,
    expiresAt: new Date(Date.now() + ALTCHA_TTL_MS),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

interface AltchaPayload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}

function parseAltchaPayload(token: string): AltchaPayload | null {
  if (token.length > 4096) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    if (!value || typeof value !== "object") return null;
    const { challenge, solution } = value as Partial<AltchaPayload>;
    if (!challenge || typeof challenge !== "object" || !challenge.parameters) return null;
    if (typeof challenge.signature !== "string" || !/^[0-9a-f]{64}$/.test(challenge.signature)) return null;
    if (!solution || typeof solution !== "object") return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

async function verifyAltcha(db: Database, token: string): Promise<boolean> {
  const payload = parseAltchaPayload(token);
  if (!payload) return false;
  if (payload.challenge.parameters.algorithm !== ALTCHA_ALGORITHM) return false;
  const { signature, key } = await altchaSecrets();
  const verified = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  }).then(
    (result) => result.verified,
    () => false, // malformed parameters
  );
  if (!verified) return false;
  // Single use: only the first request to record this challenge may pass.
  const expiresAt = payload.challenge.parameters.expiresAt;
  const resetAt = new Date(typeof expiresAt === "number" ? expiresAt * 1000 : Date.now() + ALTCHA_TTL_MS);
  const inserted = await db
    .insert(rateLimits)
    .values({ key: `altcha:${payload.challenge.signature}`, count: 1, reset_at: resetAt })
    .onConflictDoNothing()
    .returning({ key: rateLimits.key });
  return inserted.length === 1;
}

async function verifyRecaptcha(
  config: Extract<CaptchaConfig, { kind: "recaptcha" }>,
  token: string,
  clientAddress: string,
): Promise<boolean> {
  if (token.length > 4096) return false;
  const body = new URLSearchParams({ secret: config.secret, response: token });
  if (clientAddress !== "unknown" && !clientAddress.endsWith("/64")) body.set("remoteip", clientAddress);
  try {
    const response = await fetch(config.verifyUrl, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(8_000),
    });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch (error) {
    console.error("reCAPTCHA tidak bisa diverifikasi:", error instanceof Error ? error.message : error);
    return false;
  }
}

export async function verifyCaptcha(
  db: Database,
  token: string,
  clientAddress: string,
  config: CaptchaConfig = getCaptchaConfig(),
): Promise<boolean> {
  if (!token) return false;
  return config.kind === "recaptcha"
    ? verifyRecaptcha(config, token, clientAddress)
    : verifyAltcha(db, token);
}
