import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./csrf.server.ts";

const post = (headers: Record<string, string>) =>
  new Request("http://app.internal:3000/pesanan", { method: "POST", headers });

describe("cross-site requests", () => {
  it("refuses what the browser marks as cross-site, and an Origin that is not this host", () => {
    expect(
      isCrossSiteRequest(post({ host: "nyala.example", "sec-fetch-site": "cross-site" }), { trustProxy: 0 }),
    ).toBe(true);
    expect(
      isCrossSiteRequest(post({ host: "nyala.example", origin: "https://evil.example" }), { trustProxy: 0 }),
    ).toBe(true);
    expect(isCrossSiteRequest(post({ host: "nyala.example", origin: "null" }), { trustProxy: 0 })).toBe(true);
    expect(
      isCrossSiteRequest(post({ host: "nyala.example", origin: "https://nyala.example" }), { trustProxy: 0 }),
    ).toBe(false);
    expect(
      isCrossSiteRequest(post({ host: "Nyala.Example", origin: "https://nyala.example" }), { trustProxy: 0 }),
    ).toBe(false);
    // No Origin and no Sec-Fetch-Site: not a browser carrying someone's cookie.
    expect(isCrossSiteRequest(post({ host: "nyala.example" }), { trustProxy: 0 })).toBe(false);
  });

  it("with TRUST_PROXY=0 an X-Forwarded-Host is nobody's word: it cannot make another origin look like this one", () => {
    const forged = post({
      host: "nyala.example",
      origin: "https://evil.example",
      "x-forwarded-host": "evil.example",
    });
    expect(isCrossSiteRequest(forged, { trustProxy: 0 })).toBe(true);
    // Nor does it take away this host: a same-site form still passes.
    const sameSite = post({
      host: "nyala.example",
      origin: "https://nyala.example",
      "x-forwarded-host": "evil.example",
    });
    expect(isCrossSiteRequest(sameSite, { trustProxy: 0 })).toBe(false);
  });

  it("behind trusted proxies the public host is the one they forwarded (the n-th from the right)", () => {
    const viaProxy = (forwardedHost: string, origin: string) =>
      post({ host: "app.internal:3000", origin, "x-forwarded-host": forwardedHost });
    expect(isCrossSiteRequest(viaProxy("nyala.example", "https://nyala.example"), { trustProxy: 1 })).toBe(
      false,
    );
    expect(isCrossSiteRequest(viaProxy("nyala.example", "https://evil.example"), { trustProxy: 1 })).toBe(
      true,
    );
    // A client's own X-Forwarded-Host in front of what the proxy added is not believed.
    expect(
      isCrossSiteRequest(viaProxy("evil.example, nyala.example", "https://evil.example"), { trustProxy: 1 }),
    ).toBe(true);
    expect(
      isCrossSiteRequest(viaProxy("evil.example, nyala.example", "https://nyala.example"), { trustProxy: 1 }),
    ).toBe(false);
    expect(
      isCrossSiteRequest(viaProxy("nyala.example, app.internal:3000", "https://nyala.example"), {
        trustProxy: 2,
      }),
    ).toBe(false);
  });

  it("SITE_URL's origin is this site whatever the proxies say", () => {
    const request = post({ host: "app.internal:3000", origin: "https://nyala.example" });
    expect(isCrossSiteRequest(request, { trustProxy: 0, siteUrl: "https://nyala.example" })).toBe(false);
    expect(isCrossSiteRequest(request, { trustProxy: 0 })).toBe(true);
    const evil = post({ host: "app.internal:3000", origin: "https://evil.example" });
    expect(isCrossSiteRequest(evil, { trustProxy: 0, siteUrl: "https://nyala.example" })).toBe(true);
  });

  it("never refuses a GET, HEAD or OPTIONS", () => {
    const get = new Request("http://nyala.example/beranda", { headers: { origin: "https://evil.example" } });
    expect(isCrossSiteRequest(get, { trustProxy: 0 })).toBe(false);
  });
});
