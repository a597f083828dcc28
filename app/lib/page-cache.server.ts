/**
 * Storefront pages rendered once per kind of visitor and reused for a moment, with each
 * visitor's own parts spliced in per request (docs/decisions/0019-pages-for-every-visitor.md).
 *
 * A page depends on the visitor in two ways only: the kind (nobody known, a customer, an admin:
 * which links the header shows) and a few small values (the cart's count). The kind is part of
 * the cache key; the values are never rendered: components render a marker per slot
 * (visitor-island.ts) and every HTML answer, cached or not, gets them filled in here, plus a JSON
 * island with the same values that the browser reads before hydrating. Rules that keep it safe:
 * - only GET, only the paths in CACHEABLE_PATHS (documents and their `.data` requests), only 200
 *   answers without Set-Cookie; PRIVATE_PATHS (the cart page) only for requests with no Cookie
 *   header at all, as its content is the visitor's own;
 * - nothing a loader returns may depend on the visitor beyond its kind (the root loader gives the
 *   role only; never a name or an e-mail): a page is shared by every visitor of a kind;
 * - never one CSP nonce twice: the page is kept with a hole where its nonce was, and every answer
 *   gets a fresh nonce in both the HTML and the Content-Security-Policy header;
 * - it is rendered again after the content cache's lifetime (CATALOG_CACHE_MS, default 2 s) and
 *   cleared with it (`invalidateContentCache()`), so an admin's change shows at the next page load;
 * - the key is the kind and the full URL (host included), and the number of entries is bounded,
 *   so a client inventing hosts or query strings cannot grow it without limit.
 * Concurrent misses for one key share one render. An expired page is refreshed by the request
 * that finds it, while the requests arriving meanwhile get the expired copy (at most one render
 * per page at a time, and under load nobody waits for it); a cleared cache is never served stale.
 * The body is kept as UTF-8 bytes around its holes, so an answer is a copy, not a re-encoding.
 */
import { randomBytes } from "node:crypto";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { contentCacheTtlMs, onContentInvalidated } from "./content-cache.server.ts";
import { createNonce } from "./security-headers.server.ts";
import { VISITOR_ISLAND_ID, type VisitorSlot } from "./visitor-island.ts";

const CACHEABLE_PATHS = new Set(["/", "/beranda", "/produk", "/keranjang", "/tentang", "/kontak", "/_root"]);
const PRIVATE_PATHS = new Set(["/keranjang"]);
const MAX_ENTRIES = 300;

/**
 * What the server renders in place of each slot: random per process, so no text a page shows (a
 * dish named like a marker) can be taken for one.
 */
export const SLOT_MARKERS: Record<VisitorSlot, string> = {
  cartCount: `nyala${randomBytes(9).toString("hex")}cartcount`,
};

/** One visitor's parts: the text of each slot, and the island the browser reads. */
export interface VisitorParts {
  slots: Record<VisitorSlot, string>;
  island: Record<string, unknown>;
}

interface PageMiddlewareOptions {
  /** Which rendering of a page this visitor gets ("" for a visitor nobody knows). */
  kindOf(context: Readonly<RouterContextProvider>): string;
  /** The visitor's slots and island, read once for every HTML answer. */
  partsOf(request: Request, context: Readonly<RouterContextProvider>): Promise<VisitorParts>;
}

type Hole = "nonce" | "island" | VisitorSlot;

/** A page with holes: `parts[i]`, then `holes[i]`, then `parts[i + 1]`… */
interface Template {
  parts: Buffer[];
  holes: Hole[];
}

interface CachedPage {
  status: number;
  headers: [string, string][];
  template: Template;
  expires: number;
}

interface Entry {
  /** The last page rendered; may have expired. */
  page: CachedPage | null;
  /** The render in progress, if any; the first one for a key is awaited by everyone. */
  rendering: Promise<CachedPage | null> | null;
}

const entries = new Map<string, Entry>();
onContentInvalidated(clearPageCache);

export function clearPageCache() {
  // A render that started before the clear must not store what it read before it.
  entries.clear();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const markerHoles = new Map<string, Hole>(
  Object.entries(SLOT_MARKERS).map(([slot, marker]) => [marker, slot as VisitorSlot]),
);

/** Cuts a rendered body at its nonce (when given), its slot markers and the end of its head. */
function toTemplate(body: string, nonce: string | null): Template {
  const tokens = [...markerHoles.keys(), ...(nonce ? [nonce] : []), "</head>"];
  const pattern = new RegExp(tokens.map(escapeRegExp).join("|"), "g");
  const parts: Buffer[] = [];
  const holes: Hole[] = [];
  let last = 0;
  let headClosed = false;
  for (const match of body.matchAll(pattern)) {
    if (match[0] === "</head>") {
      if (headClosed) continue;
      headClosed = true;
      // The island goes just before </head>, which stays in the next part.
      parts.push(Buffer.from(body.slice(last, match.index)));
      holes.push("island");
      last = match.index;
      continue;
    }
    parts.push(Buffer.from(body.slice(last, match.index)));
    holes.push(match[0] === nonce ? "nonce" : markerHoles.get(match[0])!);
    last = match.index + match[0].length;
  }
  parts.push(Buffer.from(body.slice(last)));
  return { parts, holes };
}

function fill(template: Template, nonce: string, visitor: VisitorParts | null): Uint8Array<ArrayBuffer> {
  const island = visitor
    ? `<script type="application/json" id="${VISITOR_ISLAND_ID}">${JSON.stringify(visitor.island).replace(/</g, "\\u003c")}</script>`
    : "";
  const values: Record<Hole, Buffer> = {
    nonce: Buffer.from(nonce),
    island: Buffer.from(island),
    cartCount: Buffer.from(escapeHtml(visitor?.slots.cartCount ?? "")),
  };
  const pieces = template.parts.flatMap((part, index) =>
    index === 0 ? [part] : [values[template.holes[index - 1]!], part],
  );
  const body = Buffer.concat(pieces);
  return new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
}

const isHtml = (headers: Headers | [string, string][]) =>
  (new Headers(headers).get("content-type") ?? "").startsWith("text/html");

function cacheKey(request: Request, kind: string): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "") || "/";
  if (!CACHEABLE_PATHS.has(path)) return null;
  if (PRIVATE_PATHS.has(path) && request.headers.has("cookie")) return null;
  return `${kind}|${url.href}`;
}

async function store(response: Response): Promise<CachedPage | null> {
  if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) return null;
  const body = await response.text();
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => name !== "content-length"),
    template: toTemplate(body, nonce),
    expires: Date.now() + contentCacheTtlMs(),
  };
}

/** A cached page for this visitor: a fresh nonce, the visitor's parts in their holes. */
function answer(page: CachedPage, visitor: VisitorParts | null): Response {
  const headers = new Headers(page.headers);
  const csp = headers.get("content-security-policy");
  const oldNonce = csp ? /'nonce-([^']+)'/.exec(csp)?.[1] : undefined;
  const nonce = oldNonce ? createNonce() : "";
  if (csp && oldNonce) headers.set("content-security-policy", csp.replaceAll(oldNonce, nonce));
  return new Response(fill(page.template, nonce, visitor), { status: page.status, headers });
}

/** A rendered HTML answer with the visitor's parts filled in (its own nonce is left as it is). */
async function splice(response: Response, visitor: VisitorParts): Promise<Response> {
  const template = toTemplate(await response.text(), null);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(fill(template, "", visitor), { status: response.status, headers });
}

/** Pages are the visitor's own: no shared cache between the server and the browser may keep them. */
function markPrivate(response: Response): Response {
  if (!response.headers.has("cache-control")) response.headers.set("Cache-Control", "private, no-cache");
  return response;
}

export function createPageMiddleware(options: PageMiddlewareOptions): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    /** The visitor's parts, for an HTML answer (a `.data` answer has no holes to fill). */
    const partsFor = (headers: Headers | [string, string][]) =>
      isHtml(headers) ? options.partsOf(request, context) : Promise.resolve(null);
    /** A page not from the cache: rendered for this request, its visitor's parts filled in. */
    const rendered = async (response: Response) => {
      if (!response.body || !isHtml(response.headers)) return response;
      return markPrivate(await splice(response, await options.partsOf(request, context)));
    };
    const fromCache = async (page: CachedPage) => markPrivate(answer(page, await partsFor(page.headers)));

    const key = contentCacheTtlMs() > 0 ? cacheKey(request, options.kindOf(context)) : null;
    if (!key) return rendered(await next());

    let entry = entries.get(key);
    if (entry?.page && (entry.page.expires > Date.now() || entry.rendering)) return fromCache(entry.page);
    if (entry?.rendering) {
      const page = await entry.rendering;
      if (page) return fromCache(page);
      return rendered(await next()); // that render could not be kept: render this one on its own
    }

    // This request renders; the ones arriving meanwhile wait for it, or get the expired copy.
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
      page = await store(response);
      return page ? fromCache(page) : rendered(response);
    } finally {
      current.rendering = null;
      if (page) current.page = page;
      else if (!current.page && entries.get(key) === current) entries.delete(key);
      resolve(page);
    }
  };
}
