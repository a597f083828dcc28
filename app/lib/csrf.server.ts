/**
 * Cross-site request forgery: on top of the SameSite=Lax session cookie, any state-changing
 * request (not GET/HEAD/OPTIONS) that a browser marks as coming from another site is refused.
 * Browsers send `Sec-Fetch-Site` and `Origin` on such requests; a request with neither (curl,
 * server-to-server) carries no cookie of a victim and is let through to the normal checks.
 *
 * An `Origin` must name this site: the `Host` the request came with, SITE_URL's host, or, only
 * behind TRUST_PROXY proxies, the host the proxies forwarded (X-Forwarded-Host, read like
 * X-Forwarded-For in client-address.server.ts). Without trusted proxies X-Forwarded-Host is
 * anybody's word and is ignored (issue #20).
 */
import { data, type MiddlewareFunction } from "react-router";
import { getEnv } from "./env.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

interface SiteSettings {
  /** How many reverse proxies stand in front (TRUST_PROXY). */
  trustProxy: number;
  /** The public URL (SITE_URL), if set. */
  siteUrl?: string;
}

const siteSettings = (): SiteSettings => {
  const env = getEnv();
  return { trustProxy: env.TRUST_PROXY, siteUrl: env.SITE_URL };
};

/** The hosts (`name[:port]`, lower-case) this request may legitimately come from. */
function ownHosts(request: Request, { trustProxy, siteUrl }: SiteSettings): Set<string> {
  const hosts = new Set<string>();
  const host = request.headers.get("host");
  if (host) hosts.add(host.trim().toLowerCase());
  if (siteUrl) hosts.add(new URL(siteUrl).host);
  if (trustProxy > 0) {
    const forwarded = (request.headers.get("x-forwarded-host") ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean);
    // Each trusted proxy appended the host it was asked for; the client's own entries come first.
    const candidate = forwarded[forwarded.length - trustProxy];
    if (candidate) hosts.add(candidate);
  }
  return hosts;
}

export function isCrossSiteRequest(request: Request, settings: SiteSettings = siteSettings()): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    return !ownHosts(request, settings).has(new URL(origin).host);
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
