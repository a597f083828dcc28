import { randomBytes } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { invalidateContentCache } from "./content-cache.server.ts";
import { clearPageCache, pageCacheMiddleware } from "./page-cache.server.ts";

/** What the renderer downstream does: a page whose scripts and CSP carry a fresh nonce. */
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
    const body = `<html><script nonce="${nonce}">1</script><p>${init.text ?? "render " + renders}</p></html>`;
    return new Response(body, { status: init.status ?? 200, headers });
  };
}

function request(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Request(`http://localhost:3000${path}`, { method, headers });
}

async function run(req: Request, next = render()) {
  const response = (await pageCacheMiddleware(
    {
      request: req,
      context: new RouterContextProvider(),
      params: {},
      url: new URL(req.url),
      pattern: "",
    } as never,
    next,
  )) as Response;
  const body = await response.text();
  const cspNonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const bodyNonces = [...new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))];
  return { response, body, cspNonce, bodyNonces };
}

beforeEach(() => {
  clearPageCache();
  renders = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Moves Date.now() past the cache's lifetime (CATALOG_CACHE_MS, 2 s by default). */
function later(ms = 2_500) {
  const now = Date.now();
  vi.spyOn(Date, "now").mockReturnValue(now + ms);
}

describe("page cache for cookie-less visitors", () => {
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

  it("never serves or stores a page for a request with a cookie, a POST, or a private path", async () => {
    await run(request("/produk"));
    const signedIn = await run(
      request("/produk", { cookie: "nyala_session=abc" }),
      render({ text: "Keluar" }),
    );
    expect(signedIn.body).toContain("Keluar");
    const post = await run(request("/produk", {}, "POST"), render({ text: "post" }));
    expect(post.body).toContain("post");
    await run(request("/admin/users"), render({ text: "admin 1" }));
    const adminAgain = await run(request("/admin/users"), render({ text: "admin 2" }));
    expect(adminAgain.body).toContain("admin 2");
    expect((await run(request("/produk"))).body).toContain("render 1");
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
    let finish!: () => void;
    const slowRender = async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return render({ text: "harga baru" })();
    };
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
    let finish!: () => void;
    const slowRender = async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return render({ text: "promo baru" })();
    };
    const first = run(request("/beranda"), slowRender);
    const waiting = run(request("/beranda"), render({ text: "tidak dipakai" }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    finish();
    expect((await first).body).toContain("promo baru");
    expect((await waiting).body).toContain("promo baru");
  });
});
