/**
 * Response headers every page and data response carries.
 *
 * The Content-Security-Policy allows scripts only from this origin and inline scripts carrying
 * the per-response nonce (React Router's hydration data); there is no `unsafe-inline` for
 * scripts. Inline style attributes stay allowed (`style-src-attr`): React writes a few.
 * `frame-ancestors 'none'` forbids framing (clickjacking). Nothing here may weaken that.
 */
import { randomBytes } from "node:crypto";

export const createNonce = () => randomBytes(16).toString("base64");

export function contentSecurityPolicy(nonce: string, production: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // The dev server's hot reload talks over a websocket.
    production ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(production ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, production: boolean) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (production) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}
