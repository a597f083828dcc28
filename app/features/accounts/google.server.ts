// Google sign-in (0004): OpenID Connect code flow with PKCE, state and nonce. It starts from a plain
// link: CSP `form-action 'self'` would block a form whose redirect leaves the site.
import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  discovery,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
  type Configuration,
} from "openid-client";
import { getEnv } from "../../lib/env.server.ts";
import { safeRedirect } from "../../lib/redirect.ts";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import type { GoogleIdentity } from "./google-accounts.server.ts";

const GOOGLE_CALLBACK_PATH = "/auth/google/callback";
const FLOW_TTL_SECONDS = 10 * 60;

type GoogleErrorCode =
  | "cancelled"
  | "state"
  | "provider"
  | "unverified"
  | "unverified-new"
  | "no-email"
  | "linked-elsewhere"
  | "reserved";

const GOOGLE_ERROR_MESSAGES: Record<GoogleErrorCode, string> = {
  cancelled: "Login dengan Google dibatalkan.",
  state: "Sesi login Google sudah kedaluwarsa atau tidak valid. Silakan coba lagi.",
  provider: "Login dengan Google gagal. Silakan coba lagi beberapa saat lagi.",
  unverified:
    "Email ini sudah terdaftar dengan kata sandi, tetapi Google belum memverifikasi email tersebut. Silakan masuk dengan email dan kata sandi.",
  "unverified-new":
    "Google belum memverifikasi email akun Google ini. Verifikasi emailnya di Google dulu, atau daftar dengan email dan kata sandi.",
  "no-email": "Akun Google ini tidak membagikan alamat email. Silakan pilih akun Google lain.",
  "linked-elsewhere": "Email ini sudah terhubung dengan akun Google lain.",
  reserved: "Alamat email ini khusus untuk staf toko dan tidak bisa dipakai untuk masuk dengan Google.",
};

export const GOOGLE_PASSWORD_REMOVED =
  "Email akun ini sudah terbukti milikmu lewat Google. Kata sandi yang pernah dipasang di akun ini dihapus dan sesi lainnya diakhiri; masuklah dengan Google.";

export function googleErrorMessage(code: string | null): string | null {
  return code && Object.hasOwn(GOOGLE_ERROR_MESSAGES, code)
    ? GOOGLE_ERROR_MESSAGES[code as GoogleErrorCode]
    : null;
}

export function isGoogleEnabled(): boolean {
  return Boolean(getEnv().GOOGLE_CLIENT_ID);
}

let cached: { key: string; config: Promise<Configuration> } | undefined;

function getConfiguration(): Promise<Configuration> {
  const env = getEnv();
  if (!env.GOOGLE_CLIENT_ID) throw new Error("GOOGLE_CLIENT_ID is not set");
  const key = `${env.GOOGLE_ISSUER} ${env.GOOGLE_CLIENT_ID}`;
  if (cached?.key !== key) {
    const issuer = new URL(env.GOOGLE_ISSUER);
    const config = discovery(
      issuer,
      env.GOOGLE_CLIENT_ID,
      env.GOOGLE_CLIENT_SECRET,
      undefined,
      // Plain http is only ever a local test provider; Google itself is https.
      issuer.protocol === "http:" ? { execute: [allowInsecureRequests] } : undefined,
    );
    cached = { key, config };
    config.catch(() => {
      if (cached?.config === config) cached = undefined;
    });
  }
  return cached.config;
}

interface FlowState {
  verifier: string;
  state: string;
  nonce: string;
  redirectTo: string;
}

const flowCookieName = () => cookieName("nyala_google");

function serializeFlowCookie(value: string, maxAge: number): string {
  return serializeCookie(flowCookieName(), value, { maxAge });
}

function readFlowCookie(request: Request): FlowState | null {
  const raw = readCookie(request, flowCookieName(), 2048);
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<FlowState>;
    const { verifier, state, nonce, redirectTo } = value;
    if (typeof verifier !== "string" || typeof state !== "string" || typeof nonce !== "string") return null;
    return { verifier, state, nonce, redirectTo: safeRedirect(redirectTo ?? null, "/beranda") };
  } catch {
    return null;
  }
}

const clearFlowCookie = () => serializeFlowCookie("", 0);

export async function startGoogleSignIn(origin: string, redirectTo: string) {
  const config = await getConfiguration();
  const flow: FlowState = {
    verifier: randomPKCECodeVerifier(),
    state: randomState(),
    nonce: randomNonce(),
    redirectTo: safeRedirect(redirectTo, "/beranda"),
  };
  const url = buildAuthorizationUrl(config, {
    redirect_uri: `${origin}${GOOGLE_CALLBACK_PATH}`,
    scope: "openid email profile",
    code_challenge: await calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
    prompt: "select_account",
  });
  const cookie = serializeFlowCookie(
    Buffer.from(JSON.stringify(flow)).toString("base64url"),
    FLOW_TTL_SECONDS,
  );
  return { url: url.href, cookie };
}

type GoogleCallbackResult =
  | { ok: true; identity: GoogleIdentity; redirectTo: string; clearCookie: string }
  | { ok: false; error: GoogleErrorCode; clearCookie: string };

const str = (value: unknown) => (typeof value === "string" && value ? value : undefined);

export async function finishGoogleSignIn(
  request: Request,
  url: URL,
  origin: string,
): Promise<GoogleCallbackResult> {
  const clearCookie = clearFlowCookie();
  const fail = (error: GoogleErrorCode): GoogleCallbackResult => ({ ok: false, error, clearCookie });

  const providerError = url.searchParams.get("error");
  if (providerError) return fail(providerError === "access_denied" ? "cancelled" : "provider");

  const flow = readFlowCookie(request);
  const state = url.searchParams.get("state");
  if (!flow || !state || state !== flow.state || !url.searchParams.get("code")) return fail("state");

  try {
    const config = await getConfiguration();
    const currentUrl = new URL(`${GOOGLE_CALLBACK_PATH}${url.search}`, origin);
    const tokens = await authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    const sub = str(claims?.sub);
    if (!claims || !sub) return fail("provider");
    return {
      ok: true,
      identity: {
        sub,
        email: str(claims.email),
        emailVerified: claims.email_verified === true,
        name: str(claims.name),
        picture: str(claims.picture),
        phoneNumber: str(claims.phone_number),
      },
      redirectTo: flow.redirectTo,
      clearCookie,
    };
  } catch (error) {
    console.error("Login Google gagal:", error instanceof Error ? error.message : error);
    return fail("provider");
  }
}
