import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { invalidateContentCache } from "./content-cache.server.ts";
import { clearPageCache, createPageCache, SLOT_MARKERS } from "./page-cache.server.ts";
import { VISITOR_ISLAND_ID } from "./visitor-island.ts";

// What the renderer downstream does: a fresh nonce in scripts and CSP, the cart's count as the slot's marker.
let renders = 0;
function render(init: { status?: number; setCookie?: boolean; text?: string } = {}) {
  return async () => {
    renders++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const nonce = randomBytes(16).toString("base64");
    const headers = new Headers({
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'`,
    });
    if (init.setCookie) headers.set("set-cookie", "nyala_session=x; HttpOnly");
    const body =
      `<html><head><script nonce="${nonce}">1</script></head><body>` +
      `<span data-testid="cart-count">${SLOT_MARKERS.cartCount}</span><p>${init.text ?? "render " + renders}</p></body></html>`;
    return new Response(body, { status: init.status ?? 200, headers });
  };
}

/** A render that answers only after `finish()`. */
function heldRender(text: string) {
  let release!: () => void;
  const slowRender = async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return render({ text })();
  };
  return { slowRender, finish: () => release() };
}

/** The visitor, as the root's middleware would know it: here from two test headers. */
const pages = createPageCache({
  kindOf: () => currentKind,
  partsOf: async (request) => {
    const count = request.headers.get("x-count") ?? "0";
    return { slots: { cartCount: count }, island: { cart: { count: Number(count), version: 1 } } };
  },
  cookieless: { kind: "", parts: { slots: { cartCount: "0" }, island: { cart: { count: 0, version: 1 } } } },
});
const pageMiddleware = pages.middleware;
let currentKind = "";

function request(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Request(`http://localhost:3000${path}`, { method, headers });
}

/** The body as the browser reads it, decompressed as its Content-Encoding says. */
function decoded(headers: Headers | Map<string, string>, bytes: Buffer): string {
  const encoding = headers.get("content-encoding");
  const inflate =
    encoding === "br" ? zlib.brotliDecompressSync : encoding === "gzip" ? zlib.gunzipSync : null;
  return (inflate ? inflate(bytes) : bytes).toString("utf8");
}

async function run(req: Request, next = render(), kind = "") {
  currentKind = kind;
  const response = (await pageMiddleware(
    {
      request: req,
      context: new RouterContextProvider(),
      params: {},
      url: new URL(req.url),
      pattern: "",
    } as never,
    next,
  )) as Response;
  const body = decoded(response.headers, Buffer.from(await response.arrayBuffer()));
  const cspNonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const bodyNonces = [...new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))];
  const count = /data-testid="cart-count">([^<]*)</.exec(body)?.[1];
  const island = new RegExp(
    `<script type="application/json" id="${VISITOR_ISLAND_ID}">([^<]*)</script></head>`,
  ).exec(body)?.[1];
  return { response, body, cspNonce, bodyNonces, count, island: island ? JSON.parse(island) : null };
}

beforeEach(() => {
  clearPageCache();
  renders = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Moves Date.now() past the cache's lifetime. */
function later(ms = 2_500) {
  const now = Date.now();
  vi.spyOn(Date, "now").mockReturnValue(now + ms);
}

describe("page cache", () => {
  it("renders a public page once, and every answer carries its own nonce, matching its CSP", async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => run(request("/produk"))));
    const later = await run(request("/produk"));
    expect(renders).toBe(1);
    const nonces = [...answers, later].map((answer) => {
      expect(answer.bodyNonces).toEqual([answer.cspNonce]);
      expect(answer.body).toContain("render 1");
      expect(answer.body).not.toContain("NYALA_NONCE");
      return answer.cspNonce;
    });
    expect(new Set(nonces).size).toBe(5);
  });

  it("fills every answer with its own visitor's count and island, cached or not, and leaves no marker", async () => {
    const answers = await Promise.all(
      ["3", "0", "17", "3"].map((count) => run(request("/produk", { "x-count": count }, "GET"))),
    );
    expect(renders).toBe(1);
    expect(answers.map((answer) => answer.count)).toEqual(["3", "0", "17", "3"]);
    expect(answers.map((answer) => answer.island)).toEqual(
      ["3", "0", "17", "3"].map((count) => ({ cart: { count: Number(count), version: 1 } })),
    );
    for (const answer of answers) {
      expect(answer.body).not.toContain(SLOT_MARKERS.cartCount);
      expect(answer.response.headers.get("cache-control")).toBe("private, no-cache");
    }
    // A page that is never cached is filled in the same way.
    const admin = await run(request("/admin/users", { "x-count": "5" }), render({ text: "admin" }));
    expect([admin.count, admin.island, admin.body.includes(SLOT_MARKERS.cartCount)]).toEqual([
      "5",
      { cart: { count: 5, version: 1 } },
      false,
    ]);
  });

  it("keeps one rendering per kind of visitor: nobody known, a customer, an admin", async () => {
    await run(request("/produk"), render({ text: "pengunjung" }), "");
    await run(request("/produk"), render({ text: "pelanggan" }), "customer");
    await run(request("/produk"), render({ text: "admin" }), "admin");
    expect(renders).toBe(3);
    expect((await run(request("/produk"), render(), "customer")).body).toContain("pelanggan");
    expect((await run(request("/produk"), render(), "admin")).body).toContain("admin");
    expect((await run(request("/produk"), render(), "")).body).toContain("pengunjung");
    expect(renders).toBe(3);
  });

  it("never serves or stores a POST, a page off the list, or the cart page of a visitor with a cookie", async () => {
    await run(request("/produk"));
    const post = await run(request("/produk", {}, "POST"), render({ text: "post" }));
    expect(post.body).toContain("post");
    await run(request("/admin/users"), render({ text: "admin 1" }));
    const adminAgain = await run(request("/admin/users"), render({ text: "admin 2" }));
    expect(adminAgain.body).toContain("admin 2");
    expect((await run(request("/produk"))).body).toContain("render 1");
    await run(request("/keranjang", { cookie: "nyala_keranjang=a.b" }), render({ text: "keranjang A" }));
    const other = await run(
      request("/keranjang", { cookie: "nyala_keranjang=c.d" }),
      render({ text: "keranjang B" }),
    );
    expect(other.body).toContain("keranjang B");
    await run(request("/keranjang"), render({ text: "kosong" }));
    expect((await run(request("/keranjang"), render({ text: "lagi" }))).body).toContain("kosong");
  });

  it("keeps data answers (client navigations) per kind as they are", async () => {
    const data = async () => {
      renders++;
      return new Response('{"produk":1}', { headers: { "content-type": "text/x-script" } });
    };
    await run(request("/produk.data"), data, "customer");
    const again = await run(request("/produk.data", { "x-count": "9" }), data, "customer");
    expect(again.body).toBe('{"produk":1}');
    expect(renders).toBe(1);
  });

  it("does not keep answers that set a cookie or are not 200", async () => {
    await run(request("/beranda"), render({ setCookie: true, text: "with cookie" }));
    expect((await run(request("/beranda"), render({ text: "fresh" }))).body).toContain("fresh");
    await run(request("/tentang"), render({ status: 500, text: "error" }));
    expect((await run(request("/tentang"), render({ text: "ok now" }))).body).toContain("ok now");
  });

  it("is cleared when the catalog changes", async () => {
    await run(request("/produk"), render({ text: "harga lama" }));
    expect((await run(request("/produk"), render({ text: "harga baru" }))).body).toContain("harga lama");
    invalidateContentCache();
    expect((await run(request("/produk"), render({ text: "harga baru" }))).body).toContain("harga baru");
  });

  it("keys by the full URL, so another host or query is rendered separately", async () => {
    await run(request("/produk"), render({ text: "localhost" }));
    const other = new Request("http://contoh.test/produk");
    expect((await run(other, render({ text: "contoh" }))).body).toContain("contoh");
    expect((await run(request("/produk?utm=1"), render({ text: "query" }))).body).toContain("query");
  });

  it("renders an expired page again once; meanwhile the others get the expired copy, then the new one", async () => {
    await run(request("/produk"), render({ text: "harga lama" }));
    later();
    const { slowRender, finish } = heldRender("harga baru");
    const refreshing = run(request("/produk"), slowRender);
    const meanwhile = await Promise.all(
      [1, 2, 3].map(() => run(request("/produk"), render({ text: "lagi" }))),
    );
    for (const answer of meanwhile) {
      expect(answer.body).toContain("harga lama");
      expect(answer.bodyNonces).toEqual([answer.cspNonce]);
    }
    finish();
    expect((await refreshing).body).toContain("harga baru");
    expect((await run(request("/produk"), render({ text: "lagi" }))).body).toContain("harga baru");
    expect(renders).toBe(2);
  });

  it("never serves the copy from before a catalog change, not even while rendering the new one", async () => {
    await run(request("/beranda"), render({ text: "promo lama" }));
    later();
    invalidateContentCache();
    const { slowRender, finish } = heldRender("promo baru");
    const first = run(request("/beranda"), slowRender);
    const waiting = run(request("/beranda"), render({ text: "tidak dipakai" }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    finish();
    expect((await first).body).toContain("promo baru");
    expect((await waiting).body).toContain("promo baru");
  });

  it("compresses a page once per encoding: each answer, gzip or Brotli, is the plain page with its own visitor's parts", async () => {
    const counts = ["3", "0", "17", "3", "120", "0"];
    const encodings = ["br", "gzip", "identity", "gzip, deflate, br, zstd", "gzip", "br"];
    const answers = await Promise.all(
      counts.map((count, index) =>
        run(request("/produk", { "x-count": count, "accept-encoding": encodings[index]! })),
      ),
    );
    expect(renders).toBe(1);
    expect(answers.map((answer) => answer.response.headers.get("content-encoding"))).toEqual([
      "br",
      "gzip",
      null,
      "br",
      "gzip",
      "br",
    ]);
    const plain = answers[2]!;
    /** The page with what differs per answer (nonce, count) blanked out. */
    const shared = (answer: (typeof answers)[number]) =>
      answer.body
        .replaceAll(answer.cspNonce!, "N")
        .replace(/>\d+</g, ">C<")
        .replace(/"count":\d+/, '"count":C');
    for (const [index, answer] of answers.entries()) {
      expect(answer.count).toBe(counts[index]);
      expect(answer.island).toEqual({ cart: { count: Number(counts[index]), version: 1 } });
      expect(answer.bodyNonces).toEqual([answer.cspNonce]);
      expect(shared(answer)).toBe(shared(plain));
      expect(answer.response.headers.get("vary")).toBe("Accept-Encoding");
      expect(Number(answer.response.headers.get("content-length"))).toBeGreaterThan(0);
    }
  });

  it("answers a request without cookies from the cache, as nobody, once a render has put the page there", async () => {
    const url = new URL("http://localhost:3000/beranda");
    expect(await pages.answerWithoutCookies(url, "br")).toBeNull();
    await run(request("/beranda", { "x-count": "4" }), render({ text: "beranda" }));
    await run(request("/beranda"), render({ text: "pelanggan" }), "customer");
    const answer = (await pages.answerWithoutCookies(url, "gzip, br"))!;
    const headers = new Map(answer.headers);
    const body = decoded(headers, Buffer.concat(answer.body));
    expect(headers.get("content-encoding")).toBe("br");
    expect(body).toContain("beranda");
    expect(/data-testid="cart-count">([^<]*)</.exec(body)?.[1]).toBe("0");
    const nonce = /'nonce-([^']+)'/.exec(headers.get("content-security-policy")!)?.[1];
    expect([...new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))]).toEqual([nonce]);
    expect(renders).toBe(2);
    // Data answers keep to React Router's path.
    await run(
      request("/beranda.data"),
      async () => new Response("{}", { headers: { "content-type": "text/x-script" } }),
    );
    expect(await pages.answerWithoutCookies(new URL("http://localhost:3000/beranda.data"), null)).toBeNull();
  });
});
