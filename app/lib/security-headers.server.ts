/**
 * The headers every page and data response carries: a nonce-based CSP with no `unsafe-inline`
 * scripts, `frame-ancestors 'none'` and the rest (docs/decisions/0001-foundation.md). Nothing here
 * may weaken that.
 */
import { randomBytes } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { getEnv } from "./env.server.ts";

export const createNonce = () => randomBytes(16).toString("base64");

/**
 * The login captcha. ALTCHA needs nothing extra: its script, stylesheet and PBKDF2 worker are
 * files of this site, and it fetches its challenge from this site. Google reCAPTCHA (only when
 * its keys are set) loads scripts from Google and shows its checkbox in a Google frame.
 */
function recaptchaEnabled(): boolean {
  const env = getEnv();
  return Boolean(env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET);
}

export function contentSecurityPolicy(
  nonce: string,
  production: boolean,
  { recaptcha = recaptchaEnabled() }: { recaptcha?: boolean } = {},
): string {
  const recaptchaScripts = recaptcha
    ? " https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/"
    : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${recaptchaScripts}`,
    "worker-src 'self'",
    ...(recaptcha
      ? ["frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/"]
      : []),
    // The stylesheet is inlined into each page with the nonce (entry.server.tsx).
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    // Google accounts' profile photos (shown in the admin profile) come from Google's image host.
    "img-src 'self' data: blob: https://*.googleusercontent.com",
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

/**
 * The same headers on every answer, also those that never reach entry.server.tsx: redirects,
 * resource routes (JSON, captcha challenges) and cached pages. A document's CSP is set there.
 */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  applySecurityHeaders(response.headers, process.env.NODE_ENV === "production");
  if (!response.headers.has("content-security-policy")) {
    // Not a page: nothing here may run scripts, be framed, or load anything.
    response.headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
  return response;
};
