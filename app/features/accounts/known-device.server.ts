// Cookie `nyala_perangkat` (0016): an HMAC tag per account signed in on this browser, so failures there
// count per device. It outlives logouts and opens nothing by itself.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import { deriveKey } from "../../lib/server-secret.server.ts";
import { normalizeEmail } from "./email-rules.ts";

const COOKIE_DAYS = 365;
const MAX_ACCOUNTS = 5;
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const TAG_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const deviceCookieName = () => cookieName("nyala_perangkat");

interface DeviceCookie {
  id: string;
  tags: string[];
}

function readDeviceCookie(request: Request): DeviceCookie | null {
  const value = readCookie(request, deviceCookieName(), 23 * (MAX_ACCOUNTS + 1));
  const [id = "", ...tags] = value?.split(".") ?? [];
  if (!ID_PATTERN.test(id) || tags.length > MAX_ACCOUNTS || !tags.every((tag) => TAG_PATTERN.test(tag)))
    return null;
  return { id, tags };
}

async function tagFor(id: string, email: string): Promise<Buffer> {
  return createHmac("sha256", await deriveKey("known-device"))
    .update(`${id}\n${normalizeEmail(email)}`)
    .digest()
    .subarray(0, 16);
}

// A forged, tampered or foreign cookie is simply not a known device.
export async function knownDeviceId(request: Request, email: string): Promise<string | null> {
  const cookie = readDeviceCookie(request);
  if (!cookie) return null;
  const expected = await tagFor(cookie.id, email);
  const known = cookie.tags.some((tag) => {
    const actual = Buffer.from(tag, "base64url");
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
  return known ? cookie.id : null;
}

export async function rememberDevice(request: Request, email: string): Promise<string> {
  const cookie = readDeviceCookie(request) ?? { id: randomBytes(16).toString("base64url"), tags: [] };
  const tag = (await tagFor(cookie.id, email)).toString("base64url");
  const tags = [tag, ...cookie.tags.filter((other) => other !== tag)].slice(0, MAX_ACCOUNTS);
  return serializeCookie(deviceCookieName(), [cookie.id, ...tags].join("."), {
    maxAge: COOKIE_DAYS * 24 * 60 * 60,
  });
}
