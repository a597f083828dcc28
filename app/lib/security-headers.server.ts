// Nonce CSP without unsafe-inline scripts, frame-ancestors 'none' (0001); nothing here may weaken it.
import { randomBytes } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { getEnv } from "./env.server.ts";

export const createNonce = () => randomBytes(16).toString("base64");

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
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.googleusercontent.com",
    "font-src 'self'",
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

// Also on answers that never reach entry.server.tsx: redirects, resource routes, cached pages.
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  applySecurityHeaders(response.headers, process.env.NODE_ENV === "production");
  if (!response.headers.has("content-security-policy")) {
    response.headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
  return response;
};
