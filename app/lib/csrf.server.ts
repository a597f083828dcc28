/**
 * Cross-site request forgery: on top of the SameSite=Lax session cookie, any state-changing
 * request (not GET/HEAD/OPTIONS) that a browser marks as coming from another site is refused.
 * Browsers send `Sec-Fetch-Site` and `Origin` on such requests; a request with neither (curl,
 * server-to-server) carries no cookie of a victim and is let through to the normal checks.
 */
import { data, type MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isCrossSiteRequest(request)) {
    throw data("Permintaan dari situs lain ditolak.", { status: 403 });
  }
  return next();
};
