// Refuses state-changing requests a browser marks cross-site (Sec-Fetch-Site, Origin), beside SameSite.
import { data, type MiddlewareFunction } from "react-router";
import { getEnv } from "./env.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

interface SiteSettings {
  trustProxy: number;
  siteUrl?: string;
}

const siteSettings = (): SiteSettings => {
  const env = getEnv();
  return { trustProxy: env.TRUST_PROXY, siteUrl: env.SITE_URL };
};

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
