import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getClientAddress, PEER_ADDRESS_HEADER } from "./client-address.server.ts";
import { normalizeAddress } from "./client-address.ts";

const request = (headers: Record<string, string>) => new Request("http://localhost/masuk", { headers });

describe("client address", () => {
  it("counts IPv4 as is, IPv6 per /64, mapped IPv4 as IPv4", () => {
    expect(normalizeAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeAddress("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("[2001:DB8::1]")).toBe("2001:db8:0:0::/64");
    expect(normalizeAddress("::1")).toBe("0:0:0:0::/64");
    expect(normalizeAddress("bukan alamat")).toBe("unknown");
    expect(normalizeAddress(null)).toBe("unknown");
  });

  it("uses the peer address and ignores X-Forwarded-For unless proxies are trusted", () => {
    const forged = request({ [PEER_ADDRESS_HEADER]: "198.51.100.1", "x-forwarded-for": "10.9.9.9" });
    expect(getClientAddress(forged, 0)).toBe("198.51.100.1");
  });

  it("with TRUST_PROXY=n takes the n-th address from the right of X-Forwarded-For", () => {
    const viaProxies = request({
      [PEER_ADDRESS_HEADER]: "127.0.0.1",
      "x-forwarded-for": "6.6.6.6, 203.0.113.9, 192.0.2.10",
    });
    expect(getClientAddress(viaProxies, 1)).toBe("192.0.2.10");
    expect(getClientAddress(viaProxies, 2)).toBe("203.0.113.9");
  });

  describe("on a real Node server", () => {
    let server: http.Server;
    let seen: string | undefined;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        seen = req.headers[PEER_ADDRESS_HEADER] as string | undefined;
        res.end("ok");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("overwrites a peer-address header the client forged", async () => {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_ADDRESS_HEADER]: "6.6.6.6" } });
      expect(seen).toBe("127.0.0.1");
    });
  });
});
