// HttpOnly, SameSite=Lax (never 'none': the CSRF defence with csrf.server.ts); Secure with __Host-/__Secure-.
import { getEnv } from "./env.server.ts";

function cookieIsSecure(): boolean {
  const env = getEnv();
  return env.COOKIE_SECURE ?? env.NODE_ENV === "production";
}

export function cookieName(base: string, path = "/"): string {
  if (!cookieIsSecure()) return base;
  return path === "/" ? `__Host-${base}` : `__Secure-${base}`;
}

export function readCookie(request: Request, name: string, maxLength: number): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.length > 0 && value.length <= maxLength ? value : null;
  }
  return null;
}

interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  path?: string;
  expires?: Date;
}

export function serializeCookie(name: string, value: string, { maxAge, path = "/", expires }: CookieOptions) {
  const parts = [`${name}=${value}`, `Path=${path}`, "HttpOnly", "SameSite=Lax"];
  if (expires) parts.push(`Expires=${expires.toUTCString()}`);
  parts.push(`Max-Age=${Math.max(0, Math.floor(maxAge))}`);
  if (cookieIsSecure()) parts.push("Secure");
  return parts.join("; ");
}
