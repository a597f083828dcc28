// Storefront pages rendered and compressed once per kind of visitor, the visitor's parts spliced in (0031).
// Loaders return nothing per visitor beyond its kind.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { contentCacheTtlMs, onContentInvalidated } from "./content-cache.server.ts";
import {
  fill,
  fillCompressed,
  holeValues,
  reuseCompressed,
  toTemplate,
  visitorSplicer,
  type Template,
  type VisitorParts,
} from "./page-template.server.ts";
import { createNonce } from "./security-headers.server.ts";
import { chooseEncoding } from "./accept-encoding.ts";

export { SLOT_MARKERS, type VisitorParts } from "./page-template.server.ts";

const CACHEABLE_PATHS = new Set(["/", "/beranda", "/produk", "/keranjang", "/tentang", "/kontak", "/_root"]);
const PRIVATE_PATHS = new Set(["/keranjang"]);
const MAX_ENTRIES = 300;
const ENCODINGS = ["br", "gzip"] as const;

interface PageCacheOptions {
  kindOf(context: Readonly<RouterContextProvider>): string;
  partsOf(request: Request, context: Readonly<RouterContextProvider>): Promise<VisitorParts>;
  cookieless: { kind: string; parts: VisitorParts };
}

export interface PageAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array[];
}

interface CachedPage {
  status: number;
  headers: [string, string][];
  csp: string[] | null;
  template: Template;
  html: boolean;
  expires: number;
}

interface Entry {
  page: CachedPage | null;
  rendering: Promise<CachedPage | null> | null;
}

const entries = new Map<string, Entry>();
onContentInvalidated(clearPageCache);

export function clearPageCache() {
  // A render that started before the clear must not store what it read before it.
  entries.clear();
}

const isHtml = (headers: Headers | [string, string][]) =>
  (new Headers(headers).get("content-type") ?? "").startsWith("text/html");

function cacheKey(method: string, url: URL, hasCookie: boolean, kind: string): string | null {
  if (method !== "GET") return null;
  const path = url.pathname.replace(/\.data$/, "") || "/";
  if (!CACHEABLE_PATHS.has(path)) return null;
  if (PRIVATE_PATHS.has(path) && hasCookie) return null;
  return `${kind}|${url.href}`;
}

function servable(key: string): CachedPage | null {
  const entry = entries.get(key);
  return entry?.page && (entry.page.expires > Date.now() || entry.rendering) ? entry.page : null;
}

async function store(response: Response, previous: CachedPage | null): Promise<CachedPage | null> {
  if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) return null;
  const body = await response.text();
  const headers = new Headers(response.headers);
  const csp = headers.get("content-security-policy");
  const nonce = csp ? (/'nonce-([^']+)'/.exec(csp)?.[1] ?? null) : null;
  const html = isHtml(headers);
  const template = toTemplate(body, nonce, html);
  reuseCompressed(template, previous?.template);
  headers.delete("content-length");
  headers.delete("content-security-policy");
  markPrivate(headers);
  headers.set("Vary", "Accept-Encoding");
  return {
    status: response.status,
    headers: [...headers],
    csp: csp === null ? null : nonce ? csp.split(nonce) : [csp],
    template,
    html,
    expires: Date.now() + contentCacheTtlMs(),
  };
}

// Pages are the visitor's own: no shared cache between the server and the browser may keep them.
function markPrivate(headers: Headers) {
  if (!headers.has("cache-control")) headers.set("Cache-Control", "private, no-cache");
}

async function answer(
  page: CachedPage,
  visitor: VisitorParts | null,
  acceptEncoding: string | null,
): Promise<PageAnswer> {
  const nonce = page.csp && page.csp.length > 1 ? createNonce() : "";
  const headers = [...page.headers];
  if (page.csp) headers.push(["content-security-policy", page.csp.join(nonce)]);
  const values = holeValues(page.template, nonce, page.html ? visitor : null);
  let body: Buffer[] | null = null;
  for (let encodings = [...ENCODINGS]; !body;) {
    const encoding = chooseEncoding(acceptEncoding, encodings);
    if (!encoding) break;
    body = await fillCompressed(page.template, encoding, values);
    if (body) headers.push(["content-encoding", encoding]);
    encodings = encodings.filter((other) => other !== encoding);
  }
  body ??= fill(page.template, values);
  headers.push(["content-length", String(body.reduce((total, piece) => total + piece.length, 0))]);
  return { status: page.status, headers, body };
}

function splice(response: Response, visitor: VisitorParts): Response {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  markPrivate(headers);
  return new Response(response.body!.pipeThrough(visitorSplicer(visitor)), {
    status: response.status,
    headers,
  });
}

export function createPageCache(options: PageCacheOptions) {
  const middleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
    const acceptEncoding = request.headers.get("accept-encoding");
    const rendered = async (response: Response) => {
      if (!response.body || !isHtml(response.headers)) return response;
      return splice(response, await options.partsOf(request, context));
    };
    const fromCache = async (page: CachedPage) => {
      const visitor = page.html ? await options.partsOf(request, context) : null;
      const { status, headers, body } = await answer(page, visitor, acceptEncoding);
      return new Response(new Uint8Array(Buffer.concat(body)), { status, headers });
    };

    const url = new URL(request.url);
    const kind = options.kindOf(context);
    const key =
      contentCacheTtlMs() > 0 ? cacheKey(request.method, url, request.headers.has("cookie"), kind) : null;
    if (!key) return rendered(await next());

    const cached = servable(key);
    if (cached) return fromCache(cached);
    let entry = entries.get(key);
    if (entry?.rendering) {
      const page = await entry.rendering;
      if (page) return fromCache(page);
      return rendered(await next()); // that render could not be kept: render this one on its own
    }

    if (!entry) {
      entry = { page: null, rendering: null };
      entries.set(key, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    }
    const current = entry;
    let resolve!: (page: CachedPage | null) => void;
    current.rendering = new Promise<CachedPage | null>((done) => (resolve = done));
    let page: CachedPage | null = null;
    try {
      const response = await next();
      if (response.status !== 200 || response.headers.has("set-cookie")) return rendered(response);
      page = await store(response, current.page);
      return page ? fromCache(page) : rendered(response);
    } finally {
      current.rendering = null;
      if (page) current.page = page;
      else if (!current.page && entries.get(key) === current) entries.delete(key);
      resolve(page);
    }
  };

  async function answerWithoutCookies(url: URL, acceptEncoding: string | null): Promise<PageAnswer | null> {
    const key = contentCacheTtlMs() > 0 ? cacheKey("GET", url, false, options.cookieless.kind) : null;
    const page = key ? servable(key) : null;
    // Documents only: a data answer gets its headers from the middleware around this one.
    if (!page?.html) return null;
    return answer(page, options.cookieless.parts, acceptEncoding);
  }

  return { middleware, answerWithoutCookies };
}
