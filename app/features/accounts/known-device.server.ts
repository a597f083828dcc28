/**
 * Known devices (docs/decisions/0016-login-throttling-and-known-devices.md): a browser where an
 * account signed in carries a signed cookie saying so, and a later password login there is
 * throttled on that device's own failures, not on the account's failures elsewhere. So wrong
 * passwords sent by someone else can slow down new devices, never lock the owner out of a
 * device they used before.
 *
 * Cookie `nyala_perangkat` = `<device id>.<tag>[.<tag>…]`: a random device id and one tag per
 * account that signed in here (newest first, at most MAX_ACCOUNTS). A tag is
 * HMAC-SHA256(known-device key, device id + e-mail), cut to 16 bytes: only the server can make
 * one (the key comes from SESSION_SECRET), it names one e-mail on one device, and it is compared
 * in constant time. The server stores nothing. The cookie outlives logouts (it is not a session
 * and opens nothing by itself: the password is always checked). Flags as every cookie of ours
 * (cookies.server.ts): HttpOnly, SameSite=Lax, Secure and `__Host-` in production.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import { deriveKey } from "../../lib/server-secret.server.ts";
import { normalizeEmail } from "./auth-rules.ts";

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

/**
 * The id of this browser when `email` has signed in on it before (a valid tag in its cookie),
 * else null. A forged, tampered or foreign cookie is simply not a known device.
 */
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

/** Set-Cookie that remembers `email` on this browser (after it signed in), keeping its other accounts. */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const cookie = readDeviceCookie(request) ?? { id: randomBytes(16).toString("base64url"), tags: [] };
  const tag = (await tagFor(cookie.id, email)).toString("base64url");
  const tags = [tag, ...cookie.tags.filter((other) => other !== tag)].slice(0, MAX_ACCOUNTS);
  return serializeCookie(deviceCookieName(), [cookie.id, ...tags].join("."), {
    maxAge: COOKIE_DAYS * 24 * 60 * 60,
  });
}
